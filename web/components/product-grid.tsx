import type { Product } from '../../common/schemas/product';
import { ProductCard } from './product-card';

export type ProductGridProps = {
  products: readonly Product[];
  /** The heading that names the list. */
  labelledBy?: string | undefined;
  /**
   * Cards that arrive after the grid was first shown fade in, staggered within the page they came with: the ids the
   * grid opened with (on screen already) and where each page starts. Without it no card fades.
   */
  fade?: { openedWith: ReadonlySet<string>; pageStarts: readonly number[] } | undefined;
  /** How many of the first cards load their pictures at once (the first screen) and how many of those first of all. */
  eager?: number;
  priority?: number;
};

/** A grid of product cards: the finder's, a product page's related products and colours. */
export function ProductGrid({ products, labelledBy, fade, eager = 0, priority = 0 }: ProductGridProps) {
  return (
    <ul className="grid" aria-labelledby={labelledBy}>
      {products.map((product, index) => {
        const pageStart = fade?.pageStarts.findLast((s) => s <= index) ?? 0;
        return (
          <ProductCard
            key={product.id}
            product={product}
            fadeIn={!fade || fade.openedWith.has(product.id) ? null : index - pageStart}
            eager={index < eager}
            priority={index < priority}
          />
        );
      })}
    </ul>
  );
}
