import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appliedMigrations, assertMigrated, createTestApp, type TestApp } from './helpers/test-app.js';

// Each file's database is a copy of one template migrated per run (global-setup.ts); this is the check
// that the copy is at the latest migration, and that the check would see one missing.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('the test database', () => {
  it('is a copy at the latest migration, and the check fails when the last one is missing', async () => {
    await expect(assertMigrated(t.database)).resolves.toBeUndefined();
    const [last] = await t.database.db.select().from(appliedMigrations).orderBy(desc(appliedMigrations.created_at)).limit(1);
    await t.database.db.delete(appliedMigrations).where(eq(appliedMigrations.created_at, last!.created_at!));
    await expect(assertMigrated(t.database)).rejects.toThrow(/not at the latest migration/);
  });
});
