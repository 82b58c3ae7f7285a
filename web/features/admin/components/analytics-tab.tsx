import { ADMIN_TEXTS } from '../../../../common/admin-constants';
import { ComingSoon } from './coming-soon';

/** Analytics (issue 5). */
export function AnalyticsTab() {
  return <ComingSoon text={ADMIN_TEXTS.analyticsComingSoon} />;
}
