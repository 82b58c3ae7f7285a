import type { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { WEAK_PASSWORD_MESSAGE } from '../../../common/schemas/auth';

/**
 * zxcvbn's score (0 to 4) a new password needs. 2 means "somewhat guessable": beyond the common-password lists
 * and simple patterns ("password", "12345678", "aaaaaaaa" score 0), which is what an online guesser tries first;
 * sign-in is throttled besides (decision 0022), so the score need not resist an offline attack.
 */
export const MIN_PASSWORD_SCORE = 2;

let checker: Promise<ZxcvbnFactory> | undefined;

/**
 * The checker with the common and English dictionaries (several MB), loaded on first use and kept: only the server
 * loads it, never the web bundle.
 */
function loadChecker(): Promise<ZxcvbnFactory> {
  checker ??= Promise.all([import('@zxcvbn-ts/core'), import('@zxcvbn-ts/language-common'), import('@zxcvbn-ts/language-en')]).then(
    ([core, common, en]) =>
      new core.ZxcvbnFactory({
        translations: en.translations,
        graphs: common.adjacencyGraphs,
        dictionary: { ...common.dictionary, ...en.dictionary },
      }),
  );
  checker.catch(() => {
    checker = undefined;
  });
  return checker;
}

/**
 * Why a new password is refused, or null when it is strong enough. `related` holds words an attacker would try
 * for this account (its email and its parts).
 */
export async function weakPasswordReason(password: string, related: readonly string[] = []): Promise<string | null> {
  const zxcvbn = await loadChecker();
  const result = zxcvbn.check(password, [...related]);
  if (result.score >= MIN_PASSWORD_SCORE) return null;
  const warning = result.feedback.warning;
  return warning ? `${WEAK_PASSWORD_MESSAGE} (${warning.replace(/\.$/, '')}.)` : WEAK_PASSWORD_MESSAGE;
}

/** Words of an email an attacker would try as its password: the whole address, its local part and its words. */
export function emailWords(email: unknown): string[] {
  if (typeof email !== 'string' || email === '') return [];
  const lower = email.trim().toLowerCase();
  const local = lower.split('@')[0] ?? '';
  return [...new Set([lower, local, ...local.split(/[^a-z0-9]+/).filter((w) => w.length >= 3)])];
}
