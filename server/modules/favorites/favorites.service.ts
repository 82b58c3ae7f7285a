import { randomBytes } from 'node:crypto';
import { FAVORITE_SHARE_TOKEN_BYTES, FAVORITES_LIMIT_MESSAGE, FAVORITES_MAX, sharedFavoritesPath } from '../../../common/favorites';
import type {
  BrowserFavorite,
  FavoriteChange,
  FavoriteList,
  FavoriteMergeResult,
  FavoriteShare,
  SharedFavoriteList,
} from '../../../common/schemas/favorite';
import type { Product } from '../../../common/schemas/product';
import { AppError } from '../../errors';
import type { CatalogueRepo } from '../catalogue/catalogue.repo';
import { toProduct } from '../catalogue/product-answers';
import type { LangCode } from '../../../common/i18n';
import type { FavoriteRow, FavoritesRepo } from './favorites.repo';

const PRODUCT_MISSING = 'This product is not in the catalogue (it may have been removed).';
const SHARE_MISSING = 'This list is not shared: the link is wrong, or its owner stopped sharing it.';

/** An unguessable token: 192 random bits. */
export function newShareToken(): string {
  return randomBytes(FAVORITE_SHARE_TOKEN_BYTES).toString('base64url');
}

/**
 * A signed-in person's favourites (issue 16): save, remove, merge the browser's list at sign-in, and share the list
 * read-only by a random token. Products are read through the catalogue's repo and serialised as the finder does.
 */
export function createFavoritesService(
  repo: FavoritesRepo,
  catalogue: Pick<CatalogueRepo, 'findById' | 'findByIds'>,
  /** Price alerts can be had only where mail is set up (issue 29). */
  options: { alertsAvailable: boolean } = { alertsAvailable: false },
) {
  /** The rows with their products as they are now; a row whose product went in between is left out. */
  async function withProducts(rows: FavoriteRow[], lang?: LangCode): Promise<Array<{ row: FavoriteRow; product: Product }>> {
    const products = new Map((await catalogue.findByIds(rows.map((r) => r.productId))).map((p) => [p.id, toProduct(p, lang)]));
    return rows.flatMap((row) => {
      const product = products.get(row.productId);
      return product ? [{ row, product }] : [];
    });
  }

  /** `lang`: the language of the products' titles where translated (issue 41). */
  async function list(userId: string, lang?: LangCode): Promise<FavoriteList> {
    const [rows, shareToken, all] = await Promise.all([repo.list(userId), repo.shareToken(userId), repo.alertsAll(userId)]);
    const lowest = await repo.lowestPrices(rows.map((r) => r.productId));
    const items = (await withProducts(rows, lang)).map(({ row, product }) => ({
      product,
      savedPrice: row.savedPrice,
      savedAt: row.createdAt.toISOString(),
      lowestPrice: Math.min(lowest.get(row.productId) ?? product.price, product.price),
      priceAlert: row.priceAlert,
    }));
    return { items, shareToken, priceAlerts: { available: options.alertsAvailable, all } };
  }

  return {
    list,

    /** Saves a find at its current price; saving it again changes nothing. 409 beyond FAVORITES_MAX. */
    async save(userId: string, productId: string): Promise<FavoriteChange> {
      const product = await catalogue.findById(productId);
      if (!product) throw new AppError('NOT_FOUND', PRODUCT_MISSING);
      await repo.addMissing(userId, [{ productId, savedPrice: null, savedAt: null }], FAVORITES_MAX);
      const row = await repo.find(userId, productId);
      if (!row) throw new AppError('CONFLICT', FAVORITES_LIMIT_MESSAGE);
      return { productId, saved: true, savedPrice: row.savedPrice, savedAt: row.createdAt.toISOString(), count: await repo.count(userId) };
    },

    /** Removing a find that is not saved changes nothing. */
    async remove(userId: string, productId: string): Promise<FavoriteChange> {
      await repo.remove(userId, productId);
      return { productId, saved: false, savedPrice: null, savedAt: null, count: await repo.count(userId) };
    },

    /**
     * The browser's list joins the account's (at sign-in): a find the account already has keeps its earlier saved
     * price and time; unknown products are skipped, and so are finds beyond the limit (the browser's first come first).
     */
    async merge(userId: string, items: readonly BrowserFavorite[]): Promise<FavoriteMergeResult> {
      const seen = new Set<string>();
      const unique = items.filter((item) => !seen.has(item.productId) && seen.add(item.productId));
      const wanted = unique.map((item) => ({
        productId: item.productId,
        savedPrice: item.savedPrice ?? null,
        savedAt: item.savedAt ? new Date(item.savedAt) : null,
      }));
      const before = new Set((await repo.list(userId)).map((r) => r.productId));
      const added = await repo.addMissing(userId, wanted, FAVORITES_MAX);
      const alreadyThere = unique.filter((item) => before.has(item.productId)).length;
      return { ...(await list(userId)), added: added.length, skipped: Math.max(0, unique.length - added.length - alreadyThere) };
    },

    /** The read-only link's token: the one in use, or a new one (always new with `replace`: the old link stops working). */
    async share(userId: string, replace: boolean): Promise<FavoriteShare> {
      const token = await repo.share(userId, newShareToken(), replace);
      return { token, path: sharedFavoritesPath(token) };
    },

    async unshare(userId: string): Promise<void> {
      await repo.unshare(userId);
    },

    /** Someone's shared list: the products only, nothing about the account. 404 for an unknown token. */
    async shared(token: string, lang?: LangCode): Promise<SharedFavoriteList> {
      const owner = await repo.ownerOfToken(token);
      if (!owner) throw new AppError('NOT_FOUND', SHARE_MISSING);
      const items = await withProducts(await repo.list(owner), lang);
      return { items: items.map(({ product }) => ({ product })) };
    },

    /** The products with these ids as they are now, in the order asked; ids of no product are left out. */
    async products(ids: readonly string[], lang?: LangCode): Promise<Product[]> {
      const found = new Map((await catalogue.findByIds(ids)).map((p) => [p.id, toProduct(p, lang)]));
      return ids.flatMap((id) => found.get(id) ?? []);
    },
  };
}
export type FavoritesService = ReturnType<typeof createFavoritesService>;
