// The server as `npm start` runs it: compiled (build-server.ts), on the embedded database in its compiled worker.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { WEAK_PASSWORD_MESSAGE } from '../common/schemas/auth';
import { runReader } from '../server/modules/imports/read-import';
import { DEFAULT_READ_LIMITS } from '../server/modules/imports/readers/table';
import { buildServer, runDirectory, SERVER_NODE_FLAGS } from './build-server';
import { freePort } from './cluster';

const appDir = runDirectory('test');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'finder-compiled-'));
afterAll(() => {
  fs.rmSync(appDir, { recursive: true, force: true });
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('the compiled server', () => {
  it('is what npm start runs, with the flags the bench and the cluster use', () => {
    const { scripts } = JSON.parse(fs.readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> };
    expect(scripts.start).toBe(`${scripts.build} && node ${SERVER_NODE_FLAGS.join(' ')} dist/app/main.js`);
    expect(fs.readFileSync(String(scripts.build).replace(/^node /, ''), 'utf8')).toContain("'scripts/build-server.ts'");
  });

  it('starts on a fresh embedded database (migrations beside it, the worker compiled) and answers', async () => {
    const main = await buildServer('server/main.ts', appDir);
    expect(fs.existsSync(path.join(appDir, 'pglite-worker.js'))).toBe(true);
    expect(fs.existsSync(path.join(appDir, 'password-worker.js'))).toBe(true);
    // The import reader's process beside it, where the server looks for it, reading a file as plain JavaScript.
    expect(fs.readFileSync(main, 'utf8')).toContain('./import-reader.js');
    const reader = path.join(appDir, 'import-reader.js');
    expect(fs.readFileSync(reader, 'utf8')).not.toMatch(/from ['"]tsx/);
    const table = await runReader(reader, Buffer.from('title;price\n"Café ‘Crème’";5\n'), {
      name: 'x.csv',
      contentType: '',
      options: {},
      limits: DEFAULT_READ_LIMITS,
    });
    expect(table.records).toEqual([{ row: 2, values: { title: 'Café ‘Crème’', price: '5' } }]);
    expect(fs.readdirSync(path.join(appDir, 'migrations')).some((f) => f.endsWith('.sql'))).toBe(true);
    // Plain JavaScript: nothing of the TypeScript loader in it.
    expect(fs.readFileSync(main, 'utf8')).not.toMatch(/from ['"]tsx/);

    const port = await freePort();
    const { DATABASE_URL: _shared, ...env } = process.env;
    // The workers beside the bundle are the only ones it can start (there is no worker-boot.mjs in appDir).
    const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, main], {
      env: {
        ...env,
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        SEED_DEMO: 'false',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    try {
      const base = `http://127.0.0.1:${port}`;
      const deadline = Date.now() + 60_000;
      let healthy = false;
      while (!healthy && Date.now() < deadline) {
        if (child.exitCode !== null) throw new Error(`the compiled server exited with ${child.exitCode}:\n${output}`);
        healthy = await fetch(`${base}/api/health`).then(
          (r) => r.ok,
          () => false,
        );
        if (!healthy) await new Promise((r) => setTimeout(r, 200));
      }
      expect(healthy, output).toBe(true);
      const products = await fetch(`${base}/api/products?limit=6&seed=1`);
      expect(products.status).toBe(200);
      expect(((await products.json()) as { items: unknown[] }).items).toEqual([]);
      // The password checker's compiled thread: a common password is refused, a strong one makes the account.
      const signUp = (password: string) =>
        fetch(`${base}/api/auth/sign-up/email`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: base },
          body: JSON.stringify({ email: 'compiled@example.com', password, name: '' }),
        });
      const weak = await signUp('password1234');
      expect(weak.status, await weak.clone().text()).toBe(400);
      expect(((await weak.json()) as { message: string }).message).toContain(WEAK_PASSWORD_MESSAGE);
      expect((await signUp('quiet harbor lantern 42')).status).toBe(200);
    } finally {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
  }, 90_000);
});
