import fs from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * Where a worker thread starts: its compiled file beside the compiled server (`npm start`, dist/app, where
 * scripts/build-server.ts puts each worker), else its TypeScript file through worker-boot.mjs (tests, `npm run dev`,
 * scripts). Pass the result's `workerData` on, merged with the worker's own.
 */
export function workerEntry(compiled: URL, typescript: URL): { url: URL; workerData: { entry: string } } {
  const url = fs.existsSync(fileURLToPath(compiled)) ? compiled : new URL('./worker-boot.mjs', import.meta.url);
  return { url, workerData: { entry: typescript.href } };
}
