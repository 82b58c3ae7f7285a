import { Worker } from 'node:worker_threads';
import { WEAK_PASSWORD_MESSAGE } from '../../../common/schemas/auth';
import { workerEntry } from '../../worker-entry';
import type { PasswordCheck, PasswordVerdict } from './password-worker';

/**
 * zxcvbn's score (0 to 4) a new password needs. 2 means "somewhat guessable": beyond the common-password lists
 * and simple patterns ("password", "12345678", "aaaaaaaa" score 0), which is what an online guesser tries first;
 * sign-in is throttled besides (decision 0022), so the score need not resist an offline attack.
 */
export const MIN_PASSWORD_SCORE = 2;

/** How long the checker's thread stays after its last answer (decision 0044): a burst of sign-ups loads it once. */
export const CHECKER_IDLE_MS = 60_000;

const WORKER = workerEntry(new URL('./password-worker.js', import.meta.url), new URL('./password-worker.ts', import.meta.url));

type Pending = { resolve: (verdict: PasswordVerdict) => void; reject: (error: Error) => void };
type Checker = { worker: Worker; pending: Map<number, Pending>; idle: NodeJS.Timeout | undefined };

let checker: Checker | undefined;
let nextId = 1;
let idleMs = CHECKER_IDLE_MS;

/** The checker's thread, started on first use; it loads the dictionaries (several MB, never in the web bundle). */
function startChecker(): Checker {
  const worker = new Worker(WORKER.url, { workerData: WORKER.workerData });
  const started: Checker = { worker, pending: new Map(), idle: undefined };
  const fail = (error: Error) => {
    if (checker === started) checker = undefined;
    clearTimeout(started.idle);
    for (const { reject } of started.pending.values()) reject(error);
    started.pending.clear();
  };
  worker.on('message', (verdict: PasswordVerdict) => {
    const waiting = started.pending.get(verdict.id);
    started.pending.delete(verdict.id);
    waiting?.resolve(verdict);
    if (started.pending.size === 0) {
      // Waiting for work keeps nothing alive: a process may end while its checker idles.
      worker.unref();
      clearTimeout(started.idle);
      started.idle = setTimeout(() => {
        if (checker === started) checker = undefined;
        void worker.terminate();
      }, idleMs).unref();
    }
  });
  worker.on('error', fail);
  worker.on('exit', (code) => fail(new Error(`The password checker's thread stopped (exit code ${code})`)));
  return started;
}

function check(password: string, related: string[]): Promise<PasswordVerdict> {
  const current = (checker ??= startChecker());
  clearTimeout(current.idle);
  // A question waiting for its answer keeps the process alive (a command-line task may have nothing else).
  current.worker.ref();
  const id = nextId++;
  return new Promise<PasswordVerdict>((resolve, reject) => {
    current.pending.set(id, { resolve, reject });
    current.worker.postMessage({ id, password, related } satisfies PasswordCheck);
  });
}

/**
 * Why a new password is refused, or null when it is strong enough. `related` holds words an attacker would try
 * for this account (its email and its parts).
 */
export async function weakPasswordReason(password: string, related: readonly string[] = []): Promise<string | null> {
  const result = await check(password, [...related]);
  if (result.score >= MIN_PASSWORD_SCORE) return null;
  const warning = result.warning;
  return warning ? `${WEAK_PASSWORD_MESSAGE} (${warning.replace(/\.$/, '')}.)` : WEAK_PASSWORD_MESSAGE;
}

/** Tests: whether the checker's thread is up, and a shorter idle time. */
export const checkerForTests = {
  running: () => checker !== undefined,
  setIdleMs: (ms: number) => {
    idleMs = ms;
  },
};

/** Words of an email an attacker would try as its password: the whole address, its local part and its words. */
export function emailWords(email: unknown): string[] {
  if (typeof email !== 'string' || email === '') return [];
  const lower = email.trim().toLowerCase();
  const local = lower.split('@')[0] ?? '';
  return [...new Set([lower, local, ...local.split(/[^a-z0-9]+/).filter((w) => w.length >= 3)])];
}
