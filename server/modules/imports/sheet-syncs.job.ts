import type { FastifyBaseLogger } from 'fastify';
import { declareJob, periodicPayload, type HandlerOf } from '../../jobs/job';
import type { ImportSourcesService } from './import-sources.service';

/**
 * The synced sheets' runs (decision 0053): due sheets are looked for every five minutes (each sheet runs hourly or
 * daily); any process may work it, each due sheet is taken by one.
 */
export const sheetSyncsJob = declareJob({
  name: 'sheet-syncs',
  data: periodicPayload,
  atStart: true,
  cron: '*/5 * * * *',
  // A run reads a sheet (up to the fetch's limits) and previews it: longer than the periodic sweeps.
  expireInSeconds: 15 * 60,
});

export const sheetSyncsHandler =
  (deps: { log: FastifyBaseLogger; sources: Pick<ImportSourcesService, 'runDue'> }): HandlerOf<typeof sheetSyncsJob> =>
  async () => {
    const ran = await deps.sources.runDue();
    if (ran > 0) deps.log.info({ ran }, 'synced sheets: ran the due ones');
  };
