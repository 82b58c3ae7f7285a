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
    const verdicts = await Promise.all(['quiet harbor lantern 42', 'aaaaaaaa', 'jane.doe@example.com'].map((p) => weakPasswordReason(p, ['jane.doe@example.com'])));
    expect(verdicts.map((v) => v === null)).toEqual([true, false, false]);
    const deadline = Date.now() + 5000;
    while (checkerForTests.running() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(checkerForTests.running()).toBe(false);
    expect(await weakPasswordReason('12345678')).not.toBeNull();
    expect(await weakPasswordReason('quiet harbor lantern 42')).toBeNull();
  });
});
