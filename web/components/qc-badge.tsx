import { QC_BADGE } from '../../common/texts/storefront-later';
import './qc-badge.css';

/** A card's "QC n" (issue 16): the product page has n QC photos. Nothing when it has none. */
export function QcBadge({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <p className="card-qc">
      <span aria-hidden="true">{QC_BADGE.short(count)}</span>
      <span className="visually-hidden">{QC_BADGE.spoken(count)}</span>
    </p>
  );
}
