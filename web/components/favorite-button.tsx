import { FAVORITE_TEXTS } from '../../common/texts/storefront';
import type { Product } from '../../common/schemas/product';
import { useFavorite } from '../lib/favorites';
import './favorite-button.css';

type Props = {
  product: Product;
  /** card: a round heart over the card's picture; page: a button with a word beside the heart. */
  variant?: 'card' | 'page';
};

/**
 * The heart (issue 16): saves the find to the visitor's favourites or removes it; pressed while saved. Signed out it
 * is kept in this browser, signed in on the account.
 */
export function FavoriteButton({ product, variant = 'card' }: Props) {
  const { saved, toggle } = useFavorite(product);
  const label = saved ? FAVORITE_TEXTS.remove(product.title) : FAVORITE_TEXTS.save(product.title);
  return (
    <button
      type="button"
      className={variant === 'card' ? 'favorite-button favorite-card' : 'button button-ghost favorite-button favorite-page'}
      aria-pressed={saved}
      aria-label={label}
      title={label}
      onClick={toggle}
    >
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
        <path
          d="M12 20.5s-7.5-4.6-9.3-9.2C1.4 8 3.4 4.5 6.9 4.5c2 0 3.5 1.1 5.1 3 1.6-1.9 3.1-3 5.1-3 3.5 0 5.5 3.5 4.2 6.8-1.8 4.6-9.3 9.2-9.3 9.2z"
          fill={saved ? 'currentColor' : 'none'}
          stroke="currentColor"
          strokeWidth="2"
          strokeLinejoin="round"
        />
      </svg>
      {variant === 'page' && <span aria-hidden="true">{saved ? FAVORITE_TEXTS.savedShort : FAVORITE_TEXTS.saveShort}</span>}
    </button>
  );
}
