// The embedded database's directory lock: PGlite is a single-process database, and two processes writing one data
// directory corrupt it. The lock file names its holder (pid and start time); a lock whose holder is gone is taken over.
import fs from 'node:fs';
import path from 'node:path';

const LOCK_FILE = 'finder.lock';

export class DataDirInUseError extends Error {
  override name = 'DataDirInUseError';
}

function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * When the process with this id started (clock ticks since boot, field 22 of /proc/<pid>/stat); null where /proc
 * is not there (macOS, Windows) or the process is gone. Together with the pid it names one process: ids are reused.
 */
export function processStartTime(pid: number): string | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Field 2 (the command name) is in parentheses and may itself hold spaces and parentheses.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return fields[22 - 3] ?? null;
  } catch {
    return null;
  }
}

/** What a lock file says about its holder: {pid, startTime} now; a bare pid in files of earlier versions. */
type LockHolder = { pid: number; startTime: string | null };

function readLockHolder(text: string): LockHolder | null {
  try {
    const parsed = JSON.parse(text) as unknown;
    if (typeof parsed === 'number') return Number.isInteger(parsed) ? { pid: parsed, startTime: null } : null;
    const { pid, startTime } = (parsed ?? {}) as { pid?: unknown; startTime?: unknown };
    if (typeof pid !== 'number' || !Number.isInteger(pid)) return null;
    return { pid, startTime: typeof startTime === 'string' ? startTime : null };
  } catch {
    return null;
  }
}

/**
 * True while the lock's holder still runs. A pid alone is not enough: after a crash and reboot (or in a new
 * container) the recorded id may belong to an unrelated live process, which would block every start. So the
 * process start time recorded with it must match too, where the system tells it.
 */
function holderIsAlive(holder: LockHolder): boolean {
  if (holder.pid === process.pid || !processIsAlive(holder.pid)) return false;
  if (holder.startTime === null) return true;
  const now = processStartTime(holder.pid);
  return now === null || now === holder.startTime;
}

/**
 * PGlite is a single-process database: two processes writing one data dir corrupt it.
 * The lock file names the owner (pid and start time); a lock whose owner is gone is taken over.
 */
export function acquireDirLock(dir: string): () => void {
  fs.mkdirSync(dir, { recursive: true });
  const lockPath = path.join(dir, LOCK_FILE);
  const mine = JSON.stringify({ pid: process.pid, startTime: processStartTime(process.pid) });
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = fs.openSync(lockPath, 'wx');
      fs.writeSync(fd, mine);
      fs.closeSync(fd);
      return () => {
        try {
          if (fs.readFileSync(lockPath, 'utf8') === mine) fs.unlinkSync(lockPath);
        } catch {
          // Already gone.
        }
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const holder = readLockHolder(fs.readFileSync(lockPath, 'utf8'));
      if (holder && holderIsAlive(holder)) {
        throw new DataDirInUseError(
          `The embedded database in ${dir} is already open in process ${holder.pid}. ` +
            'Only one process may use a PGlite data directory: stop the other process, choose another DATA_DIR, ' +
            'or set DATABASE_URL to share a PostgreSQL server between processes.',
        );
      }
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new DataDirInUseError(`Could not lock the embedded database in ${dir}.`);
}
