import fs from 'node:fs';
import path from 'node:path';

/** The embedded database's cluster inside DATA_DIR. */
export const PGDATA = 'pgdata';
/** Where a first start builds the cluster before renaming it into place (a crash mid-initdb leaves only this). */
export const PGDATA_INITIALIZING = 'pgdata.initializing';

export const DIR_MODE = 0o700;
export const FILE_MODE = 0o600;

/**
 * Everything the app writes from now on is readable by its own user only: the
 * database files hold password hashes and every sale. Node cannot change the
 * umask inside a worker thread (tests); there the chmod walk below still runs.
 */
export function restrictNewFiles(): void {
  try {
    process.umask(0o077);
  } catch {
    /* worker thread */
  }
}

/**
 * Makes a folder and everything under it private to the app's user (0700 folders,
 * 0600 files): folders made by earlier versions hold files at 0666 / 0644.
 * Symbolic links are left alone (their targets are not ours to change).
 * Returns how many entries it changed.
 */
export function restrictTree(root: string): number {
  let changed = 0;
  const visit = (p: string) => {
    let st: fs.Stats;
    try {
      st = fs.lstatSync(p);
    } catch {
      return; // vanished meanwhile
    }
    if (st.isSymbolicLink()) return;
    const want = st.isDirectory() ? DIR_MODE : FILE_MODE;
    if ((st.mode & 0o777) !== want) {
      fs.chmodSync(p, want);
      changed++;
    }
    if (st.isDirectory()) for (const e of fs.readdirSync(p)) visit(path.join(p, e));
  };
  if (fs.existsSync(root)) visit(root);
  return changed;
}

/** Creates a private folder (0700), or makes an existing one private. */
export function ensurePrivateDir(dir: string): void {
  fs.mkdirSync(dir, { recursive: true, mode: DIR_MODE });
  fs.chmodSync(dir, DIR_MODE);
}

/** fsync a file or folder by path (a rename is durable only once its folder is synced). */
export function fsyncPath(p: string): void {
  const fd = fs.openSync(p, 'r');
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

/**
 * Clears what a killed process leaves behind in the data folder. Must be called
 * only while holding the data-folder lock (data-dir-lock.ts): then no other
 * process can be using the cluster, and PostgreSQL's own lock file is stale.
 *
 * - `pgdata/postmaster.pid`: PostgreSQL's lock. A kill between its creation and its
 *   write leaves it empty, and PostgreSQL then refuses to start ("lock file is empty").
 * - `pgdata.initializing`: a first start killed while building the cluster.
 * - `pgdata` without `PG_VERSION`: a cluster that never finished initdb (made by an
 *   earlier version, which built it in place). It never held data; it is kept aside.
 *
 * Returns a line per thing it did, for the start-up log.
 */
export function clearStaleState(dataDir: string): string[] {
  const done: string[] = [];
  const pgdata = path.join(dataDir, PGDATA);
  const pid = path.join(pgdata, 'postmaster.pid');
  if (fs.existsSync(pid)) {
    fs.rmSync(pid, { force: true });
    done.push(`removed a stale ${pid} (left by a process that stopped without closing the database)`);
  }
  const initializing = path.join(dataDir, PGDATA_INITIALIZING);
  if (fs.existsSync(initializing)) {
    fs.rmSync(initializing, { recursive: true, force: true });
    done.push(`removed ${initializing} (a first start that was interrupted)`);
  }
  if (fs.existsSync(pgdata) && !fs.existsSync(path.join(pgdata, 'PG_VERSION'))) {
    const entries = fs.readdirSync(pgdata);
    if (entries.length === 0) {
      fs.rmdirSync(pgdata);
    } else {
      const aside = path.join(dataDir, `pgdata.incomplete-${timestamp()}`);
      fs.renameSync(pgdata, aside);
      done.push(`moved an unfinished cluster (no PG_VERSION) aside to ${aside}`);
    }
  }
  return done;
}

/** 2026-11-23T22-57-11-123Z: sortable, and valid in a file name everywhere. */
export function timestamp(d = new Date()): string {
  return d.toISOString().replace(/[:.]/g, '-');
}
