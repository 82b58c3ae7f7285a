import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECENTLY_VIEWED_MAX } from '../../../common/recently-viewed';
import type { RecentlyViewed } from '../../../common/schemas/recently-viewed';
import { send, signedInAs } from '../../test/auth-helpers';
import { insertProducts } from '../../test/factories';
import { createTestApp, type TestContext } from '../../test/test-app';

// Recently viewed (issue 42): the account keeps the last 20 product pages opened, newest first; the browser's list is
// merged at sign-in (the newest of both win), and the person can clear it.

let ctx: TestContext;
let ids: string[] = [];

beforeAll(async () => {
  ctx = await createTestApp();
  const rows = await insertProducts(
    ctx.database,
    Array.from({ length: RECENTLY_VIEWED_MAX + 5 }, (_, i) => ({ title: `Viewed Tee ${i}`, price: 10 + i })),
  );
  ids = rows.map((r) => r.id);
});
afterAll(async () => {
  await ctx?.close();
});

const id = (i: number) => ids[i] as string;
const list = async (cookie: string) => {
  const res = await send(ctx.app, 'GET', '/api/recently-viewed', { cookie });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<RecentlyViewed>().items.map((v) => v.product.title);
};
const view = (cookie: string, productId: string) => send(ctx.app, 'PUT', `/api/recently-viewed/${productId}`, { cookie });

describe('recently viewed', () => {
  it('keeps the last 20 product pages, newest first, a page opened again moving to the front', async () => {
    const cookie = await signedInAs(ctx.app, `viewed-${Date.now()}@example.com`);
    expect(await list(cookie)).toEqual([]);
    for (let i = 0; i < RECENTLY_VIEWED_MAX + 2; i++) expect((await view(cookie, id(i))).statusCode).toBe(204);
    const titles = await list(cookie);
    expect(titles).toHaveLength(RECENTLY_VIEWED_MAX);
    expect(titles[0]).toBe(`Viewed Tee ${RECENTLY_VIEWED_MAX + 1}`);
    expect(titles).not.toContain('Viewed Tee 0');
    expect(titles).not.toContain('Viewed Tee 1');
    await view(cookie, id(5));
    expect((await list(cookie))[0]).toBe('Viewed Tee 5');
    expect(await list(cookie)).toHaveLength(RECENTLY_VIEWED_MAX);
    // A product not in the catalogue changes nothing; a bad id is a 400 sentence.
    expect((await view(cookie, randomUUID())).statusCode).toBe(204);
    const bad = await view(cookie, 'not-an-id');
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toMatch(/productId must be a product id/);
    // Another account sees its own list only.
    const other = await signedInAs(ctx.app, `viewed-other-${Date.now()}@example.com`);
    expect(await list(other)).toEqual([]);
  });

  it('merges the browser’s list at sign-in: the newest of both, at most 20; clearing forgets them all', async () => {
    const cookie = await signedInAs(ctx.app, `viewed-merge-${Date.now()}@example.com`);
    await view(cookie, id(0));
    await view(cookie, id(1));
    const hourAgo = new Date(Date.now() - 3600_000).toISOString();
    const later = new Date(Date.now() + 60_000).toISOString();
    const merged = await send(ctx.app, 'POST', '/api/recently-viewed/merge', {
      cookie,
      body: {
        items: [
          { productId: id(2), viewedAt: later },
          { productId: id(3), viewedAt: hourAgo },
          { productId: id(0), viewedAt: hourAgo },
          { productId: randomUUID(), viewedAt: hourAgo },
        ],
      },
    });
    expect(merged.statusCode, merged.body).toBe(200);
    // A time in the future counts as now; product 0's later view in the account wins over the browser's older one.
    expect(merged.json<RecentlyViewed>().items.map((v) => v.product.title)).toEqual([
      'Viewed Tee 2',
      'Viewed Tee 1',
      'Viewed Tee 0',
      'Viewed Tee 3',
    ]);

    const tooMany = Array.from({ length: RECENTLY_VIEWED_MAX + 1 }, (_, i) => ({ productId: id(i), viewedAt: hourAgo }));
    const refused = await send(ctx.app, 'POST', '/api/recently-viewed/merge', { cookie, body: { items: tooMany } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ message: string }>().message).toMatch(/at most 20 viewed products/);

    const old = Array.from({ length: RECENTLY_VIEWED_MAX }, (_, i) => ({
      productId: id(i + 4),
      viewedAt: new Date(Date.now() - (i + 2) * 3600_000).toISOString(),
    }));
    const full = await send(ctx.app, 'POST', '/api/recently-viewed/merge', { cookie, body: { items: old } });
    expect(full.json<RecentlyViewed>().items).toHaveLength(RECENTLY_VIEWED_MAX);
    expect(full.json<RecentlyViewed>().items[0]?.product.title).toBe('Viewed Tee 2');

    const cleared = await send(ctx.app, 'DELETE', '/api/recently-viewed', { cookie });
    expect(cleared.statusCode).toBe(204);
    expect(await list(cookie)).toEqual([]);
  });

  it('a removed product leaves the list, and signed out there is no account list', async () => {
    const cookie = await signedInAs(ctx.app, `viewed-gone-${Date.now()}@example.com`);
    const [gone] = await insertProducts(ctx.database, [{ title: 'Soon Gone', price: 5 }]);
    await view(cookie, gone?.id ?? '');
    expect(await list(cookie)).toEqual(['Soon Gone']);
    await ctx.database.db.execute(sql`delete from products where id = ${gone?.id}::uuid`);
    expect(await list(cookie)).toEqual([]);
    expect((await send(ctx.app, 'GET', '/api/recently-viewed')).statusCode).toBe(401);
    expect((await send(ctx.app, 'PUT', `/api/recently-viewed/${id(0)}`)).statusCode).toBe(401);
  });
});
