import type { FastifyBaseLogger } from 'fastify';
import type { FileRemovals } from './file-removals';

/** How often the files still to be removed are tried again (each key also waits its own backoff). */
export const FILE_REMOVAL_SWEEP_INTERVAL_MS = 10 * 60 * 1000;

/**
 * Tries the stored files still to be removed (a deleted image's, a failed upload's) now and every ten minutes, until
 * the storage lets them go (issue 25). Safe in several processes at once: removing a file twice is harmless.
 * Returns the function that stops it.
 */
export async function startFileRemovalTasks(log: FastifyBaseLogger, removals: Pick<FileRemovals, 'sweep'>): Promise<() => void> {
  const sweep = () =>
    removals.sweep().then(
      (n) => {
        if (n.removed > 0) log.info(n, 'storage: removed files left behind earlier');
        else if (n.waiting > 0) log.warn(n, 'storage: files still wait to be removed');
      },
      (err: unknown) => log.warn({ err }, 'could not sweep the files still to be removed'),
    );
  await sweep();
  const timer = setInterval(() => void sweep(), FILE_REMOVAL_SWEEP_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
