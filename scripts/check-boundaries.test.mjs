import { describe, expect, it } from 'vitest';
import { checkFile, checkRepo } from './check-boundaries.mjs';

describe('import boundaries', () => {
  it('fires when a feature imports another feature', () => {
    expect(checkFile('apps/web/src/features/pos/pos.page.tsx', "import { x } from '../users/users.ui';")).toHaveLength(1);
  });
  it('fires when lib imports a feature or the shared package imports an app', () => {
    expect(checkFile('apps/web/src/lib/api-client.ts', "import { a } from '../features/auth/login.page';")).toHaveLength(1);
    expect(checkFile('packages/shared/src/index.ts', "export * from '../../../apps/api/src/app.js';")).toHaveLength(1);
    expect(checkFile('apps/api/src/crud/list-query.ts', "import { u } from '../resources/users/users.module.js';")).toHaveLength(1);
  });
  it('fires when the api crud engine imports a resource or feature other than through its registry', () => {
    expect(checkFile('apps/api/src/crud/register-crud-routes.ts', "import { stockFilters } from '../resources/products/products.routes.js';")).toHaveLength(1);
    expect(checkFile('apps/api/src/crud/define-crud-module.ts', "import type { Order } from '../features/pos/orders.service.js';")).toHaveLength(1);
    expect(checkFile('apps/api/src/crud/registry.ts', "import { usersModule } from '../resources/users/users.module.js';")).toEqual([]);
  });
  it('fires when an api resource imports another resource beyond its table or the users types', () => {
    expect(checkFile('apps/api/src/resources/products/products.routes.ts', "import { usersModule } from '../users/users.module.js';")).toHaveLength(1);
    expect(checkFile('apps/api/src/resources/bridal-packages/bridal-packages.module.ts', "import { recordOf } from '../products/products.record.js';")).toHaveLength(1);
    // a value import from users is still a violation; only types and tables cross
    expect(checkFile('apps/api/src/resources/products/products.module.ts', "import { registerUserRoutes } from '../users/users.routes.js';")).toHaveLength(1);
    expect(checkFile('apps/api/src/resources/products/products.table.ts', "import { usersTable } from '../users/users.table.js';")).toEqual([]);
    expect(checkFile('apps/api/src/resources/products/products.module.ts', "import type {\n  UserRow,\n} from '../users/users.routes.js';")).toEqual([]);
    expect(checkFile('apps/api/src/resources/products/products.module.ts', "import { stockOf } from './stock.js';")).toEqual([]);
  });
  it('fires when an api feature imports another feature beyond its declared exceptions', () => {
    expect(checkFile('apps/api/src/features/dashboard/dashboard.routes.ts', "import { dayClose } from '../pos/day-close.routes.js';")).toHaveLength(1);
    expect(checkFile('apps/api/src/features/activity/activity.routes.ts', "import { verifyPassword } from '../auth/passwords.js';")).toHaveLength(1);
    expect(checkFile('apps/api/src/features/dashboard/dashboard.routes.ts', "import { ordersTable } from '../pos/orders.table.js';")).toEqual([]);
    expect(checkFile('apps/api/src/features/pos/orders.routes.ts', "import { createOrder } from './orders.service.js';")).toEqual([]);
    // the till's approval may use the login's sign-in check; no other feature may
    expect(checkFile('apps/api/src/features/pos/discount-approval.ts', "import { checkCredentials } from '../auth/check-credentials.js';")).toEqual([]);
    expect(checkFile('apps/api/src/features/finances/finances.routes.ts', "import { getSettings } from '../settings/settings.service.js';")).toHaveLength(1);
  });
  it('fires when an api plugin imports a feature or resource instead of db/schema', () => {
    expect(checkFile('apps/api/src/plugins/auth.ts', "import { usersTable } from '../resources/users/users.table.js';")).toHaveLength(1);
    expect(checkFile('apps/api/src/plugins/activity-log.ts', "import { hashPassword } from '../features/auth/passwords.js';")).toHaveLength(1);
    // not even a file named registry.ts escapes the plugins rule
    expect(checkFile('apps/api/src/plugins/registry.ts', "import { x } from '../features/pos/orders.routes.js';")).toHaveLength(1);
    expect(checkFile('apps/api/src/plugins/auth.ts', "import { usersTable } from '../db/schema.js';")).toEqual([]);
  });
  it('allows imports that flow one way', () => {
    expect(checkFile('apps/web/src/features/users/users.ui.tsx', "import { a } from '../../crud/resource-list-page';\nimport { users } from '@studio/shared';")).toEqual([]);
    expect(checkFile('apps/web/src/app/router.tsx', "const P = lazy(() => import('../features/users/users.page'));")).toEqual([]);
  });
  it('passes on the repository as it is', () => {
    expect(checkRepo()).toEqual([]);
  });
});
