import { REQUESTS_ADMIN_TEXTS as T } from '../../../../common/texts/requests-admin';
import { ItemRequestsSection } from './item-requests-section';
import { LinkReportsSection } from './link-reports-section';
import './requests.css';

/** The Requests tab (issue 16): the two queues, each with its status filter and pager. */
export function RequestsTab() {
  return (
    <div className="admin-section requests-tab">
      <p className="requests-intro">{T.intro}</p>
      <ItemRequestsSection />
      <LinkReportsSection />
    </div>
  );
}
