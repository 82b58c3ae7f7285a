import { describe, expect, it } from 'vitest';
import { matchPage, STATIC_PAGES } from '../../common/pages';
import { pageForPath } from './routes';

/** The path pattern the web's router picks for an address. */
const routed = (pathname: string) => pageForPath(pathname).path;

/** The pattern the server's page matching implies for it. */
function expected(pathname: string): string {
  const match = matchPage(pathname);
  if (match.page === 'finder') return pathname.toLowerCase().replace(/\/+$/, '') || '/';
  if (match.page === 'product') return '/products/:ref';
  if (match.page === 'brand') return '/brands/:slug';
  if (match.page === 'not-found') return '*';
  return `/${match.page}`;
}

describe('the web router and the server agree on every page', () => {
  const samples = [
    '/',
    '/products',
    '/products/',
    '/Products',
    '/index.html',
    '/products/corduroy-jacket-12',
    '/products/12',
    '/products/jacket',
    '/products/a/b',
    ...STATIC_PAGES.map((p) => `/${p}`),
    '/Login/',
    '/login//',
    '/products//',
    '/products/corduroy-jacket-12//',
    '/nope',
    '/admin/extra',
    '/brands/northfold',
    '/Brands/Harbor-Pine/',
    '/brands/a%20b',
    '/brands',
    '/brands/',
    '/brands/a/b',
  ];
  it.each(samples)('%s', (pathname) => {
    expect(routed(pathname)).toBe(expected(pathname));
  });
});

describe('brand pages', () => {
  it('name the brand of the address, decoded, as written', () => {
    expect(matchPage('/brands/northfold')).toEqual({ page: 'brand', slug: 'northfold' });
    expect(matchPage('/Brands/Harbor-Pine/')).toEqual({ page: 'brand', slug: 'Harbor-Pine' });
    expect(matchPage('/brands/a%20b')).toEqual({ page: 'brand', slug: 'a b' });
    expect(matchPage('/brands')).toEqual({ page: 'not-found' });
    expect(matchPage('/brands/a/b')).toEqual({ page: 'not-found' });
  });
});
