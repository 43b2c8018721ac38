// Front door of features/settings: the studio's settings.
// Other modules import it only from here, and its tables from db/schema.ts (docs/decisions/038-module-front-doors.md).
export { readSettings } from './settings.service.js';
