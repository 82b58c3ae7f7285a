import { useState } from 'react';
import { ADMIN_TEXTS } from '../../../../common/admin-constants';
import { QC_ADMIN_TEXTS } from '../../../../common/qc-texts';
import type { Category } from '../../../../common/schemas/category';
import type { ImageInfo } from '../../../../common/schemas/image';
import { useToast } from '../../../components/ui/toast';
import { copyText } from '../../../lib/clipboard';
import { reasonOf } from '../../../lib/errors';
import { formatBytes, plural } from '../../../lib/admin/format';
import { ImageItemForm } from './image-item-form';

type Props = { image: ImageInfo; categories: Category[]; onDelete: () => void };

/** One image of the gallery: its thumbnail, Copy URL, Delete and the form that makes an item from it. */
export function ImageCard({ image, categories, onDelete }: Props) {
  const toast = useToast();
  const [failed, setFailed] = useState(false);

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
          {image.usedBy > 0 && ` · used by ${plural(image.usedBy, 'item')}`}
          {image.qcUsedBy > 0 && ` · ${QC_ADMIN_TEXTS.qcOf(plural(image.qcUsedBy, 'item'))}`}
        </p>
        <div className="image-actions">
          <button type="button" className="button button-ghost button-small" onClick={() => void copy()}>
            {ADMIN_TEXTS.copyUrl}
          </button>
          <button type="button" className="button button-danger-ghost button-small" onClick={onDelete}>
            {ADMIN_TEXTS.delete}
          </button>
        </div>
        <ImageItemForm image={image} categories={categories} />
      </div>
    </li>
  );
}
