import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAVORITE_SHARE_TOKEN_PATTERN, FAVORITES_LIMIT_MESSAGE, FAVORITES_LOOKUP_MAX, FAVORITES_MAX } from '../../../common/favorites';
import { matchPage } from '../../../common/pages';
import type {
  FavoriteChange,
  FavoriteList,
  FavoriteMergeResult,
  FavoriteShare,
  SharedFavoriteList,
} from '../../../common/schemas/favorite';
import { send, signedInAs } from '../../test/auth-helpers';
import { insertProducts } from '../../test/factories';
import { sourceFrontEnd } from '../../test/front-end';
import { createTestApp, type TestContext } from '../../test/test-app';

let ctx: TestContext;
let ids: string[] = [];

beforeAll(async () => {
  ctx = await createTestApp({}, { frontEnd: sourceFrontEnd() });
  const rows = await insertProducts(ctx.database, [
    { title: 'Cargo Pants', price: 40 },
    { title: 'Zip Hoodie', price: 55.5 },
    { title: 'Court Sneakers', price: 89 },
    { title: 'Bucket Hat', price: 15 },
  ]);
  ids = rows.map((r) => r.id);
});
afterAll(async () => {
  await ctx?.close();
});

const id = (i: number) => ids[i] as string;
const list = async (cookie: string) => (await send(ctx.app, 'GET', '/api/favorites', { cookie })).json() as FavoriteList;
const save = (cookie: string, productId: string) => send(ctx.app, 'PUT', `/api/favorites/${productId}`, { cookie });
const merge = (cookie: string, items: unknown) => send(ctx.app, 'POST', '/api/favorites/merge', { cookie, body: { items } });
const share = (cookie: string, body: unknown = {}) => send(ctx.app, 'POST', '/api/favorites/share', { cookie, body });
const shared = (token: string) => ctx.app.inject({ method: 'GET', url: `/api/favorites/shared/${token}` });
const setPrice = (productId: string, price: number) =>
  ctx.database.db.execute(sql`update products set price = ${price} where id = ${productId}::uuid`);

describe('favourites of a signed-in person (issue 16)', () => {
  it('refuses callers who are not signed in', async () => {
    for (const [method, url, body] of [
      ['GET', '/api/favorites', undefined],
      ['PUT', `/api/favorites/${randomUUID()}`, undefined],
      ['DELETE', `/api/favorites/${randomUUID()}`, undefined],
      ['POST', '/api/favorites/merge', { items: [] }],
      ['POST', '/api/favorites/share', {}],
      ['DELETE', '/api/favorites/share', undefined],
    ] as const) {
      const res = await send(ctx.app, method, url, body === undefined ? {} : { body });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('saves at the current price, idempotently; lists newest first with the product as it is now; removes', async () => {
    const cookie = await signedInAs(ctx.app, 'fav-basic@example.com');
    expect(await list(cookie)).toEqual({ items: [], shareToken: null, priceAlerts: { available: false, all: false } });

    const first = await save(cookie, id(0));
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ productId: id(0), saved: true, savedPrice: 40, count: 1 });
    expect(first.headers['cache-control']).toContain('no-store');
    const again = (await save(cookie, id(0))).json() as FavoriteChange;
    expect(again).toMatchObject({ saved: true, savedPrice: 40, count: 1, savedAt: (first.json() as FavoriteChange).savedAt });
    await save(cookie, id(1));

    await setPrice(id(0), 35);
    const after = await list(cookie);
    expect(after.items.map((f) => f.product.title)).toEqual(['Zip Hoodie', 'Cargo Pants']);
    expect(after.items[1]).toMatchObject({
      savedPrice: 40,
      product: { id: id(0), price: 35, path: expect.stringMatching(/^\/products\/cargo-pants-\d+$/) },
    });
    // Saving again does not move the saved price to today's.
    expect((await save(cookie, id(0))).json()).toMatchObject({ savedPrice: 40 });

    const removed = await send(ctx.app, 'DELETE', `/api/favorites/${id(1)}`, { cookie });
    expect(removed.json()).toEqual({ productId: id(1), saved: false, savedPrice: null, savedAt: null, count: 1 });
    expect((await send(ctx.app, 'DELETE', `/api/favorites/${id(1)}`, { cookie })).json()).toMatchObject({ saved: false, count: 1 });
    expect((await list(cookie)).items.map((f) => f.product.id)).toEqual([id(0)]);

    const other = await signedInAs(ctx.app, 'fav-basic-other@example.com');
    expect((await list(other)).items).toEqual([]);
    await setPrice(id(0), 40);
  });

  it('answers an unknown product 404 and a malformed id 400, with a sentence', async () => {
    const cookie = await signedInAs(ctx.app, 'fav-bad@example.com');
    const unknown = await save(cookie, randomUUID());
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('This product is not in the catalogue (it may have been removed).');
    const malformed = await save(cookie, 'not-an-id');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toContain('productId must be a product id');
  });

  it('drops a product deleted from the catalogue from every list', async () => {
    const cookie = await signedInAs(ctx.app, 'fav-deleted@example.com');
    const [doomed] = await insertProducts(ctx.database, [{ title: 'Doomed Tee', price: 9 }]);
    await save(cookie, doomed!.id);
    await save(cookie, id(2));
    await ctx.database.db.execute(sql`delete from products where id = ${doomed!.id}::uuid`);
    expect((await list(cookie)).items.map((f) => f.product.id)).toEqual([id(2)]);
  });

  it(`keeps at most ${FAVORITES_MAX} favourites and says so`, async () => {
    const cookie = await signedInAs(ctx.app, 'fav-full@example.com');
    const extra = await insertProducts(
      ctx.database,
      Array.from({ length: FAVORITES_MAX + 1 }, (_, i) => ({ title: `Filler ${i}` })),
    );
    const [user] = await ctx.database.rows<{ id: string }>(sql`select id from users where email = 'fav-full@example.com'`);
    await ctx.database.db.execute(sql`
      insert into favorites (user_id, product_id, saved_price)
      select ${user!.id}::uuid, id, price from products where id in (select jsonb_array_elements_text(${JSON.stringify(extra.slice(0, FAVORITES_MAX).map((p) => p.id))}::jsonb)::uuid)`);
    const full = await save(cookie, extra[FAVORITES_MAX]!.id);
    expect(full.statusCode).toBe(409);
    expect(full.json().message).toBe(FAVORITES_LIMIT_MESSAGE);
    // One already saved is still answered as saved.
    expect((await save(cookie, extra[0]!.id)).statusCode).toBe(200);
    const merged = (await merge(cookie, [{ productId: extra[FAVORITES_MAX]!.id }])).json() as FavoriteMergeResult;
    expect(merged).toMatchObject({ added: 0, skipped: 1 });
    expect(merged.items).toHaveLength(FAVORITES_MAX);
    await ctx.database.db.execute(
      sql`delete from products where id in (select jsonb_array_elements_text(${JSON.stringify(extra.map((p) => p.id))}::jsonb)::uuid)`,
    );
  });
});

describe('merging the browser’s favourites at sign-in', () => {
  it('adds the browser’s finds with their saved price and time; the account’s own keep theirs; unknown ids are skipped', async () => {
    const cookie = await signedInAs(ctx.app, 'fav-merge@example.com');
    await save(cookie, id(0)); // saved at 40 on the account
    const res = await merge(cookie, [
      { productId: id(0), savedPrice: 12, savedAt: '2026-01-01T10:00:00.000Z' },
      { productId: id(1), savedPrice: 50, savedAt: '2026-02-01T10:00:00.000Z' },
      { productId: id(2) },
      { productId: randomUUID(), savedPrice: 1 },
      { productId: id(1), savedPrice: 1 },
      { productId: id(3), savedAt: '2999-01-01T00:00:00Z' },
    ]);
    expect(res.statusCode).toBe(200);
    const body = res.json() as FavoriteMergeResult;
    expect(body).toMatchObject({ added: 3, skipped: 1 });
    const byId = new Map(body.items.map((f) => [f.product.id, f]));
    expect(byId.get(id(0))?.savedPrice).toBe(40);
    expect(byId.get(id(1))).toMatchObject({ savedPrice: 50, savedAt: '2026-02-01T10:00:00.000Z' });
    expect(byId.get(id(2))?.savedPrice).toBe(89);
    // A time in the future is now.
    expect(Date.parse(byId.get(id(3))!.savedAt)).toBeLessThanOrEqual(Date.now());
    expect(body.items.at(-1)?.product.id).toBe(id(1));

    // Sent again (a second tab signing in): nothing changes.
    const again = (await merge(cookie, [{ productId: id(1), savedPrice: 1 }])).json() as FavoriteMergeResult;
    expect(again).toMatchObject({ added: 0, skipped: 0 });
    expect(again.items.find((f) => f.product.id === id(1))?.savedPrice).toBe(50);
  });

  it('refuses a malformed or too long list with a sentence', async () => {
    const cookie = await signedInAs(ctx.app, 'fav-merge-bad@example.com');
    for (const [items, message] of [
      ['all', 'items must be a list of favourites'],
      [[{ productId: 'x' }], 'productId must be a product id'],
      [[{ productId: id(0), savedPrice: -1 }], 'savedPrice must be 0 or more'],
      [[{ productId: id(0), savedAt: 'yesterday' }], 'savedAt must be a date and time'],
      [Array.from({ length: FAVORITES_MAX + 1 }, () => ({ productId: id(0) })), `at most ${FAVORITES_MAX} favourites`],
    ] as const) {
      const res = await merge(cookie, items);
      expect(res.statusCode, message).toBe(400);
      expect(res.json().message).toContain(message);
    }
    expect((await list(cookie)).items).toEqual([]);
  });
});

describe('the read-only share link', () => {
  it('gives an unguessable token, keeps it until replaced, and shows the list without the account', async () => {
    const cookie = await signedInAs(ctx.app, 'fav-share@example.com');
    await save(cookie, id(2));
    await save(cookie, id(3));
    const first = (await share(cookie)).json() as FavoriteShare;
    expect(first.token).toMatch(FAVORITE_SHARE_TOKEN_PATTERN);
    expect(first.path).toBe(`/favorites/shared/${first.token}`);
    expect(((await share(cookie)).json() as FavoriteShare).token).toBe(first.token);
    expect((await list(cookie)).shareToken).toBe(first.token);

    const other = await signedInAs(ctx.app, 'fav-share-other@example.com');
    expect(((await share(other)).json() as FavoriteShare).token).not.toBe(first.token);

    const open = await shared(first.token);
    expect(open.statusCode).toBe(200);
    expect(open.headers['cache-control']).toContain('no-store');
    const body = open.json() as SharedFavoriteList;
    expect(body.items.map((f) => f.product.title)).toEqual(['Bucket Hat', 'Court Sneakers']);
    expect(Object.keys(body)).toEqual(['items']);
    expect(Object.keys(body.items[0]!)).toEqual(['product']);
    expect(open.body).not.toContain('fav-share@example.com');

    const replaced = (await share(cookie, { replace: true })).json() as FavoriteShare;
    expect(replaced.token).not.toBe(first.token);
    expect((await shared(first.token)).statusCode).toBe(404);
    expect((await shared(replaced.token)).statusCode).toBe(200);
  });

  it('stops working once revoked; unknown tokens 404 and malformed ones 400', async () => {
    const cookie = await signedInAs(ctx.app, 'fav-revoke@example.com');
    const { token } = (await share(cookie)).json() as FavoriteShare;
    expect((await send(ctx.app, 'DELETE', '/api/favorites/share', { cookie })).statusCode).toBe(204);
    const gone = await shared(token);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toContain('This list is not shared');
    expect((await list(cookie)).shareToken).toBeNull();
    expect((await send(ctx.app, 'DELETE', '/api/favorites/share', { cookie })).statusCode).toBe(204);
    expect((await shared('A'.repeat(32))).statusCode).toBe(404);
    const malformed = await shared('short');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toContain('token is malformed');
    expect((await share(cookie, { replace: 'yes' })).statusCode).toBe(400);
  });
});

describe('products by id (a signed-out visitor’s favourites)', () => {
  const byIds = (query: string) => ctx.app.inject({ method: 'GET', url: `/api/products/by-ids?${query}` });

  it('answers the products in the order asked, leaving out unknown ids', async () => {
    const res = await byIds(`ids=${id(3)},${randomUUID()},${id(0)},${id(3)}`);
    expect(res.statusCode).toBe(200);
    expect((res.json() as { items: Array<{ id: string }> }).items.map((p) => p.id)).toEqual([id(3), id(0)]);
  });

  it('refuses a missing, malformed or too long list', async () => {
    for (const [query, message] of [
      ['', 'ids'],
      ['ids=', 'give at least one product id'],
      ['ids=abc', 'each id must be a product id'],
      [`ids=${Array.from({ length: FAVORITES_LOOKUP_MAX + 1 }, () => randomUUID()).join(',')}`, `at most ${FAVORITES_LOOKUP_MAX} products`],
    ] as const) {
      const res = await byIds(query);
      expect(res.statusCode, query.slice(0, 20)).toBe(400);
      expect(res.json().message).toContain(message);
    }
  });
});

describe('the favourites pages', () => {
  const page = (url: string) => ctx.app.inject({ method: 'GET', url });

  it('are matched case-insensitively, the token as written', () => {
    expect(matchPage('/Favorites/')).toEqual({ page: 'favorites' });
    expect(matchPage('/favorites/shared/AbC-_x')).toEqual({ page: 'shared-favorites', token: 'AbC-_x' });
    expect(matchPage('/FAVORITES/SHARED/AbC')).toEqual({ page: 'shared-favorites', token: 'AbC' });
    expect(matchPage('/favorites/shared/a/b')).toEqual({ page: 'not-found' });
  });

  it('renders /favorites for anyone, not indexed', async () => {
    const res = await page('/favorites');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<meta name="robots" content="noindex">');
    expect(res.body).toContain('Your favourites');
  });

  it('renders a shared list read-only and not indexed; an unknown, malformed or revoked token is a 404 page', async () => {
    const cookie = await signedInAs(ctx.app, 'fav-page@example.com');
    await save(cookie, id(1));
    const { token, path } = (await share(cookie)).json() as FavoriteShare;
    const res = await page(path);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.body).toContain('<meta name="robots" content="noindex">');
    expect(res.body).toContain('Zip Hoodie');
    expect(res.body).not.toContain('fav-page@example.com');

    for (const url of [`/favorites/shared/${'B'.repeat(32)}`, '/favorites/shared/nope']) {
      const missing = await page(url);
      expect(missing.statusCode, url).toBe(404);
      expect(missing.body).toContain('This list is not shared');
      expect(missing.body).toContain('<meta name="robots" content="noindex">');
    }
    await send(ctx.app, 'DELETE', '/api/favorites/share', { cookie });
    expect((await page(`/favorites/shared/${token}`)).statusCode).toBe(404);
  });
});
