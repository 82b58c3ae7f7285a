import type { CSSProperties, ReactNode } from 'react';
import { Link } from '../lib/router';
import { CARD_STAGGER_MS } from '../../common/constants';
import { TEXTS } from '../../common/texts/storefront';
import { LATER_TEXTS } from '../../common/texts/storefront-later';
import { thumbnailUrlFor } from '../../common/media';
import type { Product } from '../../common/schemas/product';
import { useBuyTarget } from '../lib/agents';
import { BestBadge, BuyLink, OUTBOUND_REL } from './buy-link';
import { countedLink } from '../lib/outbound-clicks';
import { QcBadge } from './qc-badge';
import { FavoriteButton } from './favorite-button';
import { Price } from './price';
import { PicturePlaceholder } from './picture-placeholder';
import './product-card.css';

const CARD_IMAGE_SIZES = '(max-width: 1023px) calc(50vw - 26px), 350px';

type Props = {
  product: Product;
  /** Position in the page just loaded: the card fades in that many staggers late. null: no fade (already shown). */
  fadeIn: number | null;
  /** Loaded straight away rather than when scrolled near (the first screen). */
  eager: boolean;
  /** The first cards' pictures are fetched before other pictures. */
  priority?: boolean;
  /** Shown under the price (the favourites list says how the price changed since it was saved). */
  note?: ReactNode;
};

/**
 * A product card: the title opens the product's page here; the image and BUY open the store in a new tab (spec
 * section 2).
 */
export function ProductCard({ product, fadeIn, eager, priority = false, note }: Props) {
  const style = fadeIn === null ? undefined : ({ '--stagger': `${fadeIn * CARD_STAGGER_MS}ms` } as CSSProperties);
  const thumb = product.thumbnail;
  const large = thumbnailUrlFor(product.image, 640);
  const srcSet = thumb && large ? `${thumb} 320w, ${large} 640w` : undefined;
  const image = product.image ? (
    <img
      src={thumb ?? product.image}
      srcSet={srcSet}
      // Only beside a srcset (HTML allows sizes on no other image): a picture on another site has one size. The
      // width the card's picture takes (product-card.css: two columns below 1024 px, 16 px page padding and gap, a
      // 1 px border), so a phone at 2x or less picks the 320 px file, not the 640 px one (issue 28: the first
      // card's picture is the phone's largest paint).
      sizes={srcSet && CARD_IMAGE_SIZES}
      alt=""
      width={320}
      height={320}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      fetchPriority={priority ? 'high' : undefined}
    />
  ) : (
    <PicturePlaceholder brand={product.brand} category={product.category} />
  );
  const titleId = `product-${product.id}`;
  const buy = useBuyTarget(product);
  return (
    <li className={fadeIn === null ? 'card' : 'card card-fade'} style={style} aria-labelledby={titleId}>
      <BestBadge product={product} />
      <FavoriteButton product={product} />
      {buy.href ? (
        <a
          className="card-image"
          href={buy.href}
          target="_blank"
          rel={OUTBOUND_REL}
          tabIndex={-1}
          aria-hidden="true"
          data-agent={buy.agent}
          {...countedLink(product.id, 'image')}
        >
          {image}
        </a>
      ) : (
        <span className="card-image">{image}</span>
      )}
      <div className="card-body">
        {/* Plain text: the title is the card's link, and why a search for a brand found it. */}
        {product.brand.trim() && (
          <p className="card-brand" dir="auto">
            {product.brand}
          </p>
        )}
        <h3 className="card-title" id={titleId} dir="auto">
          <Link to={product.path}>{product.title}</Link>
        </h3>
        <p className="card-price">
          <Price value={product.price} />
        </p>
        {/* The picture's link is hidden from screen readers (BUY says the same): the placeholder's words are said here. */}
        {!product.image && <p className="visually-hidden">{TEXTS.photoComing}</p>}
        {product.otherColours ? <p className="card-colours">{LATER_TEXTS.moreColours(product.otherColours)}</p> : null}
        {product.mayBeUnavailable && (
          <p className="card-unavailable" title={TEXTS.mayBeUnavailableHint}>
            {TEXTS.mayBeUnavailable}
          </p>
        )}
        {note}
        <QcBadge count={product.qcCount} />
        <BuyLink product={product} className="card-buy" />
      </div>
    </li>
  );
}
