import { useQueryClient } from '@tanstack/react-query';
import { useState, type SetStateAction } from 'react';
import { ADMIN_TEXTS, PICTURE_REFETCH_TEXTS, withReason } from '../../../../common/texts/admin';
import type { Category } from '../../../../common/schemas/category';
import { COMMON_TEXTS } from '../../../../common/texts/common';
import { QC_ADMIN_TEXTS } from '../../../../common/texts/qc-admin';
import type { AdminProduct } from '../../../../common/schemas/product';
import { Dialog } from '../../../components/ui/dialog';
import { TextField } from '../../../components/ui/text-field';
import { useToast } from '../../../components/ui/toast';
import { reasonOf } from '../../../lib/errors';
import { useCreateProduct } from '../../../lib/admin/create-product';
import { ItemForm, type ImagePickerComponent } from '../../../lib/admin/item-form';
import { invalidateCatalogue } from '../../../lib/admin/keys';
import { useRefetchPictures } from '../../../lib/admin/refetch-pictures';
import { useUpdateProduct } from '../api/update-product';
import { saveQcPhotos, useQcPhotos } from '../api/qc-photos';
import { checkQcDraft, qcDraftOf, qcInputOf, QcPhotosField, type QcDraftItem } from './qc-photos-field';

export type { ImagePickerComponent };

/** The item was saved but its QC photos were not: said in QC's words, not as a failed save of the item. */
class QcSaveError extends Error {}

/**
 * Add New Item and Edit Item (spec sections 2 and 5): the one item form (issue 28) with every field in view, the
 * picture from the gallery and the QC photos (issue 16). A refusal keeps the dialog open with everything typed; a new
 * item leaves a link to its page and "Add another".
 */
export function ItemFormDialog({
  product,
  categories,
  imagePicker,
  onClose,
}: {
  product: AdminProduct | null;
  categories: Category[];
  imagePicker: ImagePickerComponent;
  onClose: () => void;
}) {
  const toast = useToast();
  const create = useCreateProduct();
  const update = useUpdateProduct();
  const queryClient = useQueryClient();
  const refetch = useRefetchPictures();
  const [saving, setSaving] = useState(false);
  // QC photos: the saved list until the admin changes it, then their list (saved after the item).
  const savedQc = useQcPhotos(product?.id ?? null);
  const [editedQc, setEditedQc] = useState<QcDraftItem[] | null>(null);
  const [qcErrors, setQcErrors] = useState<Record<string, string>>({});
  const qcItems = editedQc ?? qcDraftOf(savedQc.data?.items ?? []);
  const changeQc = (action: SetStateAction<QcDraftItem[]>) => {
    setQcErrors({});
    setEditedQc((edited) => {
      const current = edited ?? qcDraftOf(savedQc.data?.items ?? []);
      return typeof action === 'function' ? action(current) : action;
    });
  };

  const save = async (draft: Parameters<typeof create.mutateAsync>[0]): Promise<AdminProduct> => {
    const qcProblems = editedQc ? checkQcDraft(editedQc) : {};
    if (Object.keys(qcProblems).length > 0) {
      setQcErrors(qcProblems);
      throw new QcSaveError(Object.values(qcProblems)[0] ?? '');
    }
    const saved = product ? await update.mutateAsync({ id: product.id, input: draft }) : await create.mutateAsync(draft);
    if (!editedQc) return saved;
    try {
      await saveQcPhotos(saved.id, qcInputOf(editedQc));
      await invalidateCatalogue(queryClient);
    } catch (err) {
      const text = withReason(QC_ADMIN_TEXTS.saveFailed, reasonOf(err));
      // A new item exists now: saving again would add a second one, so its notice shows (Edit shows the list).
      if (!product) toast(text, 'error');
      else throw new QcSaveError(text);
    }
    // The next item starts with no QC photos of its own.
    if (!product) setEditedQc(null);
    return saved;
  };

  return (
    <Dialog title={product ? ADMIN_TEXTS.editItem : ADMIN_TEXTS.addNewItem} onClose={onClose} busy={saving} className="dialog-wide">
      <ItemForm
        variant="dialog"
        product={product}
        categories={categories}
        autoFocus
        save={save}
        failureText={(err) =>
          err instanceof QcSaveError
            ? err.message
            : withReason(product ? ADMIN_TEXTS.errorUpdatingItem : ADMIN_TEXTS.errorAddingItem, reasonOf(err))
        }
        onUpdated={onClose}
        onCancel={onClose}
        onSavingChange={setSaving}
        imagePicker={imagePicker}
      >
        <QcPhotosField
          items={qcItems}
          onChange={changeQc}
          imagePicker={imagePicker}
          loading={savedQc.isPending && product !== null}
          loadFailed={savedQc.isError ? reasonOf(savedQc.error) : null}
          errors={qcErrors}
        />
        {product && (!product.image || /^https?:\/\//i.test(product.image)) && (
          // As the row's action (item-card.tsx): a picture that is missing or still another site's is fetched again by
          // a job from the address the item or its import gave; the toast says whether it was queued or left out.
          <div className="form-grid-wide">
            <button
              type="button"
              className="button button-ghost button-small"
              disabled={refetch.isPending}
              aria-label={PICTURE_REFETCH_TEXTS.actionFor(product.title)}
              onClick={() => refetch.mutate({ ids: [product.id] })}
            >
              {refetch.isPending ? COMMON_TEXTS.working : PICTURE_REFETCH_TEXTS.action}
            </button>
          </div>
        )}
        {product?.sourceId && (
          // Shown, not edited: it is what a re-import matches on, and only an import sets it.
          <TextField
            label={ADMIN_TEXTS.sourceIdLabel}
            value={product.sourceId}
            readOnly
            hint={ADMIN_TEXTS.sourceIdHint}
            className="form-grid-wide"
          />
        )}
      </ItemForm>
    </Dialog>
  );
}
