import { ADMIN_TEXTS } from '../../../../common/admin-constants';
import { ComingSoon } from './coming-soon';

/** User management (issue 5). */
export function UsersTab() {
  return <ComingSoon text={ADMIN_TEXTS.usersComingSoon} />;
}
