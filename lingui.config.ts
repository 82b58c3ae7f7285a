// Lingui's settings (issue 41, decision 0090): the languages, and the catalogues cut by where their texts are read.
// `npm run i18n` extracts the messages into locales/{language}/{catalogue}.po (what translators edit) and compiles
// them into .ts modules beside them (what the site loads); a test fails when either is stale or a message is missing.
import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';

/** The first view's words (every storefront page carries them), the other storefront pages', the dashboard's. */
const FIRST = [
  'common/texts/storefront.ts',
  'common/texts/frame.ts',
  'common/texts/finder.ts',
  'common/texts/product-page.ts',
  'common/texts/storefront-later.ts',
  'common/texts/common.ts',
  'common/texts/currency.ts',
];
const PAGES = [
  'common/texts/account.ts',
  'common/texts/convert.ts',
  'common/texts/favorites.ts',
  'common/texts/guides.ts',
  'common/texts/legal.ts',
  'common/texts/mail.ts',
  'common/texts/photo-search.ts',
  'common/texts/page-meta.ts',
  'common/texts/price-history.ts',
  'common/texts/product.ts',
  'common/texts/qc.ts',
  'common/texts/requests.ts',
  'common/texts/saved-searches.ts',
  'common/texts/visits.ts',
];
const ADMIN = [
  'common/texts/admin.ts',
  'common/texts/agents.ts',
  'common/texts/analytics.ts',
  'common/texts/catalogue-languages.ts',
  'common/texts/currency-admin.ts',
  'common/texts/guides-admin.ts',
  'common/texts/imports.ts',
  'common/texts/link-health.ts',
  'common/texts/qc-admin.ts',
  'common/texts/requests-admin.ts',
  'common/texts/setup.ts',
  'common/texts/synonyms.ts',
  'common/texts/users.ts',
];

export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'de', 'fr', 'es', 'it', 'pt-BR', 'pl', 'ar', 'pseudo'],
  pseudoLocale: 'pseudo',
  fallbackLocales: { default: 'en' },
  catalogs: [
    { path: '<rootDir>/locales/{locale}/first', include: FIRST },
    { path: '<rootDir>/locales/{locale}/pages', include: PAGES },
    { path: '<rootDir>/locales/{locale}/admin', include: ADMIN },
  ],
  format: formatter({ lineNumbers: false, origins: false }),
  compileNamespace: 'ts',
  orderBy: 'messageId',
});
