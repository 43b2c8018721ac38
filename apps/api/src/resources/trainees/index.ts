// Front door of resources/trainees: trainees and their payment schedules.
// Other modules import it only from here, and its tables from db/schema.ts (docs/decisions/038-module-front-doors.md).
export { overdueAmount, overdueTrainees, readSchedule, refOf, scheduleLines, TRAINEE_KIND_TABLES, traineeRef, traineeWithProgram, type TraineeWithProgram, writeSchedule } from './trainee-schedule.js';
export { inSessionOn } from './trainees.columns.js';
