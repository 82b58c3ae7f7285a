import type { PageMatch } from './pages';

/**
 * The module (path under web/, as the build manifest names it) that holds each page, every one loaded on demand: the
 * server links a rendered page's stylesheets and chunks from it, so the first bundle holds only what every page
 * needs (a brand's page is the finder with its brand fixed: its own chunk is the heading around it).
 * web/app/routes.tsx imports the same files; pages.test.ts keeps the two in step.
 */
export const PAGE_MODULES: Record<PageMatch['page'], string> = {
  finder: 'features/finder/finder-page.tsx',
  product: 'features/product/product-page.tsx',
  brand: 'features/finder/brand-page.tsx',
  login: 'features/auth/login-page.tsx',
  'not-found': 'features/auth/login-page.tsx',
  register: 'features/auth/register-page.tsx',
  home: 'features/auth/home-page.tsx',
  admin: 'app/admin/admin-page.tsx',
  'google-auth-test': 'features/auth/google-auth-test-page.tsx',
  'forgot-password': 'features/auth/forgot-password-page.tsx',
  'reset-password': 'features/auth/reset-password-page.tsx',
  account: 'features/account/account-page.tsx',
  favorites: 'features/favorites/favorites-page.tsx',
  'shared-favorites': 'features/favorites/shared-favorites-page.tsx',
  'privacy-policy': 'features/legal/privacy-policy-page.tsx',
  'cookies-policy': 'features/legal/cookies-policy-page.tsx',
  'data-security': 'features/legal/data-security-page.tsx',
  disclaimer: 'features/legal/disclaimer-page.tsx',
  convert: 'features/convert/convert-page.tsx',
  guides: 'features/guides/guides-page.tsx',
  'guide-topic': 'features/guides/guides-page.tsx',
  guide: 'features/guides/guide-page.tsx',
};
