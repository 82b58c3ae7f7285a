import { Link } from '../../../lib/router';
import { REQUESTS_ADMIN_TEXTS as T } from '../../../../common/texts/requests-admin';
import type { RequestStatus } from '../../../../common/requests';
import type { LinkReport } from '../../../../common/schemas/requests';
import { useDeleteLinkReport } from '../api/delete-link-report';
import { useLinkReports } from '../api/get-link-reports';
import { useUpdateLinkReport } from '../api/update-link-report';
import { formatWhen, shortLink } from './format';
import { QueueSection } from './queue-section';

const C = T.columns;
const texts = {
  heading: T.reportsHeading,
  loading: T.loadingReports,
  failed: T.reportsFailed,
  empty: T.noReports,
  pager: T.reportsPager,
  deleteTitle: T.deleteReportTitle,
};
const statusChange = (report: LinkReport, status: RequestStatus) => ({ id: report.id, status });
const productName = (r: LinkReport) => `${T.openProduct(r.product.number)} ${r.product.title}`;

/** Broken links (issue 16): visitors' reports of products whose BUY did not work, with the link as it is now. */
export function LinkReportsSection() {
  return (
    <QueueSection
      headingId="link-reports-heading"
      texts={texts}
      useRows={useLinkReports}
      useUpdate={useUpdateLinkReport}
      useRemove={useDeleteLinkReport}
      statusChange={statusChange}
      name={productName}
      headerCells={
        <>
          <th scope="col">{C.product}</th>
          <th scope="col">{C.report}</th>
          <th scope="col">{C.when}</th>
        </>
      }
      cells={(report) => (
        <>
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
        </>
      )}
    />
  );
}
