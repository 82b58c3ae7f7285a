import { ADMIN_TEXTS } from '../../../common/texts/admin';
import type { AlertsRun } from '../../../common/schemas/jobs';
import { AppError } from '../../errors';
import type { JobQueue } from '../../jobs/job-queue';
import { ALERT_QUEUES } from '../../jobs/jobs';
import type { Actor, AuditRepo } from '../audit/audit.repo';

/** Two clicks (or two developers) within this many seconds send one job per queue, not two. */
const RUN_NOW_SINGLETON_SECONDS = 30;

/**
 * "Run due alerts now" (decision 0096): a job of each alert queue this process has (none without a mail server),
 * worked by the queue like a tick of ALERTS_CRON; what is due is what a tick would mail (at most one mail per account
 * and UTC day either way). Recorded in the audit log.
 */
export function createAlertsRunService(deps: { jobs: Pick<JobQueue, 'defined' | 'send'>; audit: Pick<AuditRepo, 'record'> }) {
  return {
    async runDue(actor: Actor): Promise<AlertsRun> {
      const queues = ALERT_QUEUES.filter((name) => deps.jobs.defined(name));
      if (queues.length === 0) throw new AppError('CONFLICT', ADMIN_TEXTS.alertsNeedMail);
      const queued: string[] = [];
      for (const name of queues) {
        const id = await deps.jobs.send(name, {}, { singletonKey: 'run-now', singletonSeconds: RUN_NOW_SINGLETON_SECONDS });
        if (id) queued.push(name);
      }
      await deps.audit.record({ action: 'alerts-run', subject: queues.join(', '), actor, details: { queues, queued } });
      return { queued, message: queued.length > 0 ? ADMIN_TEXTS.alertsQueued : ADMIN_TEXTS.alertsAlreadyQueued };
    },
  };
}
export type AlertsRunService = ReturnType<typeof createAlertsRunService>;
