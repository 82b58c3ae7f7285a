/**
 * Every background job, once (issue 44): each is declared in its own file beside its handler (name, payload schema,
 * schedule and settings); the job queue takes its queues, payloads and settings from this list, and composition.ts
 * gives each its handler. A new job: a `<name>.job.ts` in its module, then a line here and one in composition.ts.
 */
import type { z } from 'zod';
import { productSourcesJob } from '../modules/agents/product-sources.job';
import { analyticsSweepJob } from '../modules/analytics/analytics-sweep.job';
import { sessionsSweepJob } from '../modules/auth/sessions-sweep.job';
import { changeLogPruneJob } from '../modules/catalogue/change-log-prune.job';
import { ratesRefreshJob } from '../modules/currency/rates-refresh.job';
import { guidePublishJob } from '../modules/guides/guide-publish.job';
import { fileRemovalsJob } from '../modules/images/file-removals.job';
import { pictureHashesJob } from '../modules/images/picture-hashes.job';
import { pictureRefetchJob } from '../modules/images/picture-refetches.job';
import { importPicturesJob } from '../modules/imports/import-pictures.job';
import { importRowsJob } from '../modules/imports/import-rows.job';
import { sheetSyncsJob } from '../modules/imports/sheet-syncs.job';
import { linkChecksJob } from '../modules/link-health/link-checks.job';
import { priceDigestJob } from '../modules/price-history/price-digest.job';
import { savedSearchMailsJob } from '../modules/saved-searches/saved-search-mails.job';

// In the order the queue defines them, which is the order jobs declared `atStart` are sent at a start.
export const JOBS = [
  importRowsJob,
  importPicturesJob,
  sessionsSweepJob,
  analyticsSweepJob,
  changeLogPruneJob,
  productSourcesJob,
  ratesRefreshJob,
  fileRemovalsJob,
  pictureHashesJob,
  pictureRefetchJob,
  sheetSyncsJob,
  guidePublishJob,
  priceDigestJob,
  savedSearchMailsJob,
  linkChecksJob,
] as const;

type Declared = (typeof JOBS)[number];
/** Every queue's name. */
export type QueueName = Declared['name'];
/** Each queue's payload, from its schema. */
export type JobData = { [J in Declared as J['name']]: z.output<J['data']> };

/** The queues that mail alerts (decision 0096): the Jobs view shows when they last ran and can run the due ones now. */
export const ALERT_QUEUES: readonly QueueName[] = [priceDigestJob.name, savedSearchMailsJob.name];
