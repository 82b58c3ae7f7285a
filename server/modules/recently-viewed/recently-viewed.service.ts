import { RECENTLY_VIEWED_MAX } from '../../../common/recently-viewed';
import type { LangCode } from '../../../common/i18n';
import type { BrowserView, RecentlyViewed } from '../../../common/schemas/recently-viewed';
import type { CatalogueRepo } from '../catalogue/catalogue.repo';
import { toProduct } from '../catalogue/product-answers';
import type { RecentlyViewedRepo } from './recently-viewed.repo';

/** A signed-in visitor's recently viewed products (issue 42): record a view, merge the browser's at sign-in, clear. */
export function createRecentlyViewedService(repo: RecentlyViewedRepo, catalogue: Pick<CatalogueRepo, 'findByIds'>) {
  async function list(userId: string, lang?: LangCode): Promise<RecentlyViewed> {
    const views = await repo.list(userId, RECENTLY_VIEWED_MAX);
    const products = new Map((await catalogue.findByIds(views.map((v) => v.productId))).map((p) => [p.id, toProduct(p, lang)]));
    return {
      items: views.flatMap((v) => {
        const product = products.get(v.productId);
        return product ? [{ product, viewedAt: v.viewedAt.toISOString() }] : [];
      }),
    };
  }
  return {
    list,
    /** A product page opened now; an unknown product changes nothing. */
    async viewed(userId: string, productId: string): Promise<void> {
      await repo.record(userId, [{ productId, viewedAt: null }], RECENTLY_VIEWED_MAX);
    },
    /** The browser's list joins the account's: the newest RECENTLY_VIEWED_MAX of both are kept. */
    async merge(userId: string, items: readonly BrowserView[], lang?: LangCode): Promise<RecentlyViewed> {
      await repo.record(
        userId,
        items.map((v) => ({ productId: v.productId, viewedAt: new Date(v.viewedAt) })),
        RECENTLY_VIEWED_MAX,
      );
      return list(userId, lang);
    },
    async clear(userId: string): Promise<void> {
      await repo.clear(userId);
    },
  };
}
export type RecentlyViewedService = ReturnType<typeof createRecentlyViewedService>;
