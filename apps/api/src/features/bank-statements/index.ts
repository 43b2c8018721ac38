// Front door of features/bank-statements: bank statements matched to transfers.
// Other modules import it only from here, and its tables from db/schema.ts (docs/decisions/038-module-front-doors.md).
// The owner's digest counts the credits nothing explains (decision 042).
export { unmatchedCredits } from './bank-statements.service.js';
