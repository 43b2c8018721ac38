// Front door of resources/users: staff accounts.
// Other modules import it only from here, and its tables from db/schema.ts (docs/decisions/038-module-front-doors.md).
export { usersModule } from './users.module.js';
