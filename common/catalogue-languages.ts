// The catalogue's own words in the site's other languages (issue 41, decision 0091): a category's name and a product's
// title and description per language, kept beside the English ones (categories.names, products.translations). Pure,
// so the server's pages, the browser's and the dashboard read them alike. English is the name, title and description
// themselves; the other languages fall back to them.
import { DEFAULT_LANG, LANGUAGES, type Language, type LangCode, type RuntimeLang } from './i18n';

/** The languages the catalogue may be translated into: every site language but English. */
export type ContentLangCode = Exclude<LangCode, 'en'>;
export type ContentLanguage = Extract<Language, { code: ContentLangCode }>;
export const CONTENT_LANGUAGES = LANGUAGES.filter((l): l is ContentLanguage => l.code !== DEFAULT_LANG);
export const CONTENT_LANG_CODES: readonly ContentLangCode[] = CONTENT_LANGUAGES.map((l) => l.code);

/** The catalogue language a code names (`lang` of the API), or undefined for English and anything else. */
export function isContentLanguage(code: LangCode): code is ContentLangCode {
  return code !== DEFAULT_LANG;
}

/** A category's name by language, only the languages that have one: `{ de: 'Jacken' }`. */
export type CategoryNames = Partial<Record<ContentLangCode, string>>;

/** A product's title and description in one language; either may be absent (the English one shows). */
export type ProductText = { title?: string; description?: string };
/** A product's texts by language, only the languages that have one. */
export type ProductTranslations = Partial<Record<ContentLangCode, ProductText>>;

/** The language whose catalogue words a page shows: the tests' pseudo-language reads as English. */
export function contentLanguage(lang: RuntimeLang | undefined): LangCode {
  return lang === undefined || lang === 'pseudo' ? DEFAULT_LANG : lang;
}

/** A category's name in `lang`: its translation there, else its name. */
export function categoryLabel(category: { name: string; names?: CategoryNames | undefined }, lang: RuntimeLang): string {
  const code = contentLanguage(lang);
  if (!isContentLanguage(code)) return category.name;
  return category.names?.[code]?.trim() || category.name;
}

/**
 * The name a category (given by its name, in any case, as products and addresses carry it) shows in `lang`: the
 * translation of the category of that name, else the name as given (a product may name a category that no longer
 * exists).
 */
export function categoryLabelOf(
  name: string,
  categories: ReadonlyArray<{ name: string; names?: CategoryNames | undefined }> | undefined,
  lang: RuntimeLang,
): string {
  if (contentLanguage(lang) === DEFAULT_LANG || !categories) return name;
  const lower = name.trim().toLowerCase();
  const found = categories.find((c) => c.name.toLowerCase() === lower);
  return found ? categoryLabel(found, lang) : name;
}

/** A stored names object (jsonb) as CategoryNames: the site's other languages only, non-blank names only. */
export function knownNames(stored: Readonly<Record<string, unknown>> | null | undefined): CategoryNames {
  const out: CategoryNames = {};
  for (const code of CONTENT_LANG_CODES) {
    const name = stored?.[code];
    if (typeof name === 'string' && name.trim()) out[code] = name;
  }
  return out;
}

/** The languages a product's title is translated into (its pages there are its own, indexable ones). */
export function titledLanguages(translations: ProductTranslations | null | undefined): ContentLangCode[] {
  if (!translations) return [];
  return CONTENT_LANG_CODES.filter((code) => Boolean(translations[code]?.title?.trim()));
}

/** A product's title and description in `lang`: the translation where one exists, else the English text. */
export function productTextIn(
  product: { title: string; description: string; translations?: ProductTranslations | null | undefined },
  lang: RuntimeLang,
): { title: string; description: string } {
  const code = contentLanguage(lang);
  const text = isContentLanguage(code) ? product.translations?.[code] : undefined;
  return { title: text?.title?.trim() || product.title, description: text?.description?.trim() || product.description };
}

/**
 * The default categories' names in every language (spec section 3's eight): the first start seeds them with these,
 * and migration 0029 gave them to an existing catalogue whose categories still had the default names.
 */
export const DEFAULT_CATEGORY_NAMES: Readonly<Record<string, CategoryNames>> = {
  Shoes: { de: 'Schuhe', fr: 'Chaussures', es: 'Zapatos', it: 'Scarpe', 'pt-BR': 'Sapatos', pl: 'Buty', ar: 'أحذية' },
  Hoodies: {
    de: 'Hoodies',
    fr: 'Sweats à capuche',
    es: 'Sudaderas con capucha',
    it: 'Felpe con cappuccio',
    'pt-BR': 'Moletons',
    pl: 'Bluzy z kapturem',
    ar: 'هوديز',
  },
  Jackets: { de: 'Jacken', fr: 'Vestes', es: 'Chaquetas', it: 'Giacche', 'pt-BR': 'Jaquetas', pl: 'Kurtki', ar: 'جاكيتات' },
  Pants: { de: 'Hosen', fr: 'Pantalons', es: 'Pantalones', it: 'Pantaloni', 'pt-BR': 'Calças', pl: 'Spodnie', ar: 'بناطيل' },
  'T-Shirts': { de: 'T-Shirts', fr: 'T-shirts', es: 'Camisetas', it: 'T-shirt', 'pt-BR': 'Camisetas', pl: 'Koszulki', ar: 'تيشيرتات' },
  Accessories: {
    de: 'Accessoires',
    fr: 'Accessoires',
    es: 'Accesorios',
    it: 'Accessori',
    'pt-BR': 'Acessórios',
    pl: 'Akcesoria',
    ar: 'إكسسوارات',
  },
  Shorts: {
    de: 'Shorts',
    fr: 'Shorts',
    es: 'Pantalones cortos',
    it: 'Pantaloncini',
    'pt-BR': 'Bermudas',
    pl: 'Szorty',
    ar: 'شورتات',
  },
  Sweaters: { de: 'Pullover', fr: 'Pulls', es: 'Suéteres', it: 'Maglioni', 'pt-BR': 'Suéteres', pl: 'Swetry', ar: 'كنزات' },
};
