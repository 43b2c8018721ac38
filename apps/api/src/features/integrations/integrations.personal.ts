import type { PersonalJsonStore } from '../../crud/personal-data.js';
import { providerEventsTable } from './integrations.table.js';

/** A provider's event keeps the payer's name and narration as they came: an erase scrubs them like the log's. */
export const providerEventsPersonal: PersonalJsonStore = { table: providerEventsTable, key: 'id', columns: ['payload', 'detail'] };
