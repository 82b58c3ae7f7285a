// npm run dev: the API (restarted on change) and Vite's dev server with hot reload, which proxies /api and /media.
import { spawn } from 'node:child_process';

const children = [
  spawn('node', ['--watch-path=server', '--watch-path=common', '--import', 'tsx', 'server/main.ts'], {
    stdio: 'inherit',
    env: { ...process.env, PORT: process.env.PORT ?? '3000' },
  }),
  spawn('npx', ['vite'], { stdio: 'inherit' }),
];
console.log('Dev site: http://127.0.0.1:5173 (API on port 3000)');
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', stop);
