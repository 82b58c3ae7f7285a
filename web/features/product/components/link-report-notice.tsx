import { Link } from '../../../lib/router';
import { REQUEST_TEXTS } from '../../../../common/texts/requests';
import { REQUESTS_TAB_PATH } from '../../../../common/requests';
import { useSession } from '../../../lib/session';
import { useLinkReportState } from '../api/get-link-report-state';

/**
 * For admins only: "Link reported" with the number of open reports (new or planned) and the way to the queue. Asked
 * only once the session says admin; the server refuses anyone else, so nothing shows for them either way.
 */
export function LinkReportNotice({ productId }: { productId: string }) {
  const session = useSession();
  const isAdmin = session.status === 'signed-in' && session.user.isAdmin;
  const state = useLinkReportState(productId, isAdmin);
  const open = isAdmin ? (state.data?.open ?? 0) : 0;
  if (open === 0) return null;
  return (
    <p className="link-reported" role="note">
      <strong>{REQUEST_TEXTS.linkReported(open)}</strong> <Link to={REQUESTS_TAB_PATH}>{REQUEST_TEXTS.openQueue}</Link>
    </p>
  );
}
