// Front door of features/pay: pay runs and payslips.
// Other modules import it only from here, and its tables from db/schema.ts (docs/decisions/038-module-front-doors.md).
export { computePay, draftPayRun } from './pay-runs.service.js';
