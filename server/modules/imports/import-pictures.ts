/**
 * The rules of an import's pictures phase (decision 0050): the products are written first, then their external
 * pictures are fetched by jobs, a few at a time; a host that fails several times in a row is not asked again in
 * that import, and a failure that may pass (no answer, refused, a 5xx) is tried again after a pause.
 */
import { AppError } from '../../errors';

/** Addresses per picture job: the progress moves by them, and a retried job redoes them (stored ones are reused). */
export const PICTURES_PER_JOB = 25;
/** Pictures one job fetches at the same time. */
export const PICTURE_CONCURRENCY = 3;
/** One picture's fetch, redirects included. */
export const PICTURE_FETCH_TIMEOUT_MS = 10_000;
/** Failures in a row (no answer, refused, 5xx) after which a host is not asked again in this import. */
export const HOST_FAILURES_BEFORE_GIVING_UP = 3;
/** Pauses before the second and third try of a picture whose failure may pass. */
export const PICTURE_RETRY_DELAYS_MS = [1000, 3000] as const;

export const hostNotAsked = (host: string) => `${host} did not answer earlier pictures of this import, so it was not asked again.`;

/** A failure that may pass: the host did not answer, refused or dropped the connection, or answered 429 or 5xx. */
export function isTransient(err: unknown): boolean {
  if (!(err instanceof AppError)) return false;
  return /did not answer within|could not be reached|answered (429|5\d\d)\b/.test(err.message);
}

/** The host of an address ('' when it is none). */
export function hostOf(url: string): string {
  try {
    return new URL(url).host.toLowerCase();
  } catch {
    return '';
  }
}

/** Per host of one import: failures in a row, and the hosts given up (shared by the import's jobs in this process). */
export class HostBackoff {
  private readonly failures = new Map<string, number>();
  private readonly dead: Set<string>;

  constructor(dead: Iterable<string> = []) {
    this.dead = new Set(dead);
  }

  isDead(host: string): boolean {
    return this.dead.has(host);
  }

  markDead(host: string): void {
    this.dead.add(host);
  }

  succeeded(host: string): void {
    this.failures.delete(host);
  }

  /** Counts a failure that may pass; true when this one made the host given up. */
  failed(host: string): boolean {
    const n = (this.failures.get(host) ?? 0) + 1;
    this.failures.set(host, n);
    if (n >= HOST_FAILURES_BEFORE_GIVING_UP && !this.dead.has(host)) {
      this.dead.add(host);
      return true;
    }
    return false;
  }
}

/** The file name an image address suggests ("https://x/a/coat.jpg?v=2" -> "coat.jpg"). */
export function nameFromUrl(url: string): string {
  try {
    return decodeURIComponent(new URL(url).pathname.split('/').pop() ?? '') || 'image';
  } catch {
    return 'image';
  }
}
