import { GENDERS, type Gender } from '../../../common/constants';
import type { Category } from '../../../common/schemas/category';
import type { Product } from '../../../common/schemas/product';

/** The one item form's draft (issue 28): what the Images tile, Add New Item and Edit Item type, as typed. */
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
};
export type ItemField = keyof ItemDraft & string;

/** Screen order, for the focus on the first bad field: the same in every variant. */
export const ITEM_FIELD_ORDER = ['title', 'price', 'category', 'link', 'gender', 'brand', 'description', 'image', 'isBestProduct'] as const;

/**
 * What a gallery tile shows without "More fields": the four the spec requires there (section 5, "Add item from
 * image"), so a complete product is these, then save.
 */
export const TILE_FIELDS = ['title', 'price', 'category', 'link'] as const satisfies readonly ItemField[];
/** The rest of a tile's form, behind "More fields". */
export const TILE_MORE_FIELDS = ['gender', 'brand', 'description', 'isBestProduct'] as const satisfies readonly ItemField[];

/** Every new item starts as the spec's image form does: Men (decision 0059); Kids and Unisex are offered everywhere. */
export const NEW_ITEM_GENDER: Gender = 'Men';

/** A product's values for Edit, or a new item's defaults (with the tile's picture, when it has one). */
export function itemDraftOf(product: Product | null, image = ''): ItemDraft {
  return {
    title: product?.title ?? '',
    price: product ? String(product.price) : '',
    category: product?.category ?? '',
    link: product?.link ?? '',
    gender: product ? (product.gender ?? '') : NEW_ITEM_GENDER,
    brand: product?.brand ?? '',
    description: product?.description ?? '',
    image: product?.image ?? image,
    isBestProduct: product?.isBestProduct ?? false,
  };
}

type Option = { value: string; label: string };

/** The four genders; "Not set" only for a product saved without one (an import's), so editing it changes nothing. */
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
