import { Link } from '../../lib/router';
import { AUTH_TEXTS } from '../../../common/texts/storefront-later';
import type { Me } from '../../../common/schemas/user';
import { useSetReferralCode } from '../../features/agents/api/set-referral-code';
import { useDisableAgentsWithoutReferral } from '../../features/agents/api/disable-without-referral';
import { AgentsTab } from '../../features/agents/components/agents-tab';
import { AnalyticsTab } from '../../features/analytics/components/analytics-tab';
import { CategoriesTab } from '../../features/categories/components/categories-tab';
import { SynonymsSection } from '../../features/synonyms/components/synonyms-section';
import { BrandListSection } from '../../features/synonyms/components/brand-list-section';
import { useCategoryInitialisation } from '../../features/categories/hooks/use-category-initialisation';
import { CurrenciesTab } from '../../features/currency/components/currencies-tab';
import { DatabaseTab } from '../../features/database/components/database-tab';
import { ImagePicker } from '../../features/images/components/image-picker';
import { ImagesTab } from '../../features/images/components/images-tab';
import { useImportControls } from '../../features/imports/hooks/use-import-controls';
import { ItemsTab } from '../../features/items/components/items-tab';
import { RequestsTab } from '../../features/requests/components/requests-tab';
import { LinkHealthTab } from '../../features/link-health/components/link-health-tab';
import { SetupChecklist } from '../../features/setup/components/setup-checklist';
import { UsersTab } from '../../features/users/components/users-tab';
import { GuidesTab } from '../../features/guides-admin/components/guides-tab';
import { AdminTabs } from './admin-tabs';
import { useMemoryWarning } from './use-memory-warning';
import './admin.css';

/** The Items tab with what the Imports and Images areas show inside it (features never import each other). */
function ItemsPanel() {
  const imports = useImportControls();
  return <ItemsTab imports={imports} imagePicker={ImagePicker} />;
}

/** The setup checklist, saving referral codes and turning off agents through the Agents area's own calls. */
function SetupPanel() {
  const setReferralCode = useSetReferralCode();
  const disableUncoded = useDisableAgentsWithoutReferral();
  return (
    <SetupChecklist
      saveReferralCode={(id, referralCode) => setReferralCode.mutateAsync({ id, referralCode })}
      disableUncodedAgents={() => disableUncoded.mutateAsync()}
    />
  );
}

const PANELS = {
  images: () => <ImagesTab />,
  items: () => <ItemsPanel />,
  // The search's synonyms sit with the categories: both are the words visitors find products by.
  categories: () => (
    <>
      <CategoriesTab />
      <SynonymsSection />
      <BrandListSection />
    </>
  ),
  requests: () => <RequestsTab />,
  links: () => <LinkHealthTab />,
  agents: () => <AgentsTab />,
  currencies: () => <CurrenciesTab />,
  database: () => <DatabaseTab />,
  users: () => <UsersTab />,
  analytics: () => <AnalyticsTab />,
  guides: () => <GuidesTab imagePicker={ImagePicker} />,
};

function MemoryWarning() {
  const ratio = useMemoryWarning();
  if (ratio === null) return null;
  return (
    <p className="memory-warning" role="status">
      High memory use: {Math.round(ratio * 100)}% of the JavaScript heap (development build only). Reload the page if the dashboard slows
      down.
    </p>
  );
}

/**
 * The dashboard itself, for a signed-in admin: its own chunk, so that the gate (checking, not signed in, not an admin)
 * shows without loading every tab's code, and a visitor who is not an admin never downloads it.
 */
export default function AdminDashboard({ user }: { user: Me }) {
  useCategoryInitialisation(true);
  return (
    <section className="admin" aria-labelledby="admin-title">
      <header className="admin-header">
        <div>
          <h1 id="admin-title">{AUTH_TEXTS.adminTitle}</h1>
          <p className="admin-welcome">Welcome, {user.email}</p>
        </div>
        <Link to="/" className="button button-ghost">
          {AUTH_TEXTS.backToStore}
        </Link>
      </header>
      <MemoryWarning />
      <SetupPanel />
      <AdminTabs panels={PANELS} />
    </section>
  );
}
