import { useQueryClient } from '@tanstack/react-query';
import { useState, type ComponentType, type FormEvent, type SetStateAction } from 'react';
import { GENDERS } from '../../../../common/constants';
import { ADMIN_TEXTS, withReason } from '../../../../common/admin-constants';
import { isImageReference } from '../../../../common/schemas/fields';
import type { Category } from '../../../../common/schemas/category';
import type { ImageInfo } from '../../../../common/schemas/image';
import { QC_ADMIN_TEXTS } from '../../../../common/qc-texts';
import { productInputSchema, type AdminProduct, type Product } from '../../../../common/schemas/product';
import { Dialog, DialogFormActions } from '../../../components/ui/dialog';
import { SelectField } from '../../../components/ui/select-field';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { TextField } from '../../../components/ui/text-field';
import { useToast } from '../../../components/ui/toast';
import { reasonOf } from '../../../lib/errors';
import { useCreateProduct } from '../../../lib/admin/create-product';
import { useUpdateProduct } from '../api/update-product';
import { useLinkMatches } from '../api/get-link-matches';
import { linkSourceHint } from './link-source';
import { saveQcPhotos, useQcPhotos } from '../api/qc-photos';
import { invalidateCatalogue } from '../../../lib/admin/keys';
import { checkQcDraft, qcDraftOf, qcInputOf, QcPhotosField, type QcDraftItem } from './qc-photos-field';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useForm } from '../../../lib/use-form';
import { FILTER_DEBOUNCE_MS } from '../../../../common/constants';

type Draft = {
  title: string;
  price: string;
  category: string;
  gender: string;
  brand: string;
  description: string;
  image: string;
  link: string;
  isBestProduct: boolean;
};

function draftOf(product: Product | null): Draft {
  return {
    title: product?.title ?? '',
    price: product ? String(product.price) : '',
    category: product?.category ?? '',
    gender: product?.gender ?? '',
    brand: product?.brand ?? '',
    description: product?.description ?? '',
    image: product?.image ?? '',
    link: product?.link ?? '',
    isBestProduct: product?.isBestProduct ?? false,
  };
}

/**
 * The gallery the form picks its picture and QC photos from (the Images area's), passed in by the admin page; with
 * `multiple`, several uploads at once.
 */
export type ImagePickerComponent = ComponentType<{ onPick: (url: string, image: ImageInfo) => void; multiple?: boolean; legend?: string }>;

const GENDER_OPTIONS = [{ value: '', label: 'Not set' }, ...GENDERS.map((g) => ({ value: g, label: g }))];
/** Screen order, for the focus on the first bad field. */
const FIELD_ORDER = ['title', 'price', 'category', 'gender', 'brand', 'link', 'description', 'image', 'isBestProduct'] as const;

/**
 * Add New Item and Edit Item (spec sections 2 and 5): the same rules as the API, checked before sending; a refusal
 * keeps the dialog open with everything typed.
 */
export function ItemFormDialog({
  product,
  categories,
  imagePicker: ImagePicker,
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
  const form = useForm<Draft>(FIELD_ORDER, draftOf(product));
  const draft = form.values;
  const [picking, setPicking] = useState(false);
  const queryClient = useQueryClient();
  // QC photos (issue 16): the saved list until the admin changes it, then their list (saved after the item).
  const savedQc = useQcPhotos(product?.id ?? null);
  const [editedQc, setEditedQc] = useState<QcDraftItem[] | null>(null);
  const [qcErrors, setQcErrors] = useState<Record<string, string>>({});
  const [savingQc, setSavingQc] = useState(false);
  const qcItems = editedQc ?? qcDraftOf(savedQc.data?.items ?? []);
  const changeQc = (action: SetStateAction<QcDraftItem[]>) => {
    setQcErrors({});
    setEditedQc((edited) => {
      const current = edited ?? qcDraftOf(savedQc.data?.items ?? []);
      return typeof action === 'function' ? action(current) : action;
    });
  };
  const saving = create.isPending || update.isPending || savingQc;

  // A category the list no longer has (an imported product's, say) stays selectable for this product.
  const names = categories.map((c) => c.name);
  if (product?.category && !names.some((n) => n.toLowerCase() === product.category?.toLowerCase())) names.push(product.category);
  const categoryOptions = [{ value: '', label: 'No category' }, ...names.map((n) => ({ value: n, label: n }))];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const qcProblems = editedQc ? checkQcDraft(editedQc) : {};
    if (!form.validate(productInputSchema)) return;
    if (Object.keys(qcProblems).length > 0) {
      setQcErrors(qcProblems);
      form.showErrors({ form: Object.values(qcProblems)[0] ?? '' });
      return;
    }
    const verb = product ? ADMIN_TEXTS.errorUpdatingItem : ADMIN_TEXTS.errorAddingItem;
    /** The item is saved: its QC photos next, when the admin changed them. */
    const afterSave = (saved: Product, done: () => void) => {
      if (!editedQc) {
        done();
        return;
      }
      setSavingQc(true);
      saveQcPhotos(saved.id, qcInputOf(editedQc))
        .then(async () => {
          await invalidateCatalogue(queryClient);
          done();
        })
        .catch((err: unknown) => {
          const text = withReason(QC_ADMIN_TEXTS.saveFailed, reasonOf(err));
          toast(text, 'error');
          // A new item exists now: Save again would add a second one, so the dialog closes (Edit shows the list).
          if (product) form.showErrors({ form: text });
          else onClose();
        })
        .finally(() => setSavingQc(false));
    };
    const onError = (err: unknown) => {
      const text = withReason(verb, reasonOf(err));
      form.showErrors({ form: text });
      toast(text, 'error');
    };
    if (product) {
      update.mutate(
        { id: product.id, input: draft },
        {
          onSuccess: (saved) =>
            afterSave(saved, () => {
              toast(ADMIN_TEXTS.itemUpdated, 'success');
              onClose();
            }),
          onError,
        },
      );
    } else {
      create.mutate(draft, {
        onSuccess: (saved) =>
          afterSave(saved, () => {
            toast(ADMIN_TEXTS.itemAdded, 'success');
            onClose();
          }),
        onError,
      });
    }
  };

  const preview = draft.image.trim() && isImageReference(draft.image.trim()) ? draft.image.trim() : null;
  // Two items pointing at one store page are usually one item entered twice: say so before it is saved.
  const [typedLink] = useDebouncedValue(draft.link, FILTER_DEBOUNCE_MS);
  const sameLink = useLinkMatches(typedLink, product?.id).data?.items ?? [];
  return (
    <Dialog title={product ? ADMIN_TEXTS.editItem : ADMIN_TEXTS.addNewItem} onClose={onClose} busy={saving} className="dialog-wide">
      <form className="dialog-form" onSubmit={submit} noValidate>
        {form.errors.form && (
          <p className="form-failure" role="alert">
            {form.errors.form}
          </p>
        )}
        <div className="form-grid">
          <TextField label="Item name" {...form.field('title')} required maxLength={200} autoFocus />
          <TextField label="Price (USD)" inputMode="decimal" {...form.field('price')} required />
          <SelectField label="Category" options={categoryOptions} {...form.field('category')} />
          <SelectField label="Gender" options={GENDER_OPTIONS} {...form.field('gender')} />
          <TextField label="Brand" {...form.field('brand')} maxLength={100} />
          <div className="link-field">
            <TextField label="Buy link" type="url" placeholder="https://" hint={linkSourceHint(draft.link)} {...form.field('link')} />
            {sameLink.length > 0 && (
              <p className="field-warning" role="status">
                {sameLink.length === 1 ? 'Another item has' : `${sameLink.length} other items have`} this buy link:{' '}
                {sameLink.map((item) => `${item.title} (#${item.number})`).join(', ')}.
              </p>
            )}
          </div>
          <TextAreaField
            label="Description"
            rows={3}
            {...form.field('description')}
            maxLength={2000}
            className="form-grid-wide"
          />
          <div className="form-grid-wide image-field">
            <TextField
              label="Image URL"
              placeholder="https://… or /media/items/…"
              hint="Use Copy URL on an uploaded image, or any https address."
              {...form.field('image')}
            />
            {preview && <img src={preview} alt="" className="image-field-preview" width={72} height={72} />}
            <button type="button" className="button button-ghost button-small" aria-expanded={picking} onClick={() => setPicking((p) => !p)}>
              {picking ? 'Close the gallery' : 'Choose from the gallery or upload'}
            </button>
          </div>
          {picking && (
            <div className="form-grid-wide">
              <ImagePicker
                onPick={(url) => {
                  form.set('image', url);
                  setPicking(false);
                }}
              />
            </div>
          )}
          <QcPhotosField
            items={qcItems}
            onChange={changeQc}
            imagePicker={ImagePicker}
            loading={savedQc.isPending && product !== null}
            loadFailed={savedQc.isError ? reasonOf(savedQc.error) : null}
            errors={qcErrors}
          />
          {product?.sourceId && (
            // Shown, not edited: it is what a re-import matches on, and only an import sets it.
            <TextField label={ADMIN_TEXTS.sourceIdLabel} value={product.sourceId} readOnly hint={ADMIN_TEXTS.sourceIdHint} className="form-grid-wide" />
          )}
          <label className="checkbox form-grid-wide">
            <input type="checkbox" {...form.check('isBestProduct')} />
            Best product (shown with a star, and under Best Products)
          </label>
        </div>
        <DialogFormActions onCancel={onClose} busy={saving} submitLabel={product ? ADMIN_TEXTS.save : ADMIN_TEXTS.addNewItem} />
      </form>
    </Dialog>
  );
}
