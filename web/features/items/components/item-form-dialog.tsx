import { useRef, useState, type ComponentType, type FormEvent } from 'react';
import { GENDERS } from '../../../../common/constants';
import { ADMIN_TEXTS, withReason } from '../../../../common/admin-constants';
import { isImageReference } from '../../../../common/schemas/fields';
import type { Category } from '../../../../common/schemas/category';
import { fieldErrors } from '../../../../common/schemas/fields';
import { productInputSchema, type Product } from '../../../../common/schemas/product';
import { Dialog, DialogFormActions } from '../../../components/ui/dialog';
import { SelectField } from '../../../components/ui/select-field';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { TextField } from '../../../components/ui/text-field';
import { useToast } from '../../../components/ui/toast';
import { reasonOf } from '../../../lib/errors';
import { useCreateProduct } from '../../../lib/admin/create-product';
import { useUpdateProduct } from '../api/update-product';
import { useLinkMatches } from '../api/get-link-matches';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
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

/** The gallery the form picks its picture from (the Images area's), passed in by the admin page. */
export type ImagePickerComponent = ComponentType<{ onPick: (url: string) => void }>;

const GENDER_OPTIONS = [{ value: '', label: 'Not set' }, ...GENDERS.map((g) => ({ value: g, label: g }))];
const FIELD_ORDER: Array<keyof Draft> = ['title', 'price', 'category', 'gender', 'brand', 'description', 'image', 'link'];

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
  product: Product | null;
  categories: Category[];
  imagePicker: ImagePickerComponent;
  onClose: () => void;
}) {
  const toast = useToast();
  const create = useCreateProduct();
  const update = useUpdateProduct();
  const saving = create.isPending || update.isPending;
  const [draft, setDraft] = useState(() => draftOf(product));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [picking, setPicking] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const set = (field: keyof Draft) => (event: { target: { value: string } }) => setDraft((d) => ({ ...d, [field]: event.target.value }));

  // A category the list no longer has (an imported product's, say) stays selectable for this product.
  const names = categories.map((c) => c.name);
  if (product?.category && !names.some((n) => n.toLowerCase() === product.category?.toLowerCase())) names.push(product.category);
  const categoryOptions = [{ value: '', label: 'No category' }, ...names.map((n) => ({ value: n, label: n }))];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = productInputSchema.safeParse(draft);
    if (!parsed.success) {
      const found = fieldErrors(parsed.error);
      setErrors(found);
      const first = FIELD_ORDER.find((f) => found[f]);
      if (first) formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    setErrors({});
    setFailure(null);
    const verb = product ? ADMIN_TEXTS.errorUpdatingItem : ADMIN_TEXTS.errorAddingItem;
    const onError = (err: unknown) => {
      const text = withReason(verb, reasonOf(err));
      setFailure(text);
      toast(text, 'error');
    };
    if (product) {
      update.mutate(
        { id: product.id, input: draft },
        {
          onSuccess: () => {
            toast(ADMIN_TEXTS.itemUpdated, 'success');
            onClose();
          },
          onError,
        },
      );
    } else {
      create.mutate(draft, {
        onSuccess: () => {
          toast(ADMIN_TEXTS.itemAdded, 'success');
          onClose();
        },
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
      <form ref={formRef} className="dialog-form" onSubmit={submit} noValidate>
        {failure && (
          <p className="form-failure" role="alert">
            {failure}
          </p>
        )}
        <div className="form-grid">
          <TextField label="Item name" name="title" value={draft.title} onChange={set('title')} error={errors.title} required maxLength={200} autoFocus />
          <TextField label="Price (USD)" name="price" inputMode="decimal" value={draft.price} onChange={set('price')} error={errors.price} required />
          <SelectField label="Category" name="category" options={categoryOptions} value={draft.category} onChange={set('category')} error={errors.category} />
          <SelectField label="Gender" name="gender" options={GENDER_OPTIONS} value={draft.gender} onChange={set('gender')} error={errors.gender} />
          <TextField label="Brand" name="brand" value={draft.brand} onChange={set('brand')} error={errors.brand} maxLength={100} />
          <div className="link-field">
            <TextField label="Buy link" name="link" type="url" placeholder="https://" value={draft.link} onChange={set('link')} error={errors.link} />
            {sameLink.length > 0 && (
              <p className="field-warning" role="status">
                {sameLink.length === 1 ? 'Another item has' : `${sameLink.length} other items have`} this buy link:{' '}
                {sameLink.map((item) => `${item.title} (#${item.number})`).join(', ')}.
              </p>
            )}
          </div>
          <TextAreaField
            label="Description"
            name="description"
            rows={3}
            value={draft.description}
            onChange={set('description')}
            error={errors.description}
            maxLength={2000}
            className="form-grid-wide"
          />
          <div className="form-grid-wide image-field">
            <TextField
              label="Image URL"
              name="image"
              placeholder="https://… or /media/items/…"
              hint="Use Copy URL on an uploaded image, or any https address."
              value={draft.image}
              onChange={set('image')}
              error={errors.image}
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
                  setDraft((d) => ({ ...d, image: url }));
                  setPicking(false);
                }}
              />
            </div>
          )}
          <label className="checkbox form-grid-wide">
            <input type="checkbox" checked={draft.isBestProduct} onChange={(e) => setDraft((d) => ({ ...d, isBestProduct: e.target.checked }))} />
            Best product (shown with a star, and under Best Products)
          </label>
        </div>
        <DialogFormActions onCancel={onClose} busy={saving} submitLabel={product ? ADMIN_TEXTS.save : ADMIN_TEXTS.addNewItem} />
      </form>
    </Dialog>
  );
}
