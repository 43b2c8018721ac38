import fs from 'node:fs';
import path from 'node:path';

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export class DataDirLockedError extends Error {}

/** The pid of the live process that owns the data folder, if one does. */
export function lockOwner(dataDir: string): number | undefined {
  try {
    const owner = Number(fs.readFileSync(path.join(dataDir, 'studio.lock'), 'utf8'));
    return owner && owner !== process.pid && alive(owner) ? owner : undefined;
  } catch {
    return undefined;
  }
}

/**
 * One process owns a PGlite data folder. A lock file holds the owner's pid; a
 * lock left by a process that has died is taken over. Returns the release function.
 */
export function acquireDataDirLock(dataDir: string): () => void {
  const lockPath = path.join(dataDir, 'studio.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockPath, String(process.pid), { flag: 'wx' });
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        try {
          if (fs.readFileSync(lockPath, 'utf8') === String(process.pid)) fs.unlinkSync(lockPath);
        } catch {
          /* already gone */
        }
      };
      process.once('exit', release);
      return release;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const owner = Number(fs.readFileSync(lockPath, 'utf8'));
      if (owner && owner !== process.pid && alive(owner)) {
        throw new DataDirLockedError(
          `The data folder ${dataDir} is in use by another process (pid ${owner}). Stop that process first; two processes writing one embedded database would corrupt it.`,
        );
      }
      fs.unlinkSync(lockPath); // stale lock from a process that died
    }
  }
  throw new DataDirLockedError(`Could not lock ${dataDir}.`);
}
