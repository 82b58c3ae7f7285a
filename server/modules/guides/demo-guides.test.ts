// The demo catalogue's starter guides (issue 43): seeded with it, published with the demo products' cards, and
// removed with it from the setup checklist.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { GuideArticle, GuideList } from '../../../common/schemas/guide-page';
import { seedOnFirstStart } from '../../db/seed';
import { DEMO_GUIDES } from '../../db/demo-guides';
import { send, signedInAs } from '../../test/auth-helpers';
import { createTestApp, type TestContext } from '../../test/test-app';

let ctx: TestContext;
let admin = '';

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await signedInAs(ctx.app, 'demo-guides@example.com', { isAdmin: true });
  await seedOnFirstStart(ctx.database, ctx.storage, { demo: true });
}, 240_000);
afterAll(async () => {
  await ctx?.close();
});

it('three starter guides come with the demo catalogue, each with a demo product\u2019s card, go with it and come back with its Undo', async () => {
  const list = (await send(ctx.app, 'GET', '/api/guides')).json<GuideList>();
  expect(list.items.map((g) => g.slug).sort()).toEqual(DEMO_GUIDES.map((g) => g.slug).sort());
  for (const { slug } of DEMO_GUIDES) {
    const article = (await send(ctx.app, 'GET', `/api/guides/${slug}`)).json<GuideArticle>();
    const cards = article.blocks.filter((b) => b.kind === 'product');
    expect(cards.length, slug).toBe(1);
    expect(cards[0]).toMatchObject({ product: { title: expect.any(String) } });
  }
  const removal = await send(ctx.app, 'POST', '/api/admin/setup/demo-removal', { cookie: admin });
  expect(removal.statusCode, removal.body).toBe(200);
  expect((await send(ctx.app, 'GET', '/api/guides')).json<GuideList>().items).toEqual([]);

  // The removal's Undo brings the guides back with the products, cards and all, each with an 'undo' revision.
  const { changeId } = removal.json<{ changeId: string }>();
  const undo = await send(ctx.app, 'POST', `/api/admin/products/changes/${changeId}/undo`, { cookie: admin });
  expect(undo.statusCode, undo.body).toBe(200);
  expect(undo.json()).toMatchObject({ guides: DEMO_GUIDES.length });
  const back = (await send(ctx.app, 'GET', '/api/guides')).json<GuideList>();
  expect(back.items.map((g) => g.slug).sort()).toEqual(DEMO_GUIDES.map((g) => g.slug).sort());
  for (const { slug } of DEMO_GUIDES) {
    const article = (await send(ctx.app, 'GET', `/api/guides/${slug}`)).json<GuideArticle>();
    expect(
      article.blocks.find((b) => b.kind === 'product'),
      slug,
    ).toMatchObject({ product: { title: expect.any(String) } });
  }
  const first = back.items[0]!;
  const revisions = await send(ctx.app, 'GET', `/api/admin/guides/${first.id}/revisions`, { cookie: admin });
  expect(revisions.json<{ items: Array<{ action: string }> }>().items[0]).toMatchObject({ action: 'undo' });
  // A product page lists its guides again.
  const card = (await send(ctx.app, 'GET', `/api/guides/${first.slug}`)).json<GuideArticle>().blocks.find((b) => b.kind === 'product');
  const number = card?.kind === 'product' ? card.product?.number : undefined;
  const featuring = await send(ctx.app, 'GET', `/api/guides/featuring/${number}`);
  expect(featuring.json<GuideList>().items.map((g) => g.slug)).toContain(first.slug);
  // Asked twice, the second Undo changes nothing.
  expect((await send(ctx.app, 'POST', `/api/admin/products/changes/${changeId}/undo`, { cookie: admin })).statusCode).toBe(409);
});
