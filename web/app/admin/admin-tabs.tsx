import { useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useSearchParams } from '../../lib/router';
import { ADMIN_TEXTS } from '../../../common/texts/admin';
import { AGENT_TEXTS } from '../../../common/texts/agents';
import { LINK_HEALTH_TEXTS } from '../../../common/texts/link-health';

export const ADMIN_TABS = [
  'images',
  'items',
  'categories',
  'requests',
  'links',
  'agents',
  'currencies',
  'database',
  'users',
  'analytics',
] as const;
export type AdminTab = (typeof ADMIN_TABS)[number];

const HEADINGS: Record<AdminTab, string> = {
  images: ADMIN_TEXTS.imageManagement,
  items: ADMIN_TEXTS.itemManagement,
  categories: ADMIN_TEXTS.categoryManagement,
  requests: ADMIN_TEXTS.requestsManagement,
  links: LINK_HEALTH_TEXTS.heading,
  agents: AGENT_TEXTS.heading,
  currencies: ADMIN_TEXTS.currencyManagement,
  database: ADMIN_TEXTS.databaseOperations,
  users: ADMIN_TEXTS.userManagement,
  analytics: ADMIN_TEXTS.analytics,
};

const isTab = (value: string | null): value is AdminTab => (ADMIN_TABS as readonly string[]).includes(value ?? '');

/**
 * The six tabs (spec section 2), images first and chosen by default. The chosen tab is kept in the address
 * (?tab=items) so a reload or a shared link opens it; arrow keys, Home and End move between tabs. A panel stays
 * mounted once opened, so its filters and page survive a visit to another tab.
 */
export function AdminTabs({ panels }: { panels: Record<AdminTab, () => ReactNode> }) {
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const active: AdminTab = isTab(requested) ? requested : 'images';
  const [visited, setVisited] = useState<ReadonlySet<AdminTab>>(() => new Set([active]));
  if (!visited.has(active)) setVisited(new Set([...visited, active]));
  const tabRefs = useRef<Partial<Record<AdminTab, HTMLButtonElement | null>>>({});

  const choose = (tab: AdminTab, focus = false) => {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (tab === 'images') next.delete('tab');
        else next.set('tab', tab);
        return next;
      },
      { replace: true },
    );
    if (focus) tabRefs.current[tab]?.focus();
  };

  const onKeyDown = (event: KeyboardEvent) => {
    const index = ADMIN_TABS.indexOf(active);
    const target =
      event.key === 'ArrowRight' || event.key === 'ArrowDown'
        ? ADMIN_TABS[(index + 1) % ADMIN_TABS.length]
        : event.key === 'ArrowLeft' || event.key === 'ArrowUp'
          ? ADMIN_TABS[(index - 1 + ADMIN_TABS.length) % ADMIN_TABS.length]
          : event.key === 'Home'
            ? ADMIN_TABS[0]
            : event.key === 'End'
              ? ADMIN_TABS[ADMIN_TABS.length - 1]
              : undefined;
    if (!target) return;
    event.preventDefault();
    choose(target, true);
  };

  return (
    <div className="admin-tabs">
      <div className="tablist" role="tablist" aria-label="Admin sections" onKeyDown={onKeyDown}>
        {ADMIN_TABS.map((tab) => (
          <button
            key={tab}
            ref={(node) => {
              tabRefs.current[tab] = node;
            }}
            type="button"
            role="tab"
            id={`admin-tab-${tab}`}
            aria-selected={tab === active}
            aria-controls={`admin-panel-${tab}`}
            tabIndex={tab === active ? 0 : -1}
            className="tab"
            onClick={() => choose(tab)}
          >
            {ADMIN_TEXTS.tabs[tab]}
          </button>
        ))}
      </div>
      {ADMIN_TABS.filter((tab) => visited.has(tab)).map((tab) => (
        <section
          key={tab}
          role="tabpanel"
          id={`admin-panel-${tab}`}
          aria-labelledby={`admin-tab-${tab}`}
          hidden={tab !== active}
          className="tabpanel"
        >
          <h2 className="tabpanel-title">{HEADINGS[tab]}</h2>
          {panels[tab]()}
        </section>
      ))}
    </div>
  );
}
