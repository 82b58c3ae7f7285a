import { describe, expect, it } from 'vitest';
import { ADMIN_TEXTS } from '../../../common/texts/admin';
import { GENDERS } from '../../../common/constants';
import { productInputSchema, type Product } from '../../../common/schemas/product';
import { parseDraft } from '../use-form';
import {
  categoryOptions,
  errorsBehindMore,
  genderOptions,
  itemDraftOf,
  missingTileFields,
  NEW_ITEM_GENDER,
  TILE_FIELDS,
  TILE_MORE_FIELDS,
  ITEM_FIELD_ORDER,
  itemDraftErrors,
  itemInputOf,
  TRANSLATED_ITEM_FIELDS,
} from './item-draft';

const saved = {
  title: 'Parka',
  price: 12.5,
  category: 'Jackets',
  link: 'https://store.example/p',
  gender: null,
  brand: 'N',
  description: '',
  image: '/media/items/a.png',
  isBestProduct: true,
} as unknown as Product;

describe('the one item form’s draft', () => {
  it('starts a new item as Men, with the tile’s picture, and an edit from the product', () => {
    expect(itemDraftOf(null, '/media/items/x.png')).toMatchObject({
      gender: NEW_ITEM_GENDER,
      image: '/media/items/x.png',
      title: '',
      isBestProduct: false,
    });
    expect(NEW_ITEM_GENDER).toBe('Men');
    expect(itemDraftOf(saved)).toMatchObject({ price: '12.5', gender: '', image: '/media/items/a.png', isBestProduct: true });
  });

  it('offers Men, Women, Kids and Unisex everywhere, and "Not set" only to a product saved without one', () => {
    expect(genderOptions('Men').map((o) => o.value)).toEqual([...GENDERS]);
    expect(GENDERS).toEqual(['Men', 'Women', 'Kids', 'Unisex']);
    expect(genderOptions('')[0]).toEqual({ value: '', label: 'Not set' });
    // Every choice is one the shared schema (and so the API and the database's check) accepts.
    for (const { value } of genderOptions('')) {
      const draft = { ...itemDraftOf(null), title: 'T', price: '1', gender: value };
      expect('data' in parseDraft(productInputSchema, draft)).toBe(true);
    }
  });

  it('asks for a category on a tile, keeps a category the list lost for its product', () => {
    expect(categoryOptions([{ name: 'Shoes' }], null, true)[0]).toEqual({ value: '', label: 'Select a category' });
    expect(categoryOptions([{ name: 'Shoes' }], 'Old', false).map((o) => o.label)).toEqual(['No category', 'Shoes', 'Old']);
    expect(categoryOptions([{ name: 'Shoes' }], 'shoes', false)).toHaveLength(2);
  });

  it('lists the tile’s blank required fields in screen order', () => {
    expect(missingTileFields({ ...itemDraftOf(null), price: ' 3 ' })).toEqual(['title', 'category', 'link']);
    expect(missingTileFields({ ...itemDraftOf(null), title: 'a', price: '1', category: 'Shoes', link: 'https://x.example' })).toEqual([]);
  });

  it('puts the tile’s four required fields in view and every other field behind More fields', () => {
    // The tile has no texts in other languages (the dialog's alone): a new product from a tile has none.
    const all = new Set<string>([...TILE_FIELDS, ...TILE_MORE_FIELDS, 'image', ...TRANSLATED_ITEM_FIELDS]);
    expect([...all].sort()).toEqual([...ITEM_FIELD_ORDER].sort());
    expect(errorsBehindMore({ brand: 'brand must be at most 100 characters' })).toBe(true);
    expect(errorsBehindMore({ title: ADMIN_TEXTS.itemNameRequired })).toBe(false);
  });

  it('gives the shared schema’s messages under the fields', () => {
    const result = parseDraft(productInputSchema, { ...itemDraftOf(null), price: '-4', link: 'javascript:alert(1)' });
    expect(result).toEqual({
      errors: expect.objectContaining({
        title: ADMIN_TEXTS.itemNameRequired,
        price: ADMIN_TEXTS.validPriceRequired,
        link: expect.stringMatching(/^link must be an http\(s\) address/),
      }),
    });
  });

  it('gathers the texts in other languages under translations, and puts a refusal under its own field (issue 41)', () => {
    const draft = { ...itemDraftOf(saved), title_de: 'Parka (de)', description_fr: 'Chaude', title_pl: 'x'.repeat(201) };
    const input = itemInputOf(draft, true);
    expect(input.translations).toMatchObject({ de: { title: 'Parka (de)', description: '' }, fr: { title: '', description: 'Chaude' } });
    expect(itemInputOf(draft, false)).not.toHaveProperty('translations');
    const parsed = productInputSchema.safeParse(input);
    expect(parsed.success).toBe(false);
    if (!parsed.success) expect(itemDraftErrors(parsed.error)).toEqual({ title_pl: 'title (Polski) must be at most 200 characters' });
    const valid = productInputSchema.parse({ ...input, translations: { ...input.translations, pl: { title: 'Parka' } } });
    expect(valid.translations).toEqual({ de: { title: 'Parka (de)' }, fr: { description: 'Chaude' }, pl: { title: 'Parka' } });
  });
});
