import { databaseAnswers } from '../../db/availability';
import type { Database } from '../../db/client';

export function createSiteRepo(database: Database) {
  return {
    /** True when the database answers a trivial query within `limitMs`; never waits longer, never throws. */
    answers: (limitMs: number): Promise<boolean> => databaseAnswers(database, limitMs),
  };
}

export type SiteRepo = ReturnType<typeof createSiteRepo>;
