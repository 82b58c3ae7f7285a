import type { FormEvent } from 'react';
import { ADMIN_TEXTS, withReason } from '../../../../common/admin-constants';
import type { Category } from '../../../../common/schemas/category';
import { productInputSchema } from '../../../../common/schemas/product';
import type { ImageInfo } from '../../../../common/schemas/image';
import { SelectField } from '../../../components/ui/select-field';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { TextField } from '../../../components/ui/text-field';
import { useToast } from '../../../components/ui/toast';
import { reasonOf } from '../../../lib/errors';
import { useForm } from '../../../lib/use-form';
import { useCreateProduct } from '../../../lib/admin/create-product';

/** Spec section 5: this form offers three genders, Men first. */
const GENDER_OPTIONS = ['Men', 'Women', 'Unisex'].map((g) => ({ value: g, label: g }));
const EMPTY = { title: '', price: '', category: '', link: '', gender: 'Men', brand: '', description: '', isBestProduct: false };
/** The picture is this card's image: set with the draft, never typed. */
type Draft = typeof EMPTY & { image: string };
/** Screen order, for the focus on the first bad field. */
const FIELD_ORDER = ['title', 'price', 'category', 'link', 'gender', 'brand', 'description', 'isBestProduct'] as const;
const REQUIRED = ['title', 'price', 'category', 'link'] as const;

/**
 * Makes a product from an uploaded image (spec section 2): title, price, category and buy link are required; brand,
 * description and best make it the whole product, as the item form does (issue 15).
 */
export function ImageItemForm({ image, categories }: { image: ImageInfo; categories: Category[] }) {
  const toast = useToast();
  const create = useCreateProduct();
  const form = useForm<Draft>(FIELD_ORDER, { ...EMPTY, image: image.url });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const missing = REQUIRED.filter((field) => form.values[field].trim() === '');
    if (missing.length > 0) {
      form.showErrors(Object.fromEntries(missing.map((field) => [field, 'Required'])));
      toast(ADMIN_TEXTS.itemFormRequired, 'error');
      return;
    }
    const valid = form.validate(productInputSchema, (found) => toast(Object.values(found)[0] ?? ADMIN_TEXTS.itemFormRequired, 'error'));
    if (!valid) return;
    create.mutate(form.values, {
      onSuccess: () => {
        toast(ADMIN_TEXTS.itemAdded, 'success');
        form.reset();
      },
      onError: (err) => toast(withReason(ADMIN_TEXTS.failedToAddItem, reasonOf(err)), 'error'),
    });
  };

  const categoryOptions = [{ value: '', label: 'Select a category' }, ...categories.map((c) => ({ value: c.name, label: c.name }))];
  return (
    <form className="image-item-form" onSubmit={submit} noValidate aria-label={`New item from ${image.name}`}>
      <TextField label="Title" {...form.field('title')} required maxLength={200} />
      <TextField label="Price" inputMode="decimal" {...form.field('price')} required />
      <SelectField label="Category" options={categoryOptions} {...form.field('category')} required />
      <TextField label="Buy link" type="url" {...form.field('link')} required placeholder="https://" />
      <SelectField label="Gender" options={GENDER_OPTIONS} {...form.field('gender')} />
      <TextField label="Brand" {...form.field('brand')} maxLength={100} />
      <TextAreaField label="Description" rows={2} {...form.field('description')} maxLength={2000} />
      <label className="checkbox">
        <input type="checkbox" {...form.check('isBestProduct')} />
        Best product
      </label>
      <button type="submit" className="button button-primary" disabled={create.isPending}>
        {create.isPending ? 'Adding...' : ADMIN_TEXTS.addItem}
      </button>
    </form>
  );
}
