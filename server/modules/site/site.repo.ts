import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';

export function createSiteRepo(database: Database) {
  return {
    /** One round trip: throws when the database does not answer. */
    async ping(): Promise<void> {
      await database.rows(sql`select 1 as ok`);
    },
  };
}

export type SiteRepo = ReturnType<typeof createSiteRepo>;
