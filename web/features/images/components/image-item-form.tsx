import { useState, type FormEvent } from 'react';
import { ADMIN_TEXTS, withReason } from '../../../../common/admin-constants';
import type { Category } from '../../../../common/schemas/category';
import { fieldErrors } from '../../../../common/schemas/fields';
import { productInputSchema } from '../../../../common/schemas/product';
import type { ImageInfo } from '../../../../common/schemas/image';
import { SelectField } from '../../../components/ui/select-field';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { TextField } from '../../../components/ui/text-field';
import { useToast } from '../../../components/ui/toast';
import { reasonOf } from '../../../lib/errors';
import { useCreateProduct } from '../../../lib/admin/create-product';

/** Spec section 5: this form offers three genders, Men first. */
const GENDER_OPTIONS = ['Men', 'Women', 'Unisex'].map((g) => ({ value: g, label: g }));
const EMPTY = { title: '', price: '', category: '', link: '', gender: 'Men', brand: '', description: '' };
type Draft = typeof EMPTY;
const REQUIRED: Array<keyof Draft> = ['title', 'price', 'category', 'link'];

/**
 * Makes a product from an uploaded image (spec section 2): title, price, category and buy link are required; brand,
 * description and best make it the whole product, as the item form does (issue 15).
 */
export function ImageItemForm({ image, categories }: { image: ImageInfo; categories: Category[] }) {
  const toast = useToast();
  const create = useCreateProduct();
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [best, setBest] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (field: keyof Draft) => (event: { target: { value: string } }) => setDraft((d) => ({ ...d, [field]: event.target.value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const missing = REQUIRED.filter((field) => draft[field].trim() === '');
    if (missing.length > 0) {
      setErrors(Object.fromEntries(missing.map((field) => [field, 'Required'])));
      toast(ADMIN_TEXTS.itemFormRequired, 'error');
      return;
    }
    const input = { ...draft, isBestProduct: best, image: image.url };
    const parsed = productInputSchema.safeParse(input);
    if (!parsed.success) {
      const found = fieldErrors(parsed.error);
      setErrors(found);
      toast(Object.values(found)[0] ?? ADMIN_TEXTS.itemFormRequired, 'error');
      return;
    }
    setErrors({});
    create.mutate(input, {
      onSuccess: () => {
        toast(ADMIN_TEXTS.itemAdded, 'success');
        setDraft(EMPTY);
        setBest(false);
      },
      onError: (err) => toast(withReason(ADMIN_TEXTS.failedToAddItem, reasonOf(err)), 'error'),
    });
  };

  const categoryOptions = [{ value: '', label: 'Select a category' }, ...categories.map((c) => ({ value: c.name, label: c.name }))];
  return (
    <form className="image-item-form" onSubmit={submit} noValidate aria-label={`New item from ${image.name}`}>
      <TextField label="Title" value={draft.title} onChange={set('title')} error={errors.title} required maxLength={200} />
      <TextField label="Price" inputMode="decimal" value={draft.price} onChange={set('price')} error={errors.price} required />
      <SelectField label="Category" options={categoryOptions} value={draft.category} onChange={set('category')} error={errors.category} required />
      <TextField label="Buy link" type="url" value={draft.link} onChange={set('link')} error={errors.link} required placeholder="https://" />
      <SelectField label="Gender" options={GENDER_OPTIONS} value={draft.gender} onChange={set('gender')} />
      <TextField label="Brand" value={draft.brand} onChange={set('brand')} error={errors.brand} maxLength={100} />
      <TextAreaField label="Description" rows={2} value={draft.description} onChange={set('description')} error={errors.description} maxLength={2000} />
      <label className="checkbox">
        <input type="checkbox" checked={best} onChange={(e) => setBest(e.target.checked)} />
        Best product
      </label>
      <button type="submit" className="button button-primary" disabled={create.isPending}>
        {create.isPending ? 'Adding...' : ADMIN_TEXTS.addItem}
      </button>
    </form>
  );
}
