// The dashboard's words about the catalogue in other languages (issue 41): category names per language, products'
// translated titles and descriptions, and their import and export columns.
import { i18n, texts } from '../i18n';

export const CATALOGUE_LANGUAGE_TEXTS = texts({
  categoryNames: /*i18n*/ 'Name in other languages',
  categoryNamesHint: /*i18n*/ 'Shown on the storefront in that language; blank shows the name above. Addresses keep the name above.',
  translations: /*i18n*/ 'Translations',
  translationsHint:
    /*i18n*/ 'A title and description per language, shown on the storefront in that language. The product page in a language is listed for search engines only once its title there is filled in.',
  title: /*i18n*/ 'Title',
  description: /*i18n*/ 'Description',
  translatedCount: (count: number) => i18n._('{count, plural, =0 {none yet} one {# language} other {# languages}}', { count }),
});
