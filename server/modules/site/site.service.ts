import type { SiteConfig } from '../../../common/schemas/site';
import { AppError } from '../../errors';
import type { SiteRepo } from './site.repo';

/** Longest the health check waits for the database's answer: a load balancer wants its answer now. */
const HEALTH_DATABASE_LIMIT_MS = 1000;

export function createSiteService(repo: SiteRepo, site: SiteConfig) {
  return {
    /** The public settings, fixed for the life of the process. */
    settings: (): SiteConfig => site,
    async health(): Promise<{ status: 'ok' }> {
      if (!(await repo.answers(HEALTH_DATABASE_LIMIT_MS))) throw new AppError('UNAVAILABLE', 'The database does not answer');
      return { status: 'ok' };
    },
  };
}

export type SiteService = ReturnType<typeof createSiteService>;
