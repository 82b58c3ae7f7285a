import { BUY_TEXTS, TEXTS } from '../../common/texts/storefront';
import type { Product } from '../../common/schemas/product';
import { useBuyTarget } from '../lib/agents';
import { countedLink } from '../lib/outbound-clicks';

/** The external store: a new tab, no referrer or opener, marked as a paid link. */
export const OUTBOUND_REL = 'noopener noreferrer sponsored';

/** The star of a best product (spec section 2), on a card or a product page's picture. */
export function BestBadge({ product }: { product: Product }) {
  if (!product.isBestProduct) return null;
  return (
    <span className="card-badge" title={TEXTS.bestProducts}>
      <span aria-hidden="true">★</span>
      <span className="visually-hidden">{TEXTS.bestProducts}</span>
    </span>
  );
}

/**
 * BUY: the product's store in a new tab, counted as a click (spec section 2; outbound-clicks.ts); disabled when it has no link. `source`
 * says where it sits for the count: 'buy' on a card, 'page' on the product page.
 */
export function BuyLink({ product, className, source = 'buy' }: { product: Product; className: string; source?: 'buy' | 'page' }) {
  // The visitor's agent (else the default) with our referral code; the product's own link when it names no item.
  const buy = useBuyTarget(product);
  if (!buy.href) {
    return (
      <button type="button" className={`button button-primary ${className}`} disabled aria-label={BUY_TEXTS.notAvailable(product.title)}>
        {TEXTS.buy}
      </button>
    );
  }
  return (
    <a
      className={`button button-primary ${className}`}
      href={buy.href}
      target="_blank"
      rel={OUTBOUND_REL}
      aria-label={BUY_TEXTS.opensStore(product.title)}
      data-agent={buy.agent}
      {...countedLink(product.id, source)}
    >
      {TEXTS.buy}
    </a>
  );
}
