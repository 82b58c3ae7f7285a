import { describe, expect, it } from 'vitest';
import { RECENTLY_VIEWED_MAX } from '../../common/recently-viewed';
import { withView, type BrowserView } from './recently-viewed';

// The browser's list of a signed-out visitor: newest first, one entry per product, at most RECENTLY_VIEWED_MAX.
describe('withView', () => {
  const now = new Date('2026-12-02T10:00:00Z');
  it('puts the product in front, once, and drops the oldest beyond the limit', () => {
    const list: BrowserView[] = Array.from({ length: RECENTLY_VIEWED_MAX }, (_, i) => ({
      productId: `p${i}`,
      viewedAt: new Date(now.getTime() - (i + 1) * 60_000).toISOString(),
    }));
    const again = withView(list, 'p7', now);
    expect(again).toHaveLength(RECENTLY_VIEWED_MAX);
    expect(again[0]).toEqual({ productId: 'p7', viewedAt: now.toISOString() });
    expect(again.filter((v) => v.productId === 'p7')).toHaveLength(1);
    const fresh = withView(list, 'new', now);
    expect(fresh).toHaveLength(RECENTLY_VIEWED_MAX);
    expect(fresh[0]?.productId).toBe('new');
    expect(fresh.map((v) => v.productId)).not.toContain(`p${RECENTLY_VIEWED_MAX - 1}`);
    expect(withView([], 'only', now)).toEqual([{ productId: 'only', viewedAt: now.toISOString() }]);
  });
});
