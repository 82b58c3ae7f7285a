/**
 * The site's router: wouter (decision 0063), with the few things the pages need on top of it. Every page imports its
 * links and hooks from here, never from wouter, so the router is one file to change.
 *
 * On top of wouter: history entries carry a key (Back and Forward restore the scroll position of the entry they
 * return to) and the state a navigation passed; the kind of the last navigation (a new entry, a replacement, or Back
 * and Forward); links to the current page say so (`aria-current="page"`); a page's address matches with any number of
 * trailing slashes and in any case, as the server's page matching does (web/app/routes.test.ts holds them together).
 */
import { useCallback, useMemo, useSyncExternalStore, type AnchorHTMLAttributes, type ReactNode } from 'react';
import { parse as parsePattern } from 'regexparam';
import { Link, matchRoute, Redirect, Router, useLocation as useWouterLocation, useRouter, type Parser } from 'wouter';

export { Link, Route, Switch, useParams } from 'wouter';

export type NavigationType = 'POP' | 'PUSH' | 'REPLACE';
export type NavigateOptions = { replace?: boolean; state?: unknown };
type EntryState = { key: string; usr: unknown };

/** The kind of the navigation that made the current location (what React Router calls the navigation type). */
let lastNavigation: NavigationType = 'POP';
if (typeof window !== 'undefined') {
  // Registered when this module loads, before wouter's own listener: the kind is known when the new location renders.
  window.addEventListener('popstate', () => {
    lastNavigation = 'POP';
  });
}

const newKey = () => Math.random().toString(36).slice(2, 10);

/** Every navigation (links, redirects, the hooks below) passes here: it records its kind and keys the new entry. */
const aroundNav = (navigate: (to: string, options?: unknown) => void, to: string, options?: NavigateOptions) => {
  lastNavigation = options?.replace ? 'REPLACE' : 'PUSH';
  const state: EntryState = { key: newKey(), usr: options?.state ?? null };
  navigate(to, { replace: options?.replace ?? false, state });
};

/** regexparam's patterns, with any number of trailing slashes (`/login//` is the login page, as on the server). */
export const parsePath: Parser = (route: string, loose?: boolean) => {
  const { keys, pattern } = parsePattern(route, loose);
  return { keys, pattern: loose ? pattern : new RegExp(pattern.source.replace(/\\\/\?\$$/, '\\/*$'), pattern.flags) };
};

/** Whether `path` (an address's path) is one `pattern` names, and with which parameters. */
export function matchPath(pattern: string, path: string): Record<string, string | undefined> | null {
  const [matched, params] = matchRoute(parsePath, pattern, path);
  return matched ? params : null;
}

/** The router around the site: in the browser it follows the address; on the server it renders `url` (its full path). */
export function SiteRouter({ url, base = '', children }: { url?: string; base?: string; children: ReactNode }) {
  const [ssrPath, ssrSearch] = url === undefined ? [undefined, undefined] : splitUrl(url);
  // A language's pages live under its base (`/de`): every link and route of the page stays inside it.
  return (
    <Router base={base} parser={parsePath} aroundNav={aroundNav as never} ssrPath={ssrPath} ssrSearch={ssrSearch}>
      {children}
    </Router>
  );
}

function splitUrl(url: string): [string, string] {
  const parsed = new URL(url, 'http://finder.invalid');
  return [parsed.pathname, parsed.search.slice(1)];
}

const subscribeHistory = (callback: () => void) => {
  const events = ['popstate', 'pushState', 'replaceState'];
  for (const name of events) window.addEventListener(name, callback);
  return () => {
    for (const name of events) window.removeEventListener(name, callback);
  };
};
const entryState = (): EntryState | null => {
  const state: unknown = window.history.state;
  return state && typeof state === 'object' && 'key' in state ? (state as EntryState) : null;
};

/** The raw query of the address, `?` included ('' for none), as the browser has it (not decoded). */
function useRawSearch(): string {
  const router = useRouter();
  const search = router.searchHook?.(router) ?? '';
  return search === '' || search.startsWith('?') ? search : `?${search}`;
}

export type SiteLocation = { pathname: string; search: string; key: string; state: unknown };

/** Where the visitor is: the path, the query, the history entry's key ('default' for the first) and its state. */
export function useLocation(): SiteLocation {
  const [pathname] = useWouterLocation();
  const search = useRawSearch();
  const entry = useSyncExternalStore(subscribeHistory, entryState, () => null);
  return { pathname, search, key: entry?.key ?? 'default', state: entry?.usr ?? null };
}

/** Whether the current location came from Back/Forward ('POP'), a new entry ('PUSH') or a replacement. */
export function useNavigationType(): NavigationType {
  useWouterLocation();
  return lastNavigation;
}

export function useNavigate(): (to: string, options?: NavigateOptions) => void {
  const [, navigate] = useWouterLocation();
  return navigate as (to: string, options?: NavigateOptions) => void;
}

type SearchParamsInit = URLSearchParams | string | Record<string, string>;

/**
 * The address's query as URLSearchParams, and a setter that navigates to the same path with another query. Read from
 * the raw query (wouter's own hook decodes it once before parsing, which would read `%2541` as `A`).
 */
export function useSearchParams(): [
  URLSearchParams,
  (next: SearchParamsInit | ((current: URLSearchParams) => SearchParamsInit), options?: NavigateOptions) => void,
] {
  const search = useRawSearch();
  const [, navigate] = useWouterLocation();
  const { base } = useRouter();
  // The same objects while the query is the same: pages keep them in effects' and callbacks' dependencies.
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const set = useCallback(
    (next: SearchParamsInit | ((current: URLSearchParams) => SearchParamsInit), options?: NavigateOptions) => {
      const current = new URLSearchParams(window.location.search);
      const query = new URLSearchParams(typeof next === 'function' ? next(current) : next).toString();
      // The path inside the router's base (a language's `/de`), which the navigation puts back.
      const path = window.location.pathname.slice(base.length) || '/';
      (navigate as (to: string, options?: NavigateOptions) => void)(`${path}${query ? `?${query}` : ''}`, options);
    },
    [navigate, base],
  );
  return [params, set];
}

type NavLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'className' | 'href'> & {
  to: string;
  /** Active only on this exact path, not on the pages below it. */
  end?: boolean;
  className?: string | ((state: { isActive: boolean }) => string | undefined);
  children?: ReactNode;
};

/** A link that says when it leads to the current page: `aria-current="page"` and the class `active` (or its own). */
export function NavLink({ to, end = false, className, children, ...rest }: NavLinkProps) {
  const [pathname] = useWouterLocation();
  const here = pathname.toLowerCase().replace(/\/+$/, '') || '/';
  const target = to.toLowerCase().replace(/\/+$/, '') || '/';
  const isActive = here === target || (!end && target !== '/' && here.startsWith(`${target}/`));
  const classes =
    typeof className === 'function'
      ? className({ isActive })
      : [className, isActive ? 'active' : undefined].filter(Boolean).join(' ') || undefined;
  return (
    <Link to={to} className={classes} aria-current={isActive ? 'page' : undefined} {...rest}>
      {children}
    </Link>
  );
}

/** Goes to `to` when rendered in the browser (the server renders nothing for it). */
export function Navigate({ to, replace = false }: { to: string; replace?: boolean }) {
  return <Redirect to={to} replace={replace} />;
}
