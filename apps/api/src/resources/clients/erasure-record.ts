import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { ensurePrivateDir, fsyncPath } from '../../db/data-dir.js';
import { eraseClient, type PersonalRegistry } from './clients.service.js';
import { clientsTable } from './clients.table.js';

// An erasure outlives a restore (issue 28, item 8): each one is also written to DATA_DIR/erasures.jsonl, a file beside
// the database that no backup holds and no restore replaces, with the client's id and the time only (no personal
// detail). At each start the server erases again every client named there whom the database holds unerased: the
// restore of a backup older than an erasure brings the person back only until the server starts on it.

export const erasureRecordFile = (dataDir: string) => path.join(dataDir, 'erasures.jsonl');

interface ErasureLine {
  client_id: number;
  erased_at: string;
}

/** Appends one erasure, flushed to disk. Called after the erasure committed. */
export function recordErasure(dataDir: string, clientId: number, erasedAt: Date): void {
  ensurePrivateDir(dataDir);
  const file = erasureRecordFile(dataDir);
  const fd = fs.openSync(file, 'a', 0o600);
  try {
    fs.writeSync(fd, `${JSON.stringify({ client_id: clientId, erased_at: erasedAt.toISOString() } satisfies ErasureLine)}\n`);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  fsyncPath(dataDir);
}

/** The erasures on record; a damaged line (a write cut by a power cut) is skipped. */
export function readErasures(dataDir: string): ErasureLine[] {
  const file = erasureRecordFile(dataDir);
  if (!fs.existsSync(file)) return [];
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .flatMap((line) => {
      try {
        const e = JSON.parse(line) as ErasureLine;
        return Number.isInteger(e.client_id) && typeof e.erased_at === 'string' ? [e] : [];
      } catch {
        return [];
      }
    });
}

/**
 * Erases again each client on record whom the database holds with details (after the restore of an older backup).
 * Answers the ids erased again. A client the database does not hold (a backup older than the client) is skipped.
 */
export async function reapplyErasures(db: Db, registry: PersonalRegistry, dataDir: string): Promise<number[]> {
  const again: number[] = [];
  for (const e of readErasures(dataDir)) {
    const [client] = await db.select({ erased_at: clientsTable.erased_at, merged: clientsTable.merged_into_id }).from(clientsTable).where(eq(clientsTable.id, e.client_id)).limit(1);
    if (!client || client.erased_at || client.merged) continue;
    await db.transaction((tx) => eraseClient(tx, registry, e.client_id, `Erased on ${e.erased_at.slice(0, 10)}; erased again after a restore of an older backup`, null));
    again.push(e.client_id);
  }
  return again;
}
