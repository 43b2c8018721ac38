// Front door of features/integrations: Paystack and the dedicated accounts.
// Other modules import it only from here, and its tables from db/schema.ts (docs/decisions/038-module-front-doors.md).
export { ownAccountOf } from './own-account.js';
