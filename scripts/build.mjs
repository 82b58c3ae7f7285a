// npm run build (and npm start before it serves): the browser's bundle, the server-rendered pages, their compressed
// copies and the compiled server, in dist/. Quiet unless something is wrong; `npm run build -- --verbose` prints
// Vite's table of built files and each step's line.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const verbose = process.argv.includes('--verbose');
const vite = path.resolve('node_modules/vite/bin/vite.js');
const logLevel = ['--logLevel', verbose ? 'info' : 'warn'];
const started = Date.now();

const steps = [
  [vite, 'build', ...logLevel],
  [vite, 'build', '--ssr', 'entry-server.tsx', '--outDir', '../dist/server', '--emptyOutDir', ...logLevel],
  ['scripts/compress-dist.mjs'],
  ['--import', 'tsx', 'scripts/build-server.ts'],
];
for (const args of steps) {
  const step = spawnSync(process.execPath, args, { stdio: ['inherit', verbose ? 'inherit' : 'ignore', 'inherit'] });
  if (step.status !== 0) {
    console.error(`The build failed at: node ${args.join(' ')}`);
    process.exit(step.status ?? 1);
  }
}
console.log(`Built the site into dist/ in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
