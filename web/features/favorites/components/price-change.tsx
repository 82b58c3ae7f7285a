import { FAVORITES_PAGE_TEXTS } from '../../../../common/texts/favorites';
import { PRICE_TEXTS } from '../../../../common/texts/price-history';
import { Price } from '../../../components/price';

/** How a saved find's price moved since it was saved (nothing when it did not). */
export function PriceChange({ savedPrice, price }: { savedPrice: number; price: number }) {
  if (Math.round(savedPrice * 100) === Math.round(price * 100)) return null;
  const down = price < savedPrice;
  return (
    <p className={`price-change ${down ? 'price-down' : 'price-up'}`}>
      <span aria-hidden="true">{down ? '↓' : '↑'} </span>
      {down ? FAVORITES_PAGE_TEXTS.priceDown : FAVORITES_PAGE_TEXTS.priceUp}:{' '}
      <span className="price-change-amounts">
        <del>
          <Price value={savedPrice} />
        </del>{' '}
        <span className="flip-rtl">→</span> <Price value={price} />
      </span>
    </p>
  );
}

/** The lowest price the find has had (its price history, issue 29); "lowest" alone when that is today's price. */
export function LowestPrice({ lowest, price }: { lowest: number; price: number }) {
  const now = Math.round(lowest * 100) === Math.round(price * 100);
  return (
    <p className="price-lowest">
      {PRICE_TEXTS.lowest}: <Price value={lowest} />
      {now && <span className="price-lowest-now"> ({PRICE_TEXTS.lowestNow})</span>}
    </p>
  );
}
