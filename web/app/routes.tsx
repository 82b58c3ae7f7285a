import type { ComponentType } from 'react';
import { matchPath, Route, Switch } from '../lib/router';
import { lazyRoute, type LazyRoute } from '../lib/lazy-route';
import { withMessages } from '../lib/messages';

// Every page loads its code on demand (common/page-modules.ts names the same files for the server, under web/,
// which is why the admin page's own folder is spelled ../app/admin), with the texts it reads beyond the first view's
// (the storefront's other pages', the dashboard's: lib/messages.ts).
const finderPage = lazyRoute(() => import('../features/finder/finder-page'));
const product = lazyRoute(() => import('../features/product/product-page'));
const brand = lazyRoute(() => import('../features/finder/brand-page'));
const login = lazyRoute(withMessages(() => import('../features/auth/login-page')));
const notFound = lazyRoute(withMessages(() => import('../features/auth/login-page').then((m) => ({ default: m.NotFoundPage }))));
const register = lazyRoute(withMessages(() => import('../features/auth/register-page')));
const home = lazyRoute(withMessages(() => import('../features/auth/home-page')));
const admin = lazyRoute(withMessages(() => import('../app/admin/admin-page'), ['admin']));
const googleAuthTest = lazyRoute(withMessages(() => import('../features/auth/google-auth-test-page')));
const forgotPassword = lazyRoute(withMessages(() => import('../features/auth/forgot-password-page')));
const resetPassword = lazyRoute(withMessages(() => import('../features/auth/reset-password-page')));
const account = lazyRoute(withMessages(() => import('../features/account/account-page')));
const favorites = lazyRoute(withMessages(() => import('../features/favorites/favorites-page')));
const sharedFavorites = lazyRoute(withMessages(() => import('../features/favorites/shared-favorites-page')));
const privacyPolicy = lazyRoute(withMessages(() => import('../features/legal/privacy-policy-page')));
const cookiesPolicy = lazyRoute(withMessages(() => import('../features/legal/cookies-policy-page')));
const dataSecurity = lazyRoute(withMessages(() => import('../features/legal/data-security-page')));
const disclaimer = lazyRoute(withMessages(() => import('../features/legal/disclaimer-page')));
const convert = lazyRoute(withMessages(() => import('../features/convert/convert-page')));
const guides = lazyRoute(withMessages(() => import('../features/guides/guides-page')));
const guide = lazyRoute(withMessages(() => import('../features/guides/guide-page')));

type Page = { path: string; Component: ComponentType; route: LazyRoute };

const finder = (path: string): Page => ({ path, Component: finderPage.Component, route: finderPage });
const page = (path: string, route: LazyRoute): Page => ({ path, Component: route.Component, route });

/** The routes of spec section 2, plus product pages, in the order they are tried; the fallback shows the login screen. */
export const pages: readonly Page[] = [
  finder('/'),
  finder('/index.html'),
  finder('/products'),
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
  page('/convert', convert),
  page('/guides', guides),
  page('/guides/topic/:topic', guides),
  page('/guides/:slug', guide),
  page('*', notFound),
];

/** The page an address shows: the first whose pattern matches its path. */
export function pageForPath(pathname: string): Page {
  return pages.find((p) => matchPath(p.path, pathname)) ?? (pages.at(-1) as Page);
}

/** The page of the current address. */
export function PageRoutes() {
  return (
    <Switch>
      {pages.map(({ path, Component }) => (
        <Route key={path} path={path === '*' ? undefined : path} component={Component} />
      ))}
    </Switch>
  );
}

/** The on-demand code of the page at this path. */
export function routeForPath(pathname: string): LazyRoute {
  return pageForPath(pathname).route;
}
