import type { SiteConfig } from '../../../common/schemas/site';
import { AppError } from '../../errors';
import type { SiteRepo } from './site.repo';

export function createSiteService(repo: SiteRepo, site: SiteConfig) {
  return {
    /** The public settings, fixed for the life of the process. */
    settings: (): SiteConfig => site,
    async health(): Promise<{ status: 'ok' }> {
      try {
        await repo.ping();
      } catch {
        throw new AppError('UNAVAILABLE', 'The database does not answer');
      }
      return { status: 'ok' };
    },
  };
}

export type SiteService = ReturnType<typeof createSiteService>;
