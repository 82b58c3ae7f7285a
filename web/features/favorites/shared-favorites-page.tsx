import { Link, useParams } from '../../lib/router';
import { TEXTS } from '../../../common/texts/storefront';
import { FAVORITES_PAGE_TEXTS as T } from '../../../common/texts/favorites';
import { sharedFavoritesMeta } from '../../../common/static-page-meta';
import { ProductCard } from '../../components/product-card';
import { LoadStatus } from '../../components/ui/load-status';
import { usePageMeta } from '../../lib/page-meta';
import { useSharedFavorites } from './api/get-shared-favorites';
import './favorites.css';

/** /favorites/shared/<token>: someone's favourites, read-only; a token no list has says so (404). Not indexed. */
export default function SharedFavoritesPage() {
  const { token = '' } = useParams();
  const query = useSharedFavorites(token);
  usePageMeta(query.data === undefined ? null : sharedFavoritesMeta(query.data !== null));

  if (query.data === null) {
    return (
      <section className="favorites-page" aria-labelledby="favorites-title">
        <h1 id="favorites-title">{T.sharedMissingTitle}</h1>
        <p>{T.sharedMissingText}</p>
        <p>
          <Link to="/" className="button button-primary">
            {T.browse}
          </Link>
        </p>
      </section>
    );
  }
  if (!query.data) {
    return (
      <LoadStatus
        loading={query.isPending}
        loadingText={T.sharedLoading}
        loadingLabel=""
        failure={query.isError && T.sharedLoadFailed}
        onRetry={() => void query.refetch()}
        retryLabel={TEXTS.retry}
      />
    );
  }
  const { items } = query.data;
  return (
    <section className="favorites-page" aria-labelledby="favorites-title">
      <h1 id="favorites-title">{T.sharedTitle}</h1>
      <p className="favorites-lead">
        {T.sharedLead} <span className="favorites-count">{T.count(items.length)}</span>
      </p>
      {items.length === 0 ? (
        <p>{T.sharedEmpty}</p>
      ) : (
        <ul className="grid" aria-labelledby="favorites-title">
          {items.map(({ product }) => (
            <ProductCard key={product.id} product={product} fadeIn={null} eager={false} />
          ))}
        </ul>
      )}
    </section>
  );
}
