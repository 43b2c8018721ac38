import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { studioDate } from '@studio/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { scheduleBackups, type BackupSchedule } from '../src/db/backup-schedule.js';
import { listBackups } from '../src/db/backup.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

// No mock here: the running server's backup schedule (as server.ts starts it) and a real close.
let t: TestApp;
let admin: string;
let schedule: BackupSchedule;
let dir: string;
const log = vi.fn<(line: string) => void>();
const warn = vi.fn<(line: string) => void>();

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'studio-close-backups-'));
  schedule = scheduleBackups({ database: t.database, dir, databaseUrl: t.databaseUrl ?? undefined, checkMs: 3600_000, log, warn });
});
afterAll(async () => {
  await schedule.stop();
  await t.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const mentions = (fn: typeof log, word: string) => fn.mock.calls.some(([line]) => line.includes(word));

describe('a day close and the backup schedule', () => {
  it('a close makes the running schedule take a backup named for the close; a refused close does not', async () => {
    const url = `/api/day-close/salon/${studioDate(new Date(), 'Africa/Lagos')}`;
    const body = { counted: { cash: 0, transfer: 0, card: 0, pos: 0 } };
    // the schedule's first hourly check may run meanwhile: only "close" backups count below
    await vi.waitFor(() => expect(log.mock.calls.length + warn.mock.calls.length).toBeGreaterThan(0), { timeout: 30_000 });
    expect(mentions(log, '-close.') || mentions(warn, 'close backup')).toBe(false);

    expect((await t.call(admin, { method: 'POST', url, payload: body })).statusCode).toBe(201);
    if (t.database.kind === 'postgres') {
      // pg_dump of the test database, named with the reason
      await vi.waitFor(() => expect(listBackups(dir).filter((b) => b.name.endsWith('-close.pg.tar'))).toHaveLength(1), { timeout: 60_000 });
      expect(mentions(log, '-close.pg.tar')).toBe(true);
    } else {
      // the tests' embedded database lives in memory, with no data folder to copy: the schedule was asked, and says why it could not
      await vi.waitFor(() => expect(mentions(warn, 'The close backup failed: Only an embedded database with a data folder')).toBe(true), { timeout: 30_000 });
    }
    const asked = log.mock.calls.length + warn.mock.calls.length;

    expect((await t.call(admin, { method: 'POST', url, payload: body })).statusCode).toBe(422);
    await new Promise((r) => setTimeout(r, 500));
    expect(log.mock.calls.length + warn.mock.calls.length).toBe(asked);
  });
});
