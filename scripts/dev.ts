// npm run dev: the API (restarted on change) and Vite's dev server with hot reload, which proxies /api and /media.
import { spawn } from 'node:child_process';

const children = [
  spawn('node', ['--watch-path=server', '--watch-path=common', '--import', 'tsx', 'server/main.ts'], {
    stdio: 'inherit',
    // Pages come from Vite's origin in development; the API must accept sign-ins from there.
    env: {
      ...process.env,
      PORT: process.env.PORT ?? '3000',
      TRUSTED_ORIGINS: process.env.TRUSTED_ORIGINS ?? 'http://127.0.0.1:5173,http://localhost:5173',
    },
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
