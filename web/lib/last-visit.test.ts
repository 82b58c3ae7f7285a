import { describe, expect, it } from 'vitest';
import { nextVisit, VISIT_GAP_MS } from './last-visit';

describe('the visit a page belongs to', () => {
  const t0 = new Date('2026-12-01T09:30:42.123Z');
  it('a first visit has nothing to count from; pages within the gap are the same visit', () => {
    const first = nextVisit(null, t0);
    expect(first).toEqual({ lastSeen: t0.toISOString(), since: null });
    const soon = nextVisit(first, new Date(t0.getTime() + VISIT_GAP_MS - 1000));
    expect(soon.since).toBeNull();
  });
  it('after a longer pause a new visit counts from the last page before it (its whole minute)', () => {
    const first = nextVisit(null, t0);
    const back = nextVisit(first, new Date(t0.getTime() + 2 * 24 * 3600_000));
    expect(back.since).toBe('2026-12-01T09:30:00.000Z');
    // Later pages of that visit keep counting from the same moment.
    const later = nextVisit(back, new Date(t0.getTime() + 2 * 24 * 3600_000 + 60_000));
    expect(later.since).toBe('2026-12-01T09:30:00.000Z');
  });
});
