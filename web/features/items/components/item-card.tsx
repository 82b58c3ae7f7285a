import { useState } from 'react';
import { ADMIN_TEXTS, PICTURE_REFETCH_TEXTS } from '../../../../common/texts/admin';
import type { AdminProduct } from '../../../../common/schemas/product';
import { formatPrice } from '../../../lib/admin/format';
import './items.css';

/** One product of the admin list, with a box to select it for a bulk action, Edit and Delete. */
export function ItemCard({
  product,
  selected,
  onToggle,
  onEdit,
  onDelete,
  onGroup,
  onRefetch,
}: {
  product: AdminProduct;
  selected: boolean;
  onToggle: (selected: boolean) => void;
  onEdit: () => void;
  onDelete: () => void;
  /** Lists the other colours of its group (shown when the group holds more than this product). */
  onGroup?: (() => void) | undefined;
  /** Fetch pictures again (issue 40): offered when the picture is missing, does not load or is an outside address. */
  onRefetch?: (() => void) | undefined;
}) {
  const [failed, setFailed] = useState(false);
  const src = product.thumbnail ?? product.image;
  const titleId = `item-${product.id}`;
  return (
    <li className={`item-card${selected ? ' item-card-selected' : ''}`} aria-labelledby={titleId}>
      <label className="item-select">
        <input type="checkbox" checked={selected} onChange={(e) => onToggle(e.target.checked)} />
        <span className="visually-hidden">Select {product.title}</span>
      </label>
      <div className="item-card-media">
        {src && !failed ? (
          <img src={src} alt="" width={96} height={96} loading="lazy" decoding="async" onError={() => setFailed(true)} />
        ) : (
          <span className="image-failed">{src ? ADMIN_TEXTS.failedToLoad : 'No image'}</span>
        )}
      </div>
      <div className="item-card-body">
        <h3 id={titleId} className="item-title">
          {product.isBestProduct && (
            <span className="item-best" title="Best product">
              <span aria-hidden="true">★ </span>
              <span className="visually-hidden">Best product: </span>
            </span>
          )}
          {product.title}
        </h3>
        <p className="item-price">{formatPrice(product.price)}</p>
        <p className="item-meta">
          {product.category || 'No category'} · {product.gender ?? 'Gender not set'}
          {product.row !== null && <> · Row {product.row}</>}
        </p>
        {product.sourceId && (
          <p className="item-meta item-source-id">
            {ADMIN_TEXTS.sourceIdLabel}: <code>{product.sourceId}</code>
          </p>
        )}
        {onGroup && (
          <button
            type="button"
            className="link-button item-group"
            onClick={onGroup}
            aria-label={`Show the ${product.groupSize} colours of ${product.title}`}
          >
            {product.groupSize} colours
          </button>
        )}
        {product.link ? (
          <a className="item-link" href={product.link} target="_blank" rel="noopener noreferrer">
            Buy link<span className="visually-hidden"> of {product.title} (opens in a new tab)</span>
          </a>
        ) : (
          <p className="item-meta">No buy link</p>
        )}
      </div>
      <div className="item-actions">
        {onRefetch && (!src || failed || /^https?:\/\//i.test(product.image ?? '')) && (
          <button
            type="button"
            className="button button-ghost button-small"
            onClick={onRefetch}
            aria-label={PICTURE_REFETCH_TEXTS.actionFor(product.title)}
          >
            {PICTURE_REFETCH_TEXTS.action}
          </button>
        )}
        <button
          type="button"
          className="button button-ghost button-small"
          onClick={onEdit}
          aria-label={`${ADMIN_TEXTS.edit} ${product.title}`}
        >
          {ADMIN_TEXTS.edit}
        </button>
        <button
          type="button"
          className="button button-danger-ghost button-small"
          onClick={onDelete}
          aria-label={`${ADMIN_TEXTS.delete} ${product.title}`}
        >
          {ADMIN_TEXTS.delete}
        </button>
      </div>
    </li>
  );
}
