import { LoadStatus } from '../../../components/ui/load-status';
import { useToast } from '../../../components/ui/toast';
import { formatDateTime } from '../../../lib/admin/format';
import { reasonOf } from '../../../lib/errors';
import { useJobs, useRetryJob, useRunDueAlerts } from '../api/jobs';
import { ADMIN_TEXTS } from '../../../../common/texts/admin';
import type { JobSchedule } from '../../../../common/schemas/jobs';
import { COMMON_TEXTS } from '../../../../common/texts/common';
import { JOBS_TEXTS as T } from '../../../../common/texts/admin';
import './database.css';

const COUNTS = ['created', 'active', 'retry', 'failed', 'completed'] as const;

/** The alert mails' queues (decision 0096), among the periodic ones. */
const ALERT_QUEUE_NAMES = new Set(['price-digest', 'saved-search-mails']);
const alertSchedules = (schedules: readonly JobSchedule[]) => schedules.filter((s) => ALERT_QUEUE_NAMES.has(s.name));

/**
 * Background jobs (decision 0050): each queue's jobs by state and, for a periodic task that keeps failing, how many
 * runs failed in a row and until when its scheduled runs are paused (issue 39); the failed jobs waiting for their
 * next try; the last failures with their error and time, and Retry.
 */
export function JobsPanel() {
  const toast = useToast();
  const jobs = useJobs(true);
  const retry = useRetryJob();
  const runAlerts = useRunDueAlerts();
  return (
    <section className="category-distribution jobs-panel" aria-labelledby="jobs-heading" aria-busy={jobs.isPending}>
      <h3 id="jobs-heading">{T.heading}</h3>
      {jobs.isPending || jobs.isError ? (
        <LoadStatus
          loading={jobs.isPending}
          loadingLabel={T.loading}
          failure={jobs.isError && T.loadFailed(reasonOf(jobs.error))}
          onRetry={() => void jobs.refetch()}
          retryStyle="ghost"
        />
      ) : (
        <>
          <div className="data-table-wrap" role="region" aria-label={T.region} tabIndex={0}>
            <table className="data-table jobs-table">
              <caption className="visually-hidden">{T.caption}</caption>
              <thead>
                <tr>
                  <th scope="col">{T.queue}</th>
                  {COUNTS.map((key) => (
                    <th scope="col" key={key}>
                      {T.counts[key]}
                    </th>
                  ))}
                  <th scope="col">{T.health}</th>
                </tr>
              </thead>
              <tbody>
                {jobs.data.queues.map((q) => (
                  <tr key={q.name}>
                    <th scope="row">{q.name}</th>
                    {COUNTS.map((key) => (
                      <td key={key} className={key === 'failed' && q.failed > 0 ? 'jobs-failed' : undefined}>
                        {q[key].toLocaleString('en-US')}
                      </td>
                    ))}
                    <td className={q.failedInARow > 0 ? 'jobs-failed' : undefined}>
                      {q.failedInARow > 0
                        ? [T.failingInARow(q.failedInARow), q.pausedUntil ? T.pausedUntil(formatDateTime(q.pausedUntil)) : null]
                            .filter(Boolean)
                            .join('; ')
                        : T.healthy}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {jobs.data.retrying.length > 0 && (
            <>
              <h4>{T.retryingHeading}</h4>
              <ul className="jobs-failures">
                {jobs.data.retrying.map((r) => (
                  <li key={r.id}>
                    <p>
                      <strong>{r.queue}</strong> · {T.retryingItem(r.attempt, r.attempts, formatDateTime(r.nextTryAt))}
                    </p>
                    <p className="jobs-error">{r.error}</p>
                  </li>
                ))}
              </ul>
            </>
          )}
          <h4 id="alerts-heading">{ADMIN_TEXTS.alertsHeading}</h4>
          <p>{ADMIN_TEXTS.alertsIntro}</p>
          {alertSchedules(jobs.data.schedules).length === 0 ? (
            <p role="note">{ADMIN_TEXTS.alertsNeedMail}</p>
          ) : (
            <>
              <div className="data-table-wrap" role="region" aria-labelledby="alerts-heading" tabIndex={0}>
                <table className="data-table jobs-table">
                  <thead>
                    <tr>
                      <th scope="col">Queue</th>
                      <th scope="col">{ADMIN_TEXTS.alertsSchedule}</th>
                      <th scope="col">{ADMIN_TEXTS.alertsLastRun}</th>
                      <th scope="col">{ADMIN_TEXTS.alertsNextRun}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {alertSchedules(jobs.data.schedules).map((s) => (
                      <tr key={s.name}>
                        <th scope="row">{s.name}</th>
                        <td>
                          <code>{s.cron}</code>
                        </td>
                        <td className={s.lastState === 'failed' ? 'jobs-failed' : undefined}>
                          {s.lastRunAt
                            ? `${formatDateTime(s.lastRunAt)}${s.lastState === 'failed' ? ` (${T.counts.failed})` : ''}`
                            : ADMIN_TEXTS.alertsNever}
                        </td>
                        <td>{s.nextRunAt ? formatDateTime(s.nextRunAt) : '—'}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              <button
                type="button"
                className="button button-small"
                disabled={runAlerts.isPending}
                onClick={() =>
                  runAlerts.mutate(undefined, {
                    onSuccess: (done) => toast(done.message, 'success'),
                    onError: (err) => toast(reasonOf(err), 'error'),
                  })
                }
              >
                {runAlerts.isPending ? ADMIN_TEXTS.alertsRunning : ADMIN_TEXTS.alertsRunNow}
              </button>
            </>
          )}
          {jobs.data.failures.length === 0 ? (
            <p>{T.noFailures}</p>
          ) : (
            <>
              <h4>{T.failuresHeading}</h4>
              <ul className="jobs-failures">
                {jobs.data.failures.map((f) => (
                  <li key={f.id}>
                    <p>
                      <strong>{f.queue}</strong> · {T.failedAt(formatDateTime(f.failedAt))}
                    </p>
                    <p className="jobs-error">{f.error}</p>
                    <button
                      type="button"
                      className="button button-ghost button-small"
                      disabled={retry.isPending}
                      aria-label={T.retryLabel(f.queue, formatDateTime(f.failedAt))}
                      onClick={() =>
                        retry.mutate(f.id, {
                          onSuccess: () => toast(T.retried, 'success'),
                          onError: (err) => toast(reasonOf(err), 'error'),
                        })
                      }
                    >
                      {COMMON_TEXTS.retry}
                    </button>
                  </li>
                ))}
              </ul>
            </>
          )}
        </>
      )}
    </section>
  );
}
