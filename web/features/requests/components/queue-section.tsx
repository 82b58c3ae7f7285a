import { useState, type ReactNode } from 'react';
import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import { REQUESTS_ADMIN_TEXTS as T } from '../../../../common/texts/requests-admin';
import type { RequestStatus } from '../../../../common/requests';
import { withReason } from '../../../../common/texts/admin';
import { REQUESTS_PAGE_SIZE, type StatusCounts } from '../../../../common/schemas/requests';
import { pageCount } from '../../../../common/schemas/paging';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { LoadStatus } from '../../../components/ui/load-status';
import { Pager } from '../../../components/ui/pager';
import { useToast } from '../../../components/ui/toast';
import { reasonOf } from '../../../lib/errors';
import type { QueueRequest } from '../api/keys';
import { RowStatus, StatusFilter, type StatusChoice } from './status-filter';

const C = T.columns;

type QueueRow = { id: string; status: RequestStatus };
type QueuePage<Row> = { items: Row[]; total: number; counts: StatusCounts };

/** What tells one queue from the other: its words, its calls, and the cells before Status and Actions. */
export type QueueSectionProps<Row extends QueueRow, Change extends { id: string }> = {
  headingId: string;
  texts: { heading: string; loading: string; failed: string; empty: string; pager: string; deleteTitle: string };
  /** Module-level hooks (the same function on every render): the page, a status change, a deletion. */
  useRows: (q: QueueRequest) => UseQueryResult<QueuePage<Row>>;
  useUpdate: () => UseMutationResult<unknown, Error, Change>;
  useRemove: () => UseMutationResult<unknown, Error, string>;
  statusChange: (row: Row, status: RequestStatus) => Change;
  /** How a row is named to a screen reader and in the delete dialog. */
  name: (row: Row) => string;
  headerCells: ReactNode;
  cells: (row: Row) => ReactNode;
};

/** One admin queue (issue 16): status filter, Refresh, the counts line, the table, the pager and the delete confirm. */
export function QueueSection<Row extends QueueRow, Change extends { id: string }>({
  headingId,
  texts,
  useRows,
  useUpdate,
  useRemove,
  statusChange,
  name,
  headerCells,
  cells,
}: QueueSectionProps<Row, Change>) {
  const [status, setStatus] = useState<StatusChoice>('all');
  const [page, setPage] = useState(1);
  const list = useRows({ status, page });
  const update = useUpdate();
  const remove = useRemove();
  const toast = useToast();
  const [deleting, setDeleting] = useState<Row | null>(null);

  const total = list.data?.total ?? 0;
  const pages = pageCount(total, REQUESTS_PAGE_SIZE);
  if (list.data && !list.isPlaceholderData && page > pages) setPage(pages);
  const first = (page - 1) * REQUESTS_PAGE_SIZE + 1;
  const items = list.data?.items ?? [];

  return (
    <section className="requests-queue" aria-labelledby={headingId} aria-busy={list.isFetching}>
      <div className="section-bar">
        <h3 id={headingId}>{texts.heading}</h3>
        <StatusFilter
          value={status}
          counts={list.data?.counts}
          onChange={(next) => {
            setStatus(next);
            setPage(1);
          }}
        />
        <button type="button" className="button button-ghost" onClick={() => void list.refetch()} disabled={list.isFetching}>
          {T.refresh}
        </button>
      </div>
      <LoadStatus
        loading={list.isPending}
        loadingLabel={texts.loading}
        failure={list.isError && withReason(texts.failed, reasonOf(list.error))}
        onRetry={() => void list.refetch()}
      />
      {list.data && (
        <p className="summary" aria-live="polite">
          {total === 0 ? (status === 'all' ? texts.empty : T.noneWithStatus) : T.showing(first, first + items.length - 1, total)}
        </p>
      )}
      {items.length > 0 && (
        <table className="audit-table requests-table">
          <caption className="visually-hidden">{texts.heading}</caption>
          <thead>
            <tr>
              {headerCells}
              <th scope="col">{C.status}</th>
              <th scope="col">{C.actions}</th>
            </tr>
          </thead>
          <tbody>
            {items.map((row) => (
              <tr key={row.id}>
                {cells(row)}
                <td data-label={C.status}>
                  <RowStatus
                    value={row.status}
                    what={name(row)}
                    disabled={update.isPending && update.variables?.id === row.id}
                    onChange={(next) =>
                      update.mutate(statusChange(row, next), {
                        onError: (err) => toast(withReason(T.saveFailed, reasonOf(err)), 'error'),
                      })
                    }
                  />
                </td>
                <td data-label={C.actions}>
                  <button
                    type="button"
                    className="button button-danger-ghost button-small"
                    onClick={() => setDeleting(row)}
                    aria-label={`${T.delete} ${name(row)}`}
                  >
                    {T.delete}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Pager page={page} pageCount={pages} onChange={setPage} label={texts.pager} />
      {deleting && (
        <ConfirmDialog
          title={texts.deleteTitle}
          busy={remove.isPending}
          onCancel={() => setDeleting(null)}
          onConfirm={() =>
            remove.mutate(deleting.id, {
              onSuccess: () => {
                toast(T.deleted, 'success');
                setDeleting(null);
              },
              onError: (err) => toast(withReason(T.deleteFailed, reasonOf(err)), 'error'),
            })
          }
        >
          <p>{T.deleteBody(name(deleting))}</p>
        </ConfirmDialog>
      )}
    </section>
  );
}
