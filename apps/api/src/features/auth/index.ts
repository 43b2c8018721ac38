// Front door of features/auth: sign-in, its throttle, passwords and the first admin.
// Other modules import it only from here, and its tables from db/schema.ts (docs/decisions/038-module-front-doors.md).
export { checkCredentials } from './check-credentials.js';
export { ensureFirstAdmin, ignoredAdminSettings } from './first-admin.js';
export { LoginThrottle, type LoginThrottleOptions } from './login-throttle.js';
export { hashPassword } from './passwords.js';
