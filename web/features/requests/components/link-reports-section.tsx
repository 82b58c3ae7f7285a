import { useState } from 'react';
import { Link } from 'react-router';
import { REQUESTS_ADMIN_TEXTS as T, withReason } from '../../../../common/admin-constants';
import { REQUESTS_PAGE_SIZE, type LinkReport } from '../../../../common/schemas/requests';
import { pageCount } from '../../../../common/schemas/paging';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { LoadStatus } from '../../../components/ui/load-status';
import { Pager } from '../../../components/ui/pager';
import { useToast } from '../../../components/ui/toast';
import { reasonOf } from '../../../lib/errors';
import { useDeleteLinkReport } from '../api/delete-link-report';
import { useLinkReports } from '../api/get-link-reports';
import { useUpdateLinkReport } from '../api/update-link-report';
import { formatWhen, shortLink } from './format';
import { RowStatus, StatusFilter, type StatusChoice } from './status-filter';

const C = T.columns;
const productName = (r: LinkReport) => `${T.openProduct(r.product.number)} ${r.product.title}`;

/** Broken links (issue 16): visitors' reports of products whose BUY did not work, with the link as it is now. */
export function LinkReportsSection() {
  const [status, setStatus] = useState<StatusChoice>('all');
  const [page, setPage] = useState(1);
  const list = useLinkReports({ status, page });
  const update = useUpdateLinkReport();
  const remove = useDeleteLinkReport();
  const toast = useToast();
  const [deleting, setDeleting] = useState<LinkReport | null>(null);

  const total = list.data?.total ?? 0;
  const pages = pageCount(total, REQUESTS_PAGE_SIZE);
  if (list.data && !list.isPlaceholderData && page > pages) setPage(pages);
  const first = (page - 1) * REQUESTS_PAGE_SIZE + 1;
  const items = list.data?.items ?? [];

  return (
    <section className="requests-queue" aria-labelledby="link-reports-heading" aria-busy={list.isFetching}>
      <div className="section-bar">
        <h3 id="link-reports-heading">{T.reportsHeading}</h3>
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
        loadingLabel={T.loadingReports}
        failure={list.isError && withReason(T.reportsFailed, reasonOf(list.error))}
        onRetry={() => void list.refetch()}
      />
      {list.data && (
        <p className="summary" aria-live="polite">
          {total === 0 ? (status === 'all' ? T.noReports : T.noneWithStatus) : T.showing(first, first + items.length - 1, total)}
        </p>
      )}
      {items.length > 0 && (
        <table className="audit-table requests-table">
          <caption className="visually-hidden">{T.reportsHeading}</caption>
          <thead>
            <tr>
              <th scope="col">{C.product}</th>
              <th scope="col">{C.report}</th>
              <th scope="col">{C.when}</th>
              <th scope="col">{C.status}</th>
              <th scope="col">{C.actions}</th>
            </tr>
          </thead>
          <tbody>
            {items.map((report) => (
              <tr key={report.id}>
                <th scope="row" data-label={C.product} className="requests-what">
                  <Link to={report.product.path}>{productName(report)}</Link>
                  {report.product.link ? (
                    <a
                      className="requests-link"
                      href={report.product.link}
                      target="_blank"
                      rel="noopener noreferrer nofollow"
                      title={report.product.link}
                    >
                      {T.currentLink}: {shortLink(report.product.link)}
                    </a>
                  ) : (
                    <span className="requests-muted">{T.noBuyLink}</span>
                  )}
                </th>
                <td data-label={C.report} className="requests-note">
                  {report.note ? <span>{report.note}</span> : <span className="requests-muted">{T.noNote}</span>}
                  {report.agent && <span className="requests-muted">{T.viaAgent(report.agent)}</span>}
                </td>
                <td data-label={C.when}>
                  <time dateTime={report.createdAt}>{formatWhen(report.createdAt)}</time>
                </td>
                <td data-label={C.status}>
                  <RowStatus
                    value={report.status}
                    what={productName(report)}
                    disabled={update.isPending && update.variables?.id === report.id}
                    onChange={(next) =>
                      update.mutate(
                        { id: report.id, status: next },
                        { onError: (err) => toast(withReason(T.saveFailed, reasonOf(err)), 'error') },
                      )
                    }
                  />
                </td>
                <td data-label={C.actions}>
                  <button
                    type="button"
                    className="button button-danger-ghost button-small"
                    onClick={() => setDeleting(report)}
                    aria-label={`${T.delete} ${productName(report)}`}
                  >
                    {T.delete}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Pager page={page} pageCount={pages} onChange={setPage} label={T.reportsPager} />
      {deleting && (
        <ConfirmDialog
          title={T.deleteReportTitle}
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
          <p>{T.deleteBody(productName(deleting))}</p>
        </ConfirmDialog>
      )}
    </section>
  );
}
