import { useState } from 'react';
import { withReason } from '../../../../common/texts/admin';
import { LINK_HEALTH_TEXTS as T } from '../../../../common/texts/link-health';
import { LINK_FILTERS, LINK_HEALTH_PAGE_SIZE, type LinkFilter } from '../../../../common/link-health';
import type { FailingLink, LinkHealthOverview } from '../../../../common/schemas/link-health';
import { pageCount } from '../../../../common/schemas/paging';
import { LoadStatus } from '../../../components/ui/load-status';
import { Pager } from '../../../components/ui/pager';
import { useToast } from '../../../components/ui/toast';
import { formatDateTime } from '../../../lib/admin/format';
import { reasonOf } from '../../../lib/errors';
import { useLinkAction, useLinkHealth } from '../api/link-health';
import { MissingPicturesSetting } from './missing-pictures-setting';
import './link-health.css';

const COUNT_KEYS = ['fine', 'unavailable', 'hidden', 'unknown', 'never', 'pictures', 'noPicture', 'noLink'] as const;

function Counts({ counts }: { counts: LinkHealthOverview['counts'] }) {
  return (
    <div role="group" aria-label={T.countsLabel}>
      <dl className="link-counts">
        {COUNT_KEYS.map((key) => (
          <div key={key} className={`link-count link-count-${key}`}>
            <dt>{T.counts[key]}</dt>
            <dd>{counts[key]}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

/** The last answer in words: the answer, the status, why, and the marks the storefront shows. */
function Answer({ row }: { row: FailingLink }) {
  const parts = [
    row.answer ? T.answers[row.answer] : null,
    row.status !== null ? `HTTP ${row.status}` : null,
    row.error,
    row.answer === 'gone' ? T.goneInARow(row.goneCount) : null,
  ].filter(Boolean);
  return (
    <>
      <span>{parts.join(' · ')}</span>
      {row.finalUrl && <span className="link-final">{row.finalUrl}</span>}
      {row.linkState === 'hidden' && <span className="link-flag">{T.hidden}</span>}
      {row.pictureBroken && <span className="link-flag">{T.pictureBroken}</span>}
      {row.reportedAt && <span className="link-flag">{T.reported}</span>}
      {row.markedFineBy && <span className="link-flag">{T.markedFine(row.markedFineBy)}</span>}
    </>
  );
}

/** The Link health tab (issue 29): counts, the failing products with their last answer, Re-check now and Mark fine. */
export function LinkHealthTab() {
  const [filter, setFilter] = useState<LinkFilter>('all');
  const [page, setPage] = useState(1);
  const view = useLinkHealth(filter, page);
  const action = useLinkAction();
  const toast = useToast();
  const data = view.data;
  const pages = pageCount(data?.total ?? 0, LINK_HEALTH_PAGE_SIZE);
  if (data && !view.isPlaceholderData && page > pages) setPage(pages);

  const act = (row: FailingLink, kind: 'recheck' | 'fine') =>
    action.mutate(
      { id: row.id, title: row.title, action: kind },
      {
        onSuccess: () => toast(kind === 'recheck' ? T.rechecked(row.title) : T.markedFineDone(row.title), 'success'),
        onError: (err) => toast(withReason(kind === 'recheck' ? T.recheck : T.markFine, reasonOf(err)), 'error'),
      },
    );
  const busy = (row: FailingLink) => action.isPending && action.variables?.id === row.id;

  return (
    <div className="admin-section link-health" aria-busy={view.isFetching}>
      {data && <p className="link-intro">{T.intro(data.settings.perHostPerMinute, data.settings.perDay, data.settings.hideAfterGone)}</p>}
      <LoadStatus
        loading={view.isPending}
        loadingLabel={T.heading}
        failure={view.isError && reasonOf(view.error)}
        onRetry={() => void view.refetch()}
      />
      {data && <Counts counts={data.counts} />}
      <MissingPicturesSetting />
      <div className="section-bar">
        <label className="link-filter">
          {T.filterLabel}{' '}
          <select
            value={filter}
            onChange={(event) => {
              setFilter(event.currentTarget.value as LinkFilter);
              setPage(1);
            }}
          >
            {LINK_FILTERS.map((f) => (
              <option key={f} value={f}>
                {T.filters[f]}
              </option>
            ))}
          </select>
        </label>
      </div>
      {data && data.items.length === 0 && <p className="summary">{T.empty}</p>}
      {data && data.items.length > 0 && (
        <table className="audit-table link-table">
          <caption className="visually-hidden">{T.tableCaption}</caption>
          <thead>
            <tr>
              <th scope="col">{T.columns.product}</th>
              <th scope="col">{T.columns.answer}</th>
              <th scope="col">{T.columns.checked}</th>
              <th scope="col">{T.columns.actions}</th>
            </tr>
          </thead>
          <tbody>
            {data.items.map((row) => (
              <tr key={row.id}>
                <th scope="row" data-label={T.columns.product}>
                  <a href={row.path}>
                    #{row.number} {row.title}
                  </a>
                </th>
                <td data-label={T.columns.answer}>
                  <Answer row={row} />
                </td>
                <td data-label={T.columns.checked}>{row.checkedAt ? formatDateTime(row.checkedAt) : T.never}</td>
                <td data-label={T.columns.actions} className="link-actions">
                  <button
                    type="button"
                    className="button button-ghost button-small"
                    disabled={busy(row)}
                    aria-label={`${T.recheck}: ${row.title}`}
                    onClick={() => act(row, 'recheck')}
                  >
                    {T.recheck}
                  </button>
                  <button
                    type="button"
                    className="button button-ghost button-small"
                    disabled={busy(row)}
                    aria-label={`${T.markFine}: ${row.title}`}
                    onClick={() => act(row, 'fine')}
                  >
                    {T.markFine}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Pager page={page} pageCount={pages} onChange={setPage} label={T.tableCaption} />
    </div>
  );
}
