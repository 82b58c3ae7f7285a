import { REQUESTS_ADMIN_TEXTS as T } from '../../../../common/texts/requests-admin';
import type { RequestStatus } from '../../../../common/requests';
import type { ItemRequest } from '../../../../common/schemas/requests';
import { useDeleteItemRequest } from '../api/delete-item-request';
import { useItemRequests } from '../api/get-item-requests';
import { useUpdateItemRequest } from '../api/update-item-request';
import { formatWhen, shortLink } from './format';
import { ProductLinker } from './product-linker';
import { QueueSection } from './queue-section';

const C = T.columns;
const texts = {
  heading: T.requestsHeading,
  loading: T.loadingRequests,
  failed: T.requestsFailed,
  empty: T.noRequests,
  pager: T.requestsPager,
  deleteTitle: T.deleteRequestTitle,
};
const statusChange = (item: ItemRequest, status: RequestStatus) => ({ id: item.id, change: { status } });
const name = (item: ItemRequest) => item.query;

/** Item requests (issue 16): what visitors asked for after a search found nothing, newest first, 20 a page. */
export function ItemRequestsSection() {
  return (
    <QueueSection
      headingId="item-requests-heading"
      texts={texts}
      useRows={useItemRequests}
      useUpdate={useUpdateItemRequest}
      useRemove={useDeleteItemRequest}
      statusChange={statusChange}
      name={name}
      headerCells={
        <>
          <th scope="col">{C.request}</th>
          <th scope="col">{C.when}</th>
          <th scope="col">{C.product}</th>
        </>
      }
      cells={(item) => (
        <>
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
        </>
      )}
    />
  );
}
