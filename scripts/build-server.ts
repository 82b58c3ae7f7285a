// The server compiled for `npm start` (decision 0042): server/main.ts and the embedded database's worker, bundled
// with esbuild into dist/app (packages stay in node_modules), with the migrations beside them. Node then runs plain
// JavaScript: no TypeScript loader in memory or at start. Tests, `npm run dev` and the scripts still run the
// TypeScript through tsx.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

/**
 * Node's flags for the server, as `npm start` gives them (package.json; a test keeps the two the same):
 * `--no-liftoff` compiles PGlite's WebAssembly once, optimised (decision 0035); `--max-semi-space-size=2` keeps each
 * thread's young generation at 2 MB a half instead of V8's 16 (decision 0042): about 120 MB less after a crowd on
 * the embedded database (the HTTP thread and the database's each have one), with the same model traffic.
 */
export const SERVER_NODE_FLAGS = ['--no-liftoff', '--max-semi-space-size=2'];

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const inRoot = (p: string) => path.resolve(ROOT, p);

/**
 * Bundles `entry` (and the worker threads and the import reader's process) into `outdir`, as `<name>.js`, with the migrations beside them. `outdir` must be
 * inside the project: the bundle finds its packages in node_modules from where it lies.
 */
export async function buildServer(entry: string, outdir: string, name = 'main'): Promise<string> {
  await build({
    entryPoints: {
      [name]: inRoot(entry),
      // Each worker thread beside the server, where server/worker-entry.ts looks for it.
      'pglite-worker': inRoot('server/db/pglite-worker.ts'),
      'password-worker': inRoot('server/modules/auth/password-worker.ts'),
      // The import reader's process (decision 0049), where server/modules/imports/read-import.ts looks for it.
      'import-reader': inRoot('server/modules/imports/import-reader.ts'),
    },
    outdir: inRoot(outdir),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: 'linked',
    logLevel: 'warning',
  });
  fs.rmSync(inRoot(path.join(outdir, 'migrations')), { recursive: true, force: true });
  fs.cpSync(inRoot('server/db/migrations'), inRoot(path.join(outdir, 'migrations')), { recursive: true });
  return inRoot(path.join(outdir, `${name}.js`));
}

/** A fresh directory for a compiled server of a run of its own (the bench, a cluster), inside the project. */
export function runDirectory(prefix: string): string {
  fs.mkdirSync(inRoot('dist/.run'), { recursive: true });
  return fs.mkdtempSync(path.join(inRoot('dist/.run'), `${prefix}-`));
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await buildServer('server/main.ts', 'dist/app');
  console.log('compiled the server into dist/app');
}
