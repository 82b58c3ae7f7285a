import { useState } from 'react';
import { REQUESTS_ADMIN_TEXTS as T, withReason } from '../../../../common/admin-constants';
import { REQUESTS_PAGE_SIZE, type ItemRequest } from '../../../../common/schemas/requests';
import { pageCount } from '../../../../common/schemas/paging';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { LoadStatus } from '../../../components/ui/load-status';
import { Pager } from '../../../components/ui/pager';
import { useToast } from '../../../components/ui/toast';
import { reasonOf } from '../../../lib/errors';
import { useDeleteItemRequest } from '../api/delete-item-request';
import { useItemRequests } from '../api/get-item-requests';
import { useUpdateItemRequest } from '../api/update-item-request';
import { formatWhen, shortLink } from './format';
import { ProductLinker } from './product-linker';
import { RowStatus, StatusFilter, type StatusChoice } from './status-filter';

const C = T.columns;

/** Item requests (issue 16): what visitors asked for after a search found nothing, newest first, 20 a page. */
export function ItemRequestsSection() {
  const [status, setStatus] = useState<StatusChoice>('all');
  const [page, setPage] = useState(1);
  const list = useItemRequests({ status, page });
  const update = useUpdateItemRequest();
  const remove = useDeleteItemRequest();
  const toast = useToast();
  const [deleting, setDeleting] = useState<ItemRequest | null>(null);

  const total = list.data?.total ?? 0;
  const pages = pageCount(total, REQUESTS_PAGE_SIZE);
  if (list.data && !list.isPlaceholderData && page > pages) setPage(pages);
  const first = (page - 1) * REQUESTS_PAGE_SIZE + 1;
  const items = list.data?.items ?? [];

  return (
    <section className="requests-queue" aria-labelledby="item-requests-heading" aria-busy={list.isFetching}>
      <div className="section-bar">
        <h3 id="item-requests-heading">{T.requestsHeading}</h3>
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
        loadingLabel={T.loadingRequests}
        failure={list.isError && withReason(T.requestsFailed, reasonOf(list.error))}
        onRetry={() => void list.refetch()}
      />
      {list.data && (
        <p className="summary" aria-live="polite">
          {total === 0 ? (status === 'all' ? T.noRequests : T.noneWithStatus) : T.showing(first, first + items.length - 1, total)}
        </p>
      )}
      {items.length > 0 && (
        <table className="audit-table requests-table">
          <caption className="visually-hidden">{T.requestsHeading}</caption>
          <thead>
            <tr>
              <th scope="col">{C.request}</th>
              <th scope="col">{C.when}</th>
              <th scope="col">{C.product}</th>
              <th scope="col">{C.status}</th>
              <th scope="col">{C.actions}</th>
            </tr>
          </thead>
          <tbody>
            {items.map((item) => (
              <tr key={item.id}>
                <th scope="row" data-label={C.request} className="requests-what">
                  <span className="requests-query">{item.query}</span>
                  {item.link ? (
                    <a className="requests-link" href={item.link} target="_blank" rel="noopener noreferrer nofollow" title={item.link}>
                      {shortLink(item.link)}
                    </a>
                  ) : (
                    <span className="requests-muted">{T.noLink}</span>
                  )}
                </th>
                <td data-label={C.when}>
                  <time dateTime={item.createdAt}>{formatWhen(item.createdAt)}</time>
                </td>
                <td data-label={C.product}>
                  <ProductLinker request={item} />
                </td>
                <td data-label={C.status}>
                  <RowStatus
                    value={item.status}
                    what={item.query}
                    disabled={update.isPending && update.variables?.id === item.id}
                    onChange={(next) =>
                      update.mutate(
                        { id: item.id, change: { status: next } },
                        { onError: (err) => toast(withReason(T.saveFailed, reasonOf(err)), 'error') },
                      )
                    }
                  />
                </td>
                <td data-label={C.actions}>
                  <button
                    type="button"
                    className="button button-danger-ghost button-small"
                    onClick={() => setDeleting(item)}
                    aria-label={`${T.delete} ${item.query}`}
                  >
                    {T.delete}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Pager page={page} pageCount={pages} onChange={setPage} label={T.requestsPager} />
      {deleting && (
        <ConfirmDialog
          title={T.deleteRequestTitle}
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
          <p>{T.deleteBody(deleting.query)}</p>
        </ConfirmDialog>
      )}
    </section>
  );
}
