// The database layer's own numbers and shapes: its time limits and their defaults. config.ts reads the environment
// into them (STATEMENT_TIMEOUT_MS, CHANGE_TIMEOUT_MS, DB_*_TIMEOUT_MS); nothing here imports the settings.

/** A request's statements: PostgreSQL's statement_timeout on every connection (STATEMENT_TIMEOUT_MS). */
export const DEFAULT_STATEMENT_TIMEOUT_MS = 3000;
/** A long change's own limit (an import's undo, a bulk delete of every product): unit-of-work.ts, modules/changes. */
export const DEFAULT_CHANGE_TIMEOUT_MS = 60_000;
/** How far node-postgres's own limit lies beyond the statement timeout, so the server's own cancel comes first. */
export const QUERY_TIMEOUT_MARGIN_MS = 1000;
/** Connecting, and waiting for a free connection of the pool (DB_CONNECT_TIMEOUT_MS). */
export const DEFAULT_CONNECT_TIMEOUT_MS = 2000;

export type ClientTimeouts = {
  /** Connecting, and waiting for a free connection of the pool. */
  connectMs: number;
  /** One statement's round trip; above the statement timeout, so the server's own cancel comes first. */
  queryMs: number;
};
