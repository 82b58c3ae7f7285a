import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { WEAK_PASSWORD_MESSAGE } from '../../../common/schemas/auth';
import { CHECKER_IDLE_MS, checkerForTests, weakPasswordReason } from './password-strength';

afterAll(() => checkerForTests.setIdleMs(CHECKER_IDLE_MS));

describe("the password checker's thread", () => {
  it('answers in its own thread, ends when idle, and starts again for the next password', async () => {
    checkerForTests.setIdleMs(200);
    expect(await weakPasswordReason('password')).toContain(WEAK_PASSWORD_MESSAGE);
    expect(checkerForTests.running()).toBe(true);
    // Several at once, answered each by its own id.
    const verdicts = await Promise.all(
      ['quiet harbor lantern 42', 'aaaaaaaa', 'jane.doe@example.com'].map((p) => weakPasswordReason(p, ['jane.doe@example.com'])),
    );
    expect(verdicts.map((v) => v === null)).toEqual([true, false, false]);
    const deadline = Date.now() + 5000;
    while (checkerForTests.running() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(checkerForTests.running()).toBe(false);
    expect(await weakPasswordReason('12345678')).not.toBeNull();
    expect(await weakPasswordReason('quiet harbor lantern 42')).toBeNull();
  });

  it('keeps a process with nothing else to do alive until the answer comes, and lets it end after', async () => {
    const script = `import { weakPasswordReason } from ${JSON.stringify(new URL('./password-strength.ts', import.meta.url).href)};
      console.log(JSON.stringify(await weakPasswordReason('password')));`;
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'finder-checker-')), 'task.mts');
    fs.writeFileSync(file, script);
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', file], { timeout: 30_000 });
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
    expect(JSON.parse(stdout) as string).toContain(WEAK_PASSWORD_MESSAGE);
  });
});
