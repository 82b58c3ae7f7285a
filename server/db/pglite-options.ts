import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

/**
 * PostgreSQL's buffer cache inside PGlite. PGlite takes it from its WebAssembly memory at start and keeps it for
 * the life of the process, so it is resident memory; reads beyond it come from the data directory through the
 * operating system's file cache, which is not the process's. The default (128 MB) is larger than the whole
 * 100,000-product catalogue with its indexes (~90 MB); 32 MB holds what the storefront reads often (decision 0035).
 */
export const PGLITE_SHARED_BUFFERS = '32MB';

/** How every embedded database of this app starts, in the worker thread (main.ts) or on the test's thread. */
export function pgliteOptions(): PGliteOptions<{ pg_trgm: typeof pg_trgm }> {
  return {
    extensions: { pg_trgm },
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
  };
}
