import { useState } from 'react';
import { AUDIT_ACTIONS, AUDIT_PAGE_SIZE, type AuditAction } from '../../../../common/schemas/audit';
import { pageCount } from '../../../../common/schemas/paging';
import { AUDIT_TEXTS } from '../../../../common/texts/users';
import { Pager } from '../../../components/ui/pager';
import { SelectField } from '../../../components/ui/select-field';
import { LoadStatus } from '../../../components/ui/load-status';
import { reasonOf } from '../../../lib/errors';
import { useAuditLog } from '../api/get-audit-log';
import { auditSummary, auditTarget, formatDateTime } from './audit-format';
import './users.css';

type Filter = AuditAction | 'all';
const FILTERS: readonly Filter[] = ['all', ...AUDIT_ACTIONS];
const FILTER_OPTIONS = FILTERS.map((value) => ({ value, label: AUDIT_TEXTS.filters[value] }));
const C = AUDIT_TEXTS.columns;

/**
 * The audit log (issues 5 and 13): role changes, database operations and admins' changes to items, categories and
 * images, newest first, 20 a page, one kind or all.
 */
export function AuditLog() {
  const [filter, setFilter] = useState<Filter>('all');
  const [page, setPage] = useState(1);
  const log = useAuditLog({ action: filter, page });

  const total = log.data?.total ?? 0;
  const pages = pageCount(total, AUDIT_PAGE_SIZE);
  if (log.data && !log.isPlaceholderData && page > pages) setPage(pages);
  const first = (page - 1) * AUDIT_PAGE_SIZE + 1;
  const busy = log.isFetching;

  return (
    <section className="audit-log" aria-labelledby="audit-log-heading" aria-busy={busy}>
      <div className="section-bar">
        <h3 id="audit-log-heading">{AUDIT_TEXTS.heading}</h3>
        <SelectField
          label={AUDIT_TEXTS.filterLabel}
          className="audit-filter"
          options={FILTER_OPTIONS}
          value={filter}
          onChange={(event) => {
            setFilter(event.target.value as Filter);
            setPage(1);
          }}
        />
        <button type="button" className="button button-ghost" onClick={() => void log.refetch()} disabled={busy}>
          {AUDIT_TEXTS.refresh}
        </button>
      </div>
      <p className="audit-intro">{AUDIT_TEXTS.intro}</p>

      <LoadStatus
        loading={log.isPending}
        loadingLabel={AUDIT_TEXTS.loading}
        failure={log.isError && `${AUDIT_TEXTS.loadFailed}: ${reasonOf(log.error)}`}
        onRetry={() => void log.refetch()}
      />
      {log.data && (
        <>
          <p className="summary" aria-live="polite">
            {total === 0
              ? filter === 'all'
                ? AUDIT_TEXTS.empty
                : AUDIT_TEXTS.emptyFiltered
              : AUDIT_TEXTS.showing(first, Math.min(first + log.data.items.length - 1, total), total)}
          </p>
          {log.data.items.length > 0 && (
            <table className="audit-table">
              <caption className="visually-hidden">{AUDIT_TEXTS.heading}</caption>
              <thead>
                <tr>
                  <th scope="col">{C.when}</th>
                  <th scope="col">{C.who}</th>
                  <th scope="col">{C.what}</th>
                  <th scope="col">{C.status}</th>
                  <th scope="col">{C.details}</th>
                </tr>
              </thead>
              <tbody>
                {log.data.items.map((entry) => (
                  <tr key={entry.id}>
                    <td data-label={C.when}>
                      <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>
                    </td>
                    <td data-label={C.who} className="audit-who">
                      {entry.actorEmail}
                    </td>
                    <th scope="row" data-label={C.what} className="audit-what">
                      <span className="audit-kind">{AUDIT_TEXTS.actions[entry.action]}</span> {auditTarget(entry)}
                    </th>
                    <td data-label={C.status}>
                      <span className={`audit-status audit-status-${entry.status}`}>{AUDIT_TEXTS.statuses[entry.status]}</span>
                    </td>
                    <td data-label={C.details} className="audit-details">
                      {auditSummary(entry)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </>
      )}
      <Pager page={page} pageCount={pages} onChange={setPage} label={AUDIT_TEXTS.pagerLabel} />
    </section>
  );
}
