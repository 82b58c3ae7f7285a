import { GENDERS, type Gender } from '../../../common/constants';
import type { z } from 'zod';
import { TRANSLATED_FIELDS, type TranslatedField } from '../../../common/import-columns';
import type { ProductTranslations } from '../../../common/catalogue-languages';
import type { Category } from '../../../common/schemas/category';
import type { Product, ProductInputDraft } from '../../../common/schemas/product';

/**
 * The one item form's draft (issue 28): what the Images tile, Add New Item and Edit Item type, as typed; the title
 * and description in other languages (issue 41) under their import columns' names (title_de, description_de …).
 */
export type ItemDraft = {
  title: string;
  price: string;
  category: string;
  link: string;
  gender: string;
  brand: string;
  description: string;
  image: string;
  isBestProduct: boolean;
} & Record<TranslatedField, string>;
export type ItemField = keyof ItemDraft & string;

/** The fields of the texts in other languages, in screen order (language by language, title then description). */
export const TRANSLATED_ITEM_FIELDS: readonly TranslatedField[] = TRANSLATED_FIELDS.map((t) => t.field);

/** Screen order, for the focus on the first bad field: the same in every variant. */
export const ITEM_FIELD_ORDER = [
  'title',
  'price',
  'category',
  'link',
  'gender',
  'brand',
  'description',
  'image',
  ...TRANSLATED_ITEM_FIELDS,
  'isBestProduct',
] as const;

/**
 * What a gallery tile shows without "More fields": the four the spec requires there (section 5, "Add item from
 * image"), so a complete product is these, then save.
 */
export const TILE_FIELDS = ['title', 'price', 'category', 'link'] as const satisfies readonly ItemField[];
/** The rest of a tile's form, behind "More fields". */
export const TILE_MORE_FIELDS = ['gender', 'brand', 'description', 'isBestProduct'] as const satisfies readonly ItemField[];

/** A new item from a picture starts as the spec's image form does: Men (decision 0059); Kids and Unisex are offered everywhere. */
export const NEW_ITEM_GENDER: Gender = 'Men';
/** Add New Item starts with no gender (issue 40): the admin chooses one, nothing is set silently. */
export const ADD_NEW_ITEM_GENDER = '';

/**
 * A product's values for Edit, or a new item's defaults (with the tile's picture, when it has one; `newGender` is the
 * tile's Men or Add New Item's "Not set").
 */
export function itemDraftOf(product: Product | null, image = '', newGender: string = NEW_ITEM_GENDER): ItemDraft {
  return {
    title: product?.title ?? '',
    price: product ? String(product.price) : '',
    category: product?.category ?? '',
    link: product?.link ?? '',
    gender: product ? (product.gender ?? '') : newGender,
    brand: product?.brand ?? '',
    description: product?.description ?? '',
    image: product?.image ?? image,
    isBestProduct: product?.isBestProduct ?? false,
    ...translatedDraftOf(product && 'translations' in product ? (product.translations as ProductTranslations) : undefined),
  };
}

/** A product's texts in other languages as the draft's fields (blank where there is none). */
function translatedDraftOf(translations: ProductTranslations | undefined): Record<TranslatedField, string> {
  return Object.fromEntries(TRANSLATED_FIELDS.map((t) => [t.field, translations?.[t.lang]?.[t.text] ?? ''])) as Record<
    TranslatedField,
    string
  >;
}

/**
 * The draft as the API's input: its texts in other languages gathered under `translations` (the dialog's), or left
 * out (a tile's, which has no such fields: a new product has none).
 */
export function itemInputOf(draft: ItemDraft, withTranslations: boolean): ProductInputDraft {
  const { title, price, category, link, gender, brand, description, image, isBestProduct } = draft;
  const input: ProductInputDraft = { title, price, category, link, gender, brand, description, image, isBestProduct };
  if (!withTranslations) return input;
  const translations: Record<string, { title: string; description: string }> = {};
  for (const t of TRANSLATED_FIELDS) (translations[t.lang] ??= { title: '', description: '' })[t.text] = draft[t.field];
  return { ...input, translations };
}

/** The messages of a refused input under the draft's fields: a translated text's under its own (title_de …). */
export function itemDraftErrors(error: z.ZodError): Partial<Record<ItemField | 'form', string>> {
  const out: Partial<Record<ItemField | 'form', string>> = {};
  for (const issue of error.issues) {
    const [first, lang, text] = issue.path;
    const translated = first === 'translations' ? TRANSLATED_FIELDS.find((t) => t.lang === lang && t.text === text)?.field : undefined;
    const field = (translated ?? (first === undefined ? 'form' : String(first))) as ItemField | 'form';
    out[field] ??= issue.message;
  }
  return out;
}

/** How many languages a draft has a text in. */
export function translatedLanguageCount(draft: ItemDraft): number {
  return new Set(TRANSLATED_FIELDS.filter((t) => draft[t.field].trim() !== '').map((t) => t.lang)).size;
}

type Option = { value: string; label: string };

/**
 * The four genders; "Not set" for a product saved without one (an import's), so editing it changes nothing, and for
 * Add New Item, which starts there.
 */
export function genderOptions(initial: string): Option[] {
  const genders = GENDERS.map((g) => ({ value: g, label: g }));
  return initial === '' ? [{ value: '', label: 'Not set' }, ...genders] : genders;
}

/**
 * The category list, with a category the list no longer has (an imported product's) kept for that product. The
 * first entry asks for one where it is required, else offers none.
 */
export function categoryOptions(categories: readonly Pick<Category, 'name'>[], current: string | null, required: boolean): Option[] {
  const names = categories.map((c) => c.name);
  if (current && !names.some((n) => n.toLowerCase() === current.toLowerCase())) names.push(current);
  return [{ value: '', label: required ? 'Select a category' : 'No category' }, ...names.map((n) => ({ value: n, label: n }))];
}

/** The tile's required fields left blank, in screen order. */
export function missingTileFields(draft: ItemDraft): Array<(typeof TILE_FIELDS)[number]> {
  return TILE_FIELDS.filter((field) => draft[field].trim() === '');
}

/** Whether any message is about a field behind "More fields" (which then opens, so the message can be seen). */
export function errorsBehindMore(errors: Partial<Record<string, string>>): boolean {
  return TILE_MORE_FIELDS.some((field) => errors[field]);
}
