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
  it('allows imports that flow one way', () => {
    expect(checkFile('apps/web/src/features/users/users.ui.tsx', "import { a } from '../../crud/resource-list-page';\nimport { users } from '@studio/shared';")).toEqual([]);
    expect(checkFile('apps/web/src/app/router.tsx', "const P = lazy(() => import('../features/users/users.page'));")).toEqual([]);
  });
  it('passes on the repository as it is', () => {
    expect(checkRepo()).toEqual([]);
  });
});
