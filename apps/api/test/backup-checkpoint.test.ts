import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { scheduleBackups, type BackupSchedule } from '../src/db/backup-schedule.js';
import { timestamp } from '../src/db/data-dir.js';
import { posHelpers } from './helpers/pos.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

// The embedded database has no checkpointer: between two hourly backups the schedule takes a checkpoint
// whenever there was trade since the last one, so the next backup's checkpoint (which a sale arriving in it
// waits for) has minutes of changes to write, not an hour's.
let t: TestApp;
let admin: string;
let schedule: BackupSchedule | undefined;
let dir: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'studio-checkpoint-'));
  // a backup taken just now: no hourly backup is due during the test
  fs.writeFileSync(path.join(dir, `studio-${timestamp()}-hourly.tar.gz`), '');
});
afterAll(async () => {
  await schedule?.stop();
  await t.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('checkpoints between backups (embedded database)', () => {
  it('a check after trade takes a checkpoint at a quiet moment; a check after none does not', async () => {
    const pglite = t.database.pglite;
    if (!pglite) return; // PostgreSQL runs its own checkpointer
    const redo = async () => ((await pglite.query<{ lsn: string }>('select checkpoint_lsn::text as lsn from pg_control_checkpoint()')).rows[0]!.lsn);
    const warn = vi.fn<(line: string) => void>();
    schedule = scheduleBackups({ database: t.database, dir, checkMs: 300, everyMs: 3600_000, log: () => {}, warn });
    // no trade yet: checks come and go without a checkpoint
    const before = await redo();
    await new Promise((r) => setTimeout(r, 1000));
    expect(await redo()).toBe(before);

    // a sale, seen by the schedule's request hooks as the server's are
    schedule.requestStarted();
    const pos = posHelpers(t, () => admin);
    const p = await pos.product({ quantity: 3 });
    expect((await pos.sell(admin, { items: [{ product_id: p.id, quantity: 1 }] })).statusCode).toBe(201);
    schedule.requestEnded();
    await vi.waitFor(async () => expect(await redo()).not.toBe(before), { timeout: 15_000, interval: 200 });
    expect(warn).not.toHaveBeenCalled();
    expect(fs.readdirSync(dir)).toHaveLength(1); // no backup was taken for it
  });
});
