import type { FastifyBaseLogger } from 'fastify';
import { failureReason, type Storage } from '../../storage/storage';
import type { FileRemovalsRepo } from './file-removals.repo';

/** Keys one sweep tries; the rest wait for the next. */
const SWEEP_BATCH = 200;

/**
 * Stored files to remove, never forgotten (issue 25): a deleted image's files were removed once, after its row was
 * gone, and a storage that refused (full, read-only, unreachable) left them there for good. Now a deletion notes its
 * keys in storage_removals within its own transaction, then removes the files; what the storage refuses stays noted
 * and `sweep` (at start and periodically, images-tasks.ts) tries it again, later each time, until it goes.
 */
export function createFileRemovals(repo: FileRemovalsRepo, storage: Storage, log: Pick<FastifyBaseLogger, 'warn' | 'error'>) {
  /** Tries each key; answers those still there. The noted keys removed are forgotten, the others kept for later. */
  async function attempt(keys: readonly string[]): Promise<string[]> {
    const outcomes = await Promise.allSettled(keys.map((key) => storage.delete(key)));
    const removed: string[] = [];
    const failures: Array<{ key: string; reason: string }> = [];
    outcomes.forEach((outcome, i) => {
      const key = keys[i] ?? '';
      if (outcome.status === 'fulfilled') removed.push(key);
      else failures.push({ key, reason: failureReason((outcome.reason as { cause?: unknown }).cause ?? outcome.reason) });
    });
    await repo.done(removed);
    await repo.failed(failures);
    if (failures.length > 0) {
      log.warn(
        { keys: failures.map((f) => f.key), reason: failures[0]?.reason },
        'storage: files could not be removed; they will be tried again',
      );
    }
    return failures.map((f) => f.key);
  }

  return {
    /** Removes noted keys now; answers the ones still there (noted for the sweep). */
    removeNoted: (keys: readonly string[]) => attempt(keys),

    /**
     * Removes files nothing points at (what a failed upload or import wrote); any the storage keeps are noted for
     * the sweep. Never throws: the caller is already answering another failure.
     */
    async removeOrNote(keys: readonly string[]): Promise<void> {
      try {
        await attempt(keys);
      } catch (err) {
        log.error({ err, keys }, 'storage: files left behind could not be noted for removal');
      }
    },

    /** Tries the removals that are due; answers how many went and how many wait still. */
    async sweep(): Promise<{ removed: number; waiting: number }> {
      const keys = await repo.due(SWEEP_BATCH);
      const left = keys.length > 0 ? await attempt(keys) : [];
      const { count } = await repo.waiting();
      return { removed: keys.length - left.length, waiting: count };
    },
  };
}
export type FileRemovals = ReturnType<typeof createFileRemovals>;
