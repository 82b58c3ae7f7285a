import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { UNCAUGHT_EXCEPTION_MESSAGE, UNHANDLED_REJECTION_MESSAGE } from './process-guard';

const GUARD = fileURLToPath(new URL('./process-guard.ts', import.meta.url));
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'finder-guard-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** Runs a small program in a process of its own with the guard installed, as main.ts installs it. */
function run(body: string) {
  const file = path.join(dir, `${Math.random().toString(36).slice(2)}.ts`);
  fs.writeFileSync(file, `import { guardProcess, startupLog } from ${JSON.stringify(GUARD)};\nguardProcess(() => startupLog);\n${body}\n`);
  return spawnSync(process.execPath, ['--import', 'tsx', file], { encoding: 'utf8', timeout: 20_000 });
}

describe.skipIf(process.env.FINDER_TEST_DB === 'postgres')('the process-level guard (issue 39)', () => {
  it('logs a rejection nobody handles and keeps the process running', () => {
    const result = run(`
      // What pg-boss 10 did with a job's completion when the pool timed out.
      void Promise.reject(new Error('timeout exceeded when trying to connect'));
      setTimeout(() => { console.log('still serving'); }, 100);
    `);
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toContain('still serving');
    const line = JSON.parse(result.stderr.trim().split('\n')[0] ?? '{}') as { msg: string; err: { message: string } };
    expect(line.msg).toBe(UNHANDLED_REJECTION_MESSAGE);
    expect(line.err.message).toBe('timeout exceeded when trying to connect');
  });

  it('ends the process with code 1 after logging an uncaught exception', () => {
    const result = run(`
      setTimeout(() => { throw new Error('half way through'); }, 10);
      setTimeout(() => { console.log('should not run'); }, 500);
    `);
    expect(result.status).toBe(1);
    expect(result.stdout).not.toContain('should not run');
    const line = JSON.parse(result.stderr.trim().split('\n')[0] ?? '{}') as { level: number; msg: string; err: { message: string } };
    expect(line).toMatchObject({ level: 60, msg: UNCAUGHT_EXCEPTION_MESSAGE, err: { message: 'half way through' } });
  });
});
