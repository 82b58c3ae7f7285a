import { LoadStatus } from '../../../components/ui/load-status';
import { useToast } from '../../../components/ui/toast';
import { formatDateTime } from '../../../lib/admin/format';
import { reasonOf } from '../../../lib/errors';
import { useJobs, useRetryJob } from '../api/jobs';
import { COMMON_TEXTS } from '../../../../common/texts/common';

const COUNTS = [
  ['created', 'Waiting'],
  ['active', 'Running'],
  ['retry', 'To retry'],
  ['failed', 'Failed'],
  ['completed', 'Done'],
] as const;

/** Background jobs (decision 0050): each queue's jobs by state, the last failures with their error, and Retry. */
export function JobsPanel() {
  const toast = useToast();
  const jobs = useJobs(true);
  const retry = useRetryJob();
  return (
    <section className="category-distribution jobs-panel" aria-labelledby="jobs-heading" aria-busy={jobs.isPending}>
      <h3 id="jobs-heading">Background jobs</h3>
      {jobs.isPending || jobs.isError ? (
        <LoadStatus
          loading={jobs.isPending}
          loadingLabel="Loading the job queues"
          failure={jobs.isError && `The job queues could not be read. ${reasonOf(jobs.error)}`}
          onRetry={() => void jobs.refetch()}
          retryStyle="ghost"
        />
      ) : (
        <>
          <div className="data-table-wrap" role="region" aria-label="Jobs by queue" tabIndex={0}>
            <table className="data-table jobs-table">
              <caption className="visually-hidden">Jobs by queue and state</caption>
              <thead>
                <tr>
                  <th scope="col">Queue</th>
                  {COUNTS.map(([key, label]) => (
                    <th scope="col" key={key}>
                      {label}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {jobs.data.queues.map((q) => (
                  <tr key={q.name}>
                    <th scope="row">{q.name}</th>
                    {COUNTS.map(([key]) => (
                      <td key={key} className={key === 'failed' && q.failed > 0 ? 'jobs-failed' : undefined}>
                        {q[key].toLocaleString('en-US')}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {jobs.data.failures.length === 0 ? (
            <p>No job has failed.</p>
          ) : (
            <>
              <h4>Last failures</h4>
              <ul className="jobs-failures">
                {jobs.data.failures.map((f) => (
                  <li key={f.id}>
                    <p>
                      <strong>{f.queue}</strong> · {formatDateTime(f.failedAt)}
                    </p>
                    <p className="jobs-error">{f.error}</p>
                    <button
                      type="button"
                      className="button button-ghost button-small"
                      disabled={retry.isPending}
                      aria-label={`Retry the failed ${f.queue} job of ${formatDateTime(f.failedAt)}`}
                      onClick={() =>
                        retry.mutate(f.id, {
                          onSuccess: () => toast('The job will be tried again.', 'success'),
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
