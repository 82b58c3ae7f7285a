import { PRODUCT_TEXTS as T } from '../../../../common/texts/product-page';
import { guidePath } from '../../../../common/guides';
import { Link } from '../../../lib/router';
import { useProductGuides } from '../api/get-product-guides';

/** The guides that show this product's card (issue 43), as the server rendered them with the page. */
export function ProductGuides({ number }: { number: number }) {
  const found = useProductGuides(number).data;
  if (!found || found.items.length === 0) return null;
  return (
    <section className="related product-guides" aria-labelledby="product-guides-title">
      <h2 id="product-guides-title">{T.inTheseGuides}</h2>
      <ul>
        {found.items.map((g) => (
          <li key={g.id}>
            <Link to={guidePath(g.slug)}>{g.title}</Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
