import { matchRoutes, type RouteObject } from 'react-router';
import FinderPage from '../features/finder/finder-page';
import { SiteLayout } from '../features/layout/site-layout';
import { lazyRoute, type LazyRoute } from '../lib/lazy-route';

// Every page but the finder loads its code on demand (common/page-modules.ts names the same files for the server,
// under web/, which is why the admin page's own folder is spelled ../app/admin).
const product = lazyRoute(() => import('../features/product/product-page'));
const brand = lazyRoute(() => import('../features/finder/brand-page'));
const login = lazyRoute(() => import('../features/auth/login-page'));
const notFound = lazyRoute(() => import('../features/auth/login-page').then((m) => ({ default: m.NotFoundPage })));
const register = lazyRoute(() => import('../features/auth/register-page'));
const home = lazyRoute(() => import('../features/auth/home-page'));
const admin = lazyRoute(() => import('../app/admin/admin-page'));
const googleAuthTest = lazyRoute(() => import('../features/auth/google-auth-test-page'));
const forgotPassword = lazyRoute(() => import('../features/auth/forgot-password-page'));
const resetPassword = lazyRoute(() => import('../features/auth/reset-password-page'));
const account = lazyRoute(() => import('../features/account/account-page'));
const favorites = lazyRoute(() => import('../features/favorites/favorites-page'));
const sharedFavorites = lazyRoute(() => import('../features/favorites/shared-favorites-page'));
const privacyPolicy = lazyRoute(() => import('../features/legal/privacy-policy-page'));
const cookiesPolicy = lazyRoute(() => import('../features/legal/cookies-policy-page'));
const dataSecurity = lazyRoute(() => import('../features/legal/data-security-page'));
const disclaimer = lazyRoute(() => import('../features/legal/disclaimer-page'));

const page = (path: string, route: LazyRoute): RouteObject => ({ path, element: <route.Component />, handle: route });

/** The routes of spec section 2, plus product pages; the fallback shows the login screen. */
export const routes: RouteObject[] = [
  {
    element: <SiteLayout />,
    children: [
      { path: '/', element: <FinderPage /> },
      { path: '/index.html', element: <FinderPage /> },
      { path: '/products', element: <FinderPage /> },
      page('/products/:ref', product),
      page('/brands/:slug', brand),
      page('/login', login),
      page('/register', register),
      page('/home', home),
      page('/admin', admin),
      page('/google-auth-test', googleAuthTest),
      page('/forgot-password', forgotPassword),
      page('/reset-password', resetPassword),
      page('/account', account),
      page('/favorites', favorites),
      page('/favorites/shared/:token', sharedFavorites),
      page('/privacy-policy', privacyPolicy),
      page('/cookies-policy', cookiesPolicy),
      page('/data-security', dataSecurity),
      page('/disclaimer', disclaimer),
      page('*', notFound),
    ],
  },
];

/** The on-demand code of the page at this path; null for the finder (in the first bundle). */
export function routeForPath(pathname: string): LazyRoute | null {
  const matched = matchRoutes(routes, pathname);
  return (matched?.at(-1)?.route.handle as LazyRoute | undefined) ?? null;
}
