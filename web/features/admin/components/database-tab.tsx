import { ADMIN_TEXTS } from '../../../../common/admin-constants';
import { hasRole } from '../../../../common/roles';
import { Spinner } from '../../../components/ui/spinner';
import { useSession } from '../../../lib/session';

/**
 * Database Operations (spec sections 2 and 6): only developers see the operations; others see why not. The
 * operations themselves are the next release's (issue 5); this tab already answers who may use them.
 */
export function DatabaseTab() {
  const session = useSession();
  if (session.status === 'pending') {
    return (
      <div className="status status-loading" role="status">
        <Spinner label="" />
        <p>{ADMIN_TEXTS.checkingDeveloper}</p>
      </div>
    );
  }
  // Spec section 6: a failed check means "not a developer".
  if (!hasRole(session.user, 'developer')) {
    return (
      <div className="notice">
        <h3>{ADMIN_TEXTS.developerRequiredTitle}</h3>
        <p>{ADMIN_TEXTS.developerRequiredText}</p>
      </div>
    );
  }
  return (
    <div className="notice">
      <h3>{ADMIN_TEXTS.comingSoon}</h3>
      <p>
        Bulk catalogue maintenance (Update Pants, Shirt, Shoe and Jacket Category, Update Accessories, Update Women Categories,
        Add Gender Property and the category distribution) arrives in the next release.
      </p>
    </div>
  );
}
