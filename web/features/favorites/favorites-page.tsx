import { Link } from '../../lib/router';
import { TEXTS } from '../../../common/texts/storefront';
import { FAVORITES_PAGE_TEXTS as T } from '../../../common/texts/favorites';
import type { Product } from '../../../common/schemas/product';
import { staticPageMeta } from '../../../common/static-page-meta';
import { PriceAlertToggle } from '../../components/price-alert-toggle';
import { ProductCard } from '../../components/product-card';
import { LoadStatus } from '../../components/ui/load-status';
import { useBrowserFavorites, useMyFavorites } from '../../lib/favorites';
import { usePageMeta } from '../../lib/page-meta';
import { useSession } from '../../lib/session';
import { useProductsByIds } from './api/get-products-by-ids';
import { LowestPrice, PriceChange } from './components/price-change';
import { SharePanel } from './components/share-panel';
import './favorites.css';

/** A find as listed: its saved price, and on the account's list its lowest price and alert. */
type Entry = { product: Product; savedPrice: number; lowestPrice?: number };

function FavoriteGrid({ entries }: { entries: Entry[] }) {
  if (entries.length === 0) {
    return (
      <div className="favorites-empty">
        <h2>{T.emptyTitle}</h2>
        <p>{T.emptyHint}</p>
        <p>
          <Link to="/" className="button button-primary">
            {T.browse}
          </Link>
        </p>
      </div>
    );
  }
  return (
    <ul className="grid" aria-labelledby="favorites-title">
      {entries.map(({ product, savedPrice, lowestPrice }) => (
        <ProductCard
          key={product.id}
          product={product}
          fadeIn={null}
          eager={false}
          note={
            <>
              <PriceChange savedPrice={savedPrice} price={product.price} />
              {lowestPrice !== undefined && <LowestPrice lowest={lowestPrice} price={product.price} />}
              {lowestPrice !== undefined && <PriceAlertToggle productId={product.id} />}
            </>
          }
        />
      ))}
    </ul>
  );
}

/** Signed in: the account's list, with its share link. */
function AccountFavorites() {
  const query = useMyFavorites(true);
  if (!query.data) {
    return (
      <LoadStatus
        loading={query.isPending}
        loadingText={T.loading}
        loadingLabel=""
        failure={query.isError && T.loadFailed}
        onRetry={() => void query.refetch()}
        retryLabel={TEXTS.retry}
      />
    );
  }
  const { items, shareToken } = query.data;
  return (
    <>
      <p className="favorites-lead">
        {T.lead} <span className="favorites-count">{T.count(items.length)}</span>
      </p>
      <SharePanel shareToken={shareToken} />
      <FavoriteGrid entries={items} />
    </>
  );
}

/** Signed out: this browser's list, each find as it is now (one deleted since is not shown). */
function BrowserFavorites() {
  const kept = useBrowserFavorites();
  const products = useProductsByIds(
    kept.map((f) => f.productId),
    true,
  );
  const byId = new Map(products.data?.map((p) => [p.id, p]));
  const entries = kept.flatMap((f) => {
    const product = byId.get(f.productId);
    return product ? [{ product, savedPrice: f.savedPrice }] : [];
  });
  const loading = kept.length > 0 && !products.data;
  return (
    <>
      <p className="favorites-lead">
        {T.leadSignedOut} <Link to="/login">{T.signInToShare}</Link>
      </p>
      {loading ? (
        <LoadStatus
          loading={products.isPending}
          loadingText={T.loading}
          loadingLabel=""
          failure={products.isError && T.loadFailed}
          onRetry={() => void products.refetch()}
          retryLabel={TEXTS.retry}
        />
      ) : (
        <FavoriteGrid entries={entries} />
      )}
    </>
  );
}

/** /favorites: the visitor's saved finds, newest first, with price changes since saving (issue 16). Not indexed. */
export default function FavoritesPage() {
  usePageMeta(staticPageMeta('favorites'));
  const session = useSession();
  return (
    <section className="favorites-page" aria-labelledby="favorites-title">
      <h1 id="favorites-title">{T.title}</h1>
      {session.status === 'signed-in' ? (
        <AccountFavorites />
      ) : session.status === 'pending' ? (
        <LoadStatus loading loadingText={T.loading} loadingLabel="" />
      ) : (
        <BrowserFavorites />
      )}
    </section>
  );
}
