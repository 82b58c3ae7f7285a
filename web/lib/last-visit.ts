// New since your last visit (issue 42): when this browser was last on the site. A visit is a run of pages with no
// gap longer than VISIT_GAP_MS; the previous visit's last moment is what "new since your last visit" counts from.
// Kept in this browser (localStorage), signed in or not.
import { useEffect } from 'react';
import { browserStore } from './browser-store';

/** A pause longer than this starts a new visit. */
export const VISIT_GAP_MS = 30 * 60_000;

/** `lastSeen`: the last page of this browser; `since`: the end of the visit before this one (null: the first visit). */
export type Visit = { lastSeen: string; since: string | null };

const kept = browserStore<Visit | null>(
  'finder:visit',
  (text) => {
    const v = (text ? JSON.parse(text) : null) as Partial<Visit> | null;
    return typeof v?.lastSeen === 'string' && (typeof v.since === 'string' || v.since === null) ? (v as Visit) : null;
  },
  null,
);

/** The whole minute before a time: the count's question stays the same for a minute (shared answers can serve it). */
function minuteOf(iso: string): string {
  const at = new Date(iso);
  at.setUTCSeconds(0, 0);
  return at.toISOString();
}

/** The visit after a page at `now`: the same visit within the gap, else a new one counting from the last page. */
export function nextVisit(previous: Visit | null, now: Date): Visit {
  if (!previous) return { lastSeen: now.toISOString(), since: null };
  const gap = now.getTime() - Date.parse(previous.lastSeen);
  return { lastSeen: now.toISOString(), since: gap > VISIT_GAP_MS ? minuteOf(previous.lastSeen) : previous.since };
}

/** Notes a page now (at mount, and when the tab is shown again). Mounted once, in the layout's later part. */
export function useVisitTracking(): void {
  useEffect(() => {
    const mark = () => kept.write(nextVisit(kept.read(), new Date()));
    mark();
    const onShow = () => {
      if (document.visibilityState === 'visible') mark();
    };
    document.addEventListener('visibilitychange', onShow);
    return () => document.removeEventListener('visibilitychange', onShow);
  }, []);
}

/** The end of the previous visit, or null on a first visit (and on the server, and while hydrating). */
export function useLastVisit(): string | null {
  return kept.use()?.since ?? null;
}
