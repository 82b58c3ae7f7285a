import { PLATFORM_NAMES } from '../../../../common/agent-templates';
import type { Product } from '../../../../common/schemas/product';
import { SAME_ITEM_TEXTS as T } from '../../../../common/texts/product';
import { Price } from '../../../components/price';
import { useChosenAgent } from '../../../lib/agents';
import { Link } from '../../../lib/router';

/** Where a product is bought: "Weidian · via CNFans" (BUY goes through the visitor's agent), else the link's host. */
function whereFrom(product: Product, agentName: string | undefined): string {
  if (product.sourcePlatform && product.sourceItemId) {
    const platform = PLATFORM_NAMES[product.sourcePlatform];
    return agentName ? T.via(platform, agentName) : platform;
  }
  try {
    return product.link ? new URL(product.link).host.replace(/^www\./, '') : '';
  } catch {
    return '';
  }
}

/**
 * Other sellers of the same item (issue 29): products whose main picture is the same photo, cheapest first, each
 * with its price in the visitor's currency and where it is bought, linking to its page. Nothing when there are none.
 */
export function SameItemElsewhere({ products, total }: { products: Product[]; total: number }) {
  const { agent } = useChosenAgent();
  if (products.length === 0) return null;
  const count = Math.max(total, products.length);
  return (
    <section className="related same-item" aria-labelledby="same-item-title">
      <h2 id="same-item-title">{T.title(count)}</h2>
      <p className="same-item-note">{T.note}</p>
      <ul className="same-item-list" aria-labelledby="same-item-title">
        {products.map((p) => {
          const from = whereFrom(p, agent?.name);
          return (
            <li key={p.id} className="same-item-row">
              {p.thumbnail ? (
                <img src={p.thumbnail} alt="" width={56} height={56} loading="lazy" decoding="async" />
              ) : (
                <span className="same-item-thumb-missing" aria-hidden="true" />
              )}
              <span className="same-item-text">
                <Link to={p.path} className="same-item-title" dir="auto">
                  {p.title}
                </Link>
                {from && <span className="same-item-from">{from}</span>}
              </span>
              <Price value={p.price} className="same-item-price" />
            </li>
          );
        })}
      </ul>
      {count > products.length && <p className="same-item-note">{T.cheapest(products.length)}</p>}
    </section>
  );
}
