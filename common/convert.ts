// The link converter (issue 29): its address and limits. Its words are in texts/convert.ts.

export const CONVERT_PATH = '/convert';
/** The longest text the converter reads: a share text with its title and a few links. */
export const CONVERT_TEXT_MAX_LENGTH = 2000;
/** Largest body POST /api/convert reads, in bytes. */
export const CONVERT_BODY_LIMIT = 12 * 1024;
/** Conversions one client may ask for per window (fixed windows aligned to the clock), and the whole site. */
export const CONVERT_RATE_LIMIT = 60;
export const CONVERT_RATE_WINDOW_SECONDS = 600;
export const CONVERT_SITE_LIMIT = 6000;
/** Short links one process follows at the same time for the converter; more are asked to wait. */
export const CONVERT_FOLLOW_CONCURRENCY = 4;
/** Seconds a client is asked to wait when the converter is following as many short links as it may. */
export const CONVERT_BUSY_RETRY_SECONDS = 5;
/** How long where a short link leads is remembered (a share text pasted by many), and how many are. */
export const CONVERT_FOLLOWED_TTL_MS = 10 * 60_000;
export const CONVERT_FOLLOWED_REMEMBERED = 1000;
