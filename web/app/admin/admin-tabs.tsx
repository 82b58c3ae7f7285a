import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
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
  'guides',
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
  guides: ADMIN_TEXTS.guidesManagement,
};

/** Room kept for the More button beside the tabs that fit. */
const MORE_BUTTON_PX = 104;

const isTab = (value: string | null): value is AdminTab => (ADMIN_TABS as readonly string[]).includes(value ?? '');

/** Tabs in the strip: those that fit its width in order (`fit` of them), and the open one always. */
function shownTabs(fit: number, active: AdminTab): AdminTab[] {
  return ADMIN_TABS.filter((tab, i) => i < fit || tab === active);
}

/**
 * How many tabs fit, in order, in `available` pixels beside the More button (`more` wide), keeping room for the open
 * tab when it is not among them: every one when all fit without the button.
 */
export function tabsThatFit(widths: readonly number[], gap: number, available: number, more: number, activeIndex: number): number {
  const total = widths.reduce((sum, w) => sum + w, 0) + gap * Math.max(0, widths.length - 1);
  if (total <= available) return widths.length;
  let used = more;
  let fit = 0;
  for (let i = 0; i < widths.length; i++) {
    const reserve = activeIndex > i ? (widths[activeIndex] ?? 0) + gap : 0;
    if (used + gap + (widths[i] ?? 0) + reserve > available) break;
    used += gap + (widths[i] ?? 0);
    fit = i + 1;
  }
  return fit;
}

/**
 * The tabs that do not fit the strip, behind a More button (issue 40: "Analytics" was cut off at 1280 px): a menu
 * button (aria-haspopup, aria-expanded) whose menu opens with Enter, Space or ArrowDown on its first item; arrow
 * keys, Home and End move, Enter picks, Escape and Tab close it (Escape back to the button).
 */
function MoreTabs({ tabs, onChoose }: { tabs: AdminTab[]; onChoose: (tab: AdminTab) => void }) {
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const itemRefs = useRef<Array<HTMLButtonElement | null>>([]);
  const wrapRef = useRef<HTMLDivElement>(null);
  const menuId = 'admin-tabs-more';

  useEffect(() => {
    if (!open) return;
    const close = (event: PointerEvent) => {
      if (!wrapRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', close);
    return () => document.removeEventListener('pointerdown', close);
  }, [open]);

  const focusItem = (i: number) => itemRefs.current[(i + tabs.length) % tabs.length]?.focus();
  const openMenu = (first: 'first' | 'last' = 'first') => {
    flushSync(() => setOpen(true));
    focusItem(first === 'first' ? 0 : tabs.length - 1);
  };
  const onButtonKey = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      openMenu(event.key === 'ArrowDown' ? 'first' : 'last');
    }
  };
  const onMenuKey = (event: KeyboardEvent) => {
    const index = itemRefs.current.findIndex((node) => node === document.activeElement);
    if (event.key === 'ArrowDown') focusItem(index + 1);
    else if (event.key === 'ArrowUp') focusItem(index - 1);
    else if (event.key === 'Home') focusItem(0);
    else if (event.key === 'End') focusItem(tabs.length - 1);
    else if (event.key === 'Escape') {
      setOpen(false);
      buttonRef.current?.focus();
    } else if (event.key === 'Tab') {
      setOpen(false);
      return;
    } else return;
    event.preventDefault();
  };

  if (tabs.length === 0) return null;
  return (
    <div className="tabs-more" ref={wrapRef}>
      <button
        ref={buttonRef}
        type="button"
        className="tab tabs-more-button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => (open ? setOpen(false) : openMenu())}
        onKeyDown={onButtonKey}
      >
        {ADMIN_TEXTS.moreTabs}
        <span className="tabs-more-chevron" aria-hidden="true" />
      </button>
      <ul id={menuId} role="menu" aria-label={ADMIN_TEXTS.moreTabs} className="tabs-more-menu" hidden={!open} onKeyDown={onMenuKey}>
        {tabs.map((tab, i) => (
          <li key={tab} role="none">
            <button
              ref={(node) => {
                itemRefs.current[i] = node;
              }}
              type="button"
              role="menuitem"
              tabIndex={-1}
              onClick={() => {
                setOpen(false);
                onChoose(tab);
              }}
            >
              {ADMIN_TEXTS.tabs[tab]}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * The tabs (spec section 2), images first and chosen by default. The chosen tab is kept in the address (?tab=items)
 * so a reload or a shared link opens it; arrow keys, Home and End move between the tabs in the strip. The tabs that
 * do not fit its width (measured once shown, again as it resizes) are behind More; the open one is always in the
 * strip. A panel stays mounted once opened, so its filters and page survive a visit to another tab.
 */
export function AdminTabs({ panels }: { panels: Record<AdminTab, () => ReactNode> }) {
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const active: AdminTab = isTab(requested) ? requested : 'images';
  const [visited, setVisited] = useState<ReadonlySet<AdminTab>>(() => new Set([active]));
  if (!visited.has(active)) setVisited(new Set([...visited, active]));
  const tabRefs = useRef<Partial<Record<AdminTab, HTMLButtonElement | null>>>({});
  const stripRef = useRef<HTMLDivElement>(null);
  const widths = useRef<number[] | null>(null);
  const [fit, setFit] = useState<number>(ADMIN_TABS.length);
  const activeIndex = ADMIN_TABS.indexOf(active);

  // Each tab's width is measured while all are shown (the first layout), then the strip's width decides how many fit.
  useLayoutEffect(() => {
    const strip = stripRef.current;
    if (!strip) return;
    const measure = () => {
      widths.current ??= ADMIN_TABS.map((tab) => tabRefs.current[tab]?.getBoundingClientRect().width ?? 0);
      const list = strip.querySelector('[role="tablist"]');
      const gap = list ? parseFloat(getComputedStyle(list).columnGap) || 0 : 0;
      setFit(tabsThatFit(widths.current, gap, strip.clientWidth, MORE_BUTTON_PX, activeIndex));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(strip);
    return () => observer.disconnect();
  }, [activeIndex]);

  const shown = shownTabs(fit, active);
  const overflow = ADMIN_TABS.filter((tab) => !shown.includes(tab));

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
    if (focus) requestAnimationFrame(() => tabRefs.current[tab]?.focus());
  };

  const onKeyDown = (event: KeyboardEvent) => {
    const index = shown.indexOf(active);
    const target =
      event.key === 'ArrowRight' || event.key === 'ArrowDown'
        ? shown[(index + 1) % shown.length]
        : event.key === 'ArrowLeft' || event.key === 'ArrowUp'
          ? shown[(index - 1 + shown.length) % shown.length]
          : event.key === 'Home'
            ? shown[0]
            : event.key === 'End'
              ? shown[shown.length - 1]
              : undefined;
    if (!target) return;
    event.preventDefault();
    choose(target, true);
  };

  return (
    <div className="admin-tabs">
      <div className="tabstrip" ref={stripRef}>
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
              hidden={!shown.includes(tab)}
              onClick={() => choose(tab)}
            >
              {ADMIN_TEXTS.tabs[tab]}
            </button>
          ))}
        </div>
        <MoreTabs tabs={overflow} onChoose={(tab) => choose(tab, true)} />
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
