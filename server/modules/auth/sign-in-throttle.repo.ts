import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';

/** One counter: its key ('account:<email>' or 'address:<ip>') and how many failures it may have before a lockout. */
export type ThrottleKey = { key: string; threshold: number };

export type LockoutRule = {
  /** Length of the first lockout, once a key reaches its threshold; each further failure doubles it. */
  baseSeconds: number;
  maxSeconds: number;
  /** Failures are forgotten this long after the last one. */
  forgetAfterSeconds: number;
};

export type Reservation = { key: string; refused: boolean; lockedUntil: Date | null };

/**
 * Failed sign-ins in the sign_in_throttle table (decision 0022). Every statement is one atomic upsert or update,
 * so processes sharing the database, and concurrent guesses within one, all see each other's counts.
 */
export function createSignInThrottleRepo(database: Database) {
  return {
    /**
     * Counts an attempt against every key before the password is checked (so concurrent guesses cannot all pass a
     * count read before any was written), unless the key is locked: then it is left as it is and marked refused.
     * The attempt that reaches a key's threshold goes ahead and starts the lockout for the ones after it.
     */
    async reserve(keys: readonly ThrottleKey[], rule: LockoutRule, now: Date): Promise<Reservation[]> {
      const at = sql`${now.toISOString()}::timestamptz`;
      const out: Reservation[] = [];
      for (const { key, threshold } of keys) {
        const locked = sql`coalesce(t.locked_until > ${at}, false)`;
        // Failures after this attempt: 1 when the old ones were forgotten, else one more.
        const failures = sql`(case when t.updated_at < ${at} - make_interval(secs => ${rule.forgetAfterSeconds}) then 1 else t.failures + 1 end)`;
        // Lockout: none below the threshold; base seconds at it, doubling with each failure after, capped.
        const lockout = (n: SQL) =>
          sql`case when ${n} >= ${threshold}::integer then ${at} + make_interval(secs => least(${rule.maxSeconds}::float8, ${rule.baseSeconds}::float8 * power(2::float8, ${n} - ${threshold}::integer))) end`;
        // One statement per key: the row is locked from the read to the write, so no two attempts count as one.
        const [row] = await database.rows<Reservation>(sql`
          insert into sign_in_throttle as t (key, failures, locked_until, refused, updated_at)
          values (${key}, 1, ${lockout(sql`1`)}, false, ${at})
          on conflict (key) do update set
            refused = ${locked},
            failures = case when ${locked} then t.failures else ${failures} end,
            locked_until = case when ${locked} then t.locked_until else ${lockout(failures)} end,
            updated_at = case when ${locked} then t.updated_at else ${at} end
          returning key, refused, locked_until as "lockedUntil"`);
        if (row) out.push({ key: row.key, refused: row.refused, lockedUntil: row.lockedUntil === null ? null : new Date(row.lockedUntil) });
      }
      return out;
    },

    /**
     * Takes a reserved attempt back (it was not a failure: it succeeded, or was refused for another reason); the
     * lockout it started, if any, goes with it.
     */
    async release(keys: readonly ThrottleKey[]): Promise<void> {
      for (const { key, threshold } of keys) {
        await database.rows(sql`
          update sign_in_throttle set
            failures = greatest(failures - 1, 0),
            locked_until = case when failures - 1 >= ${threshold}::integer then locked_until end
          where key = ${key}`);
      }
    },

    /** A success forgets the account's failures (not the address's: others behind it may be guessing). */
    async clear(key: string): Promise<void> {
      await database.rows(sql`delete from sign_in_throttle where key = ${key}`);
    },

    /** Rows whose failures were forgotten anyway; run now and then. */
    async prune(before: Date): Promise<void> {
      await database.rows(
        sql`delete from sign_in_throttle where updated_at < ${before.toISOString()}::timestamptz and (locked_until is null or locked_until < ${before.toISOString()}::timestamptz)`,
      );
    },
  };
}
export type SignInThrottleRepo = ReturnType<typeof createSignInThrottleRepo>;
