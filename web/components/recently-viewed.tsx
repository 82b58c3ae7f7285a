import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { ProductsByIds } from '../../common/schemas/favorite';
import type { Product } from '../../common/schemas/product';
import { VISITS_TEXTS as T } from '../../common/texts/visits';
import { apiGet, catalogueLang } from '../lib/api-client';
import { clearViews, useBrowserViews, useMyViews } from '../lib/recently-viewed';
import { Link } from '../lib/router';
import { useSession } from '../lib/session';
import { Price } from './price';
import { ProductCard } from './product-card';
import './recently-viewed.css';

/** The visitor's recently viewed products as they are now: the account's when signed in, else this browser's. */
function useViewedProducts(): { signedIn: boolean; products: Product[] | null; failed: boolean } {
  const session = useSession();
  const signedIn = session.status === 'signed-in';
  const mine = useMyViews(signedIn);
  const browser = useBrowserViews();
  const ids = browser.map((v) => v.productId);
  const fromBrowser = useQuery({
    queryKey: ['recently-viewed', 'browser', ids.join(',')],
    queryFn: async ({ signal }) =>
      (await apiGet<ProductsByIds>('/api/products/by-ids', { ids: ids.join(','), lang: catalogueLang() }, signal)).items,
    enabled: session.status === 'signed-out' && ids.length > 0,
    staleTime: 60_000,
    placeholderData: (previous) => previous,
  });
  if (session.status === 'pending' || session.status === 'error') return { signedIn, products: null, failed: false };
  if (signedIn) return { signedIn, products: mine.data?.items.map((v) => v.product) ?? null, failed: mine.isError };
  if (ids.length === 0) return { signedIn, products: [], failed: false };
  return { signedIn, products: fromBrowser.data ?? null, failed: fromBrowser.isError };
}

/**
 * Recently viewed (issue 42): under the finder a row of small links (nothing while there is none), on /home the
 * cards. A Clear button forgets them (the account's list when signed in, else this browser's).
 */
export function RecentlyViewed({ variant }: { variant: 'strip' | 'cards' }) {
  const { signedIn, products, failed } = useViewedProducts();
  const queryClient = useQueryClient();
  const [note, setNote] = useState('');
  if (variant === 'strip' && (!products || products.length === 0))
    return (
      <p className="visually-hidden" role="status">
        {note}
      </p>
    );
  const clear = () => {
    clearViews(queryClient, signedIn).then(
      () => setNote(T.cleared),
      () => setNote(T.clearFailed),
    );
  };
  return (
    <section className={`recently-viewed recently-viewed-${variant}`} aria-labelledby={`recently-viewed-${variant}`}>
      <div className="recently-viewed-head">
        <h2 id={`recently-viewed-${variant}`}>{T.recentTitle}</h2>
        {products && products.length > 0 && (
          <button type="button" className="link-button" aria-label={T.clearLabel} onClick={clear}>
            {T.clear}
          </button>
        )}
      </div>
      <p role="status" className="recently-viewed-note">
        {note}
      </p>
      {failed && <p>{T.loadFailed}</p>}
      {products && products.length === 0 && variant === 'cards' && <p>{T.recentEmpty}</p>}
      {products && products.length > 0 && variant === 'cards' && (
        <ul className="grid">
          {products.map((product) => (
            <ProductCard key={product.id} product={product} fadeIn={null} eager={false} />
          ))}
        </ul>
      )}
      {products && products.length > 0 && variant === 'strip' && (
        <ul className="recently-viewed-list">
          {products.map((product) => (
            <li key={product.id}>
              <Link to={product.path} className="recently-viewed-item">
                {product.thumbnail || product.image ? (
                  <img src={product.thumbnail ?? product.image ?? ''} alt="" width={72} height={72} loading="lazy" decoding="async" />
                ) : (
                  <span className="recently-viewed-missing" aria-hidden="true" />
                )}
                <span className="recently-viewed-title" dir="auto">
                  {product.title}
                </span>
                <Price value={product.price} />
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
