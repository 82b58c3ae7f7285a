import { useState } from 'react';
import { ADMIN_TEXTS, ITEM_FORM_TEXTS, withReason } from '../../../../common/texts/admin';
import { QC_ADMIN_TEXTS } from '../../../../common/texts/qc-admin';
import type { Category } from '../../../../common/schemas/category';
import type { ImageInfo } from '../../../../common/schemas/image';
import { useToast } from '../../../components/ui/toast';
import { copyText } from '../../../lib/clipboard';
import { reasonOf } from '../../../lib/errors';
import { useCreateProduct } from '../../../lib/admin/create-product';
import { formatBytes, plural } from '../../../lib/admin/format';
import { ItemForm } from '../../../lib/admin/item-form';
import './images.css';

type Props = {
  image: ImageInfo;
  categories: Category[];
  onDelete: () => void;
  /** Just uploaded: its form takes the focus, so the next keys typed are the item's name. */
  autoFocus?: boolean;
};

/**
 * One image of the gallery: its thumbnail, Copy URL, Delete and the one item form (issue 28), compact, that makes an
 * item from it. A picture a product shows already names it; its form waits behind a button.
 */
export function ImageCard({ image, categories, onDelete, autoFocus = false }: Props) {
  const toast = useToast();
  const create = useCreateProduct();
  const [failed, setFailed] = useState(false);
  // Decided once: after this tile's own save the notice stays, though the picture is now used.
  const [formOpen, setFormOpen] = useState(image.usedBy === 0);
  const [openedHere, setOpenedHere] = useState(false);

  const copy = async () => {
    try {
      await copyText(new URL(image.url, window.location.origin).href);
      toast(ADMIN_TEXTS.urlCopied, 'success');
    } catch (err) {
      toast(`Could not copy the URL: ${reasonOf(err)}`, 'error');
    }
  };

  return (
    <li className="image-card">
      <div className="image-card-media">
        {failed ? (
          <div className="image-failed" role="img" aria-label={`${image.name}: ${ADMIN_TEXTS.failedToLoad}`}>
            {ADMIN_TEXTS.failedToLoad}
          </div>
        ) : (
          <img
            src={image.thumbnail}
            alt={image.name}
            width={320}
            height={Math.round((320 * image.height) / Math.max(image.width, 1))}
            loading="lazy"
            decoding="async"
            onError={() => setFailed(true)}
          />
        )}
      </div>
      <div className="image-card-body">
        <p className="image-name" title={image.name}>
          {image.name}
        </p>
        <p className="image-meta">
          {image.width} × {image.height} · {formatBytes(image.sizeBytes)}
          {image.qcUsedBy > 0 && ` · ${QC_ADMIN_TEXTS.qcOf(plural(image.qcUsedBy, 'item'))}`}
        </p>
        {image.usedByItem && (
          <p className="image-used-by">
            {ITEM_FORM_TEXTS.usedBy} <a href={image.usedByItem.path}>{image.usedByItem.title}</a>
            {image.usedBy > 1 && ITEM_FORM_TEXTS.andMore(image.usedBy - 1)}
          </p>
        )}
        <div className="image-actions">
          <button type="button" className="button button-ghost button-small" onClick={() => void copy()}>
            {ADMIN_TEXTS.copyUrl}
          </button>
          <button type="button" className="button button-danger-ghost button-small" onClick={onDelete}>
            {ADMIN_TEXTS.delete}
          </button>
        </div>
        {!formOpen && (
          // Replaced by the form, whose first field then takes the focus.
          <button
            type="button"
            className="link-button image-form-toggle"
            onClick={() => {
              setFormOpen(true);
              setOpenedHere(true);
            }}
          >
            {ITEM_FORM_TEXTS.newFromUsed}
          </button>
        )}
        {formOpen && (
          <div className="image-item-form">
            <ItemForm
              variant="tile"
              image={image.url}
              categories={categories}
              label={`New item from ${image.name}`}
              autoFocus={autoFocus || openedHere}
              save={(draft) => create.mutateAsync(draft)}
              failureText={(err) => withReason(ADMIN_TEXTS.failedToAddItem, reasonOf(err))}
            />
          </div>
        )}
      </div>
    </li>
  );
}
