import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/sql';

export type SetupTokenRow = { tokenHash: string; instance: string };

/** The one-time setup addresses' statements (issue 40, decision 0095): tokens are kept as hashes only. */
export function createOwnerSetupRepo(database: Database) {
  const { db } = database;
  return {
    async adminExists(): Promise<boolean> {
      const [row] = await database.rows<{ found: boolean }>(sql`select exists (select 1 from users where is_admin) as found`);
      return row?.found === true;
    },
    /** Every token kept, with the process that made it (each is checked for life by the service). */
    list: () => database.rows<SetupTokenRow>(sql`select token_hash as "tokenHash", instance from owner_setup_tokens order by started_at`),
    async insert(tokenHash: string, instance: string): Promise<void> {
      await database.rows(
        sql`insert into owner_setup_tokens (token_hash, instance) values (${tokenHash}, ${instance}) returning token_hash`,
      );
    },
    async deleteOf(instances: string[]): Promise<void> {
      if (!instances.length) return;
      const list = sql.join(
        instances.map((i) => sql`${i}`),
        sql`, `,
      );
      await database.rows(sql`delete from owner_setup_tokens where instance in (${list}) returning token_hash`);
    },
    async delete(tokenHash: string): Promise<void> {
      await database.rows(sql`delete from owner_setup_tokens where token_hash = ${tokenHash} returning token_hash`);
    },
    async deleteAll(): Promise<void> {
      await database.rows(sql`delete from owner_setup_tokens returning token_hash`);
    },
    /**
     * Takes the token for one use for `leaseS` seconds: null when no such token is kept, 'busy' when a use of any
     * token is under way (the table is locked for the check, so two tokens never pass it together).
     */
    claim(tokenHash: string, leaseS: number): Promise<SetupTokenRow | 'busy' | null> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`lock table owner_setup_tokens in share row exclusive mode`);
        const [busy] = await rowsOf<{ n: number }>(tx, sql`select count(*)::int as n from owner_setup_tokens where claimed_until > now()`);
        const [row] = await rowsOf<SetupTokenRow>(
          tx,
          sql`select token_hash as "tokenHash", instance from owner_setup_tokens where token_hash = ${tokenHash}`,
        );
        if (!row) return null;
        if ((busy?.n ?? 0) > 0) return 'busy';
        await tx.execute(
          sql`update owner_setup_tokens set claimed_until = now() + make_interval(secs => ${leaseS}) where token_hash = ${tokenHash}`,
        );
        return row;
      });
    },
    /** A use that did not make the owner (a refused password): the token works again. */
    async release(tokenHash: string): Promise<void> {
      await database.rows(sql`update owner_setup_tokens set claimed_until = null where token_hash = ${tokenHash} returning token_hash`);
    },
  };
}

export type OwnerSetupRepo = ReturnType<typeof createOwnerSetupRepo>;
