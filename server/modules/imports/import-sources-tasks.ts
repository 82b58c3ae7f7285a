import type { FastifyBaseLogger } from 'fastify';
import type { JobQueue } from '../../jobs/job-queue';
import type { ImportSourcesService } from './import-sources.service';

/** Due synced sheets are looked for every five minutes (each sheet runs hourly or daily, decision 0053). */
export const SHEET_SYNCS_CRON = '*/5 * * * *';

/** The synced sheets' runs as a periodic job: any process may work it; each due sheet is taken by one. */
export function defineSheetSyncJobs(
  jobs: Pick<JobQueue, 'define'>,
  log: FastifyBaseLogger,
  sources: Pick<ImportSourcesService, 'runDue'>,
): void {
  jobs.define({
    name: 'sheet-syncs',
    atStart: true,
    cron: SHEET_SYNCS_CRON,
    // A run reads a sheet (up to the fetch's limits) and previews it: longer than the periodic sweeps.
    expireInSeconds: 15 * 60,
    handler: async () => {
      const ran = await sources.runDue();
      if (ran > 0) log.info({ ran }, 'synced sheets: ran the due ones');
    },
  });
}
