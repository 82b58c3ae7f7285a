import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UndoResult } from '../../../common/schemas/changes';
import type { AdminAgentList } from '../../../common/schemas/agent';
import type { DemoRemoval, SetupStatus } from '../../../common/schemas/setup';
import { demoImageFileName, demoProducts } from '../../db/demo-catalogue';
import { images } from '../../db/schema/index';
import { seedOnFirstStart } from '../../db/seed';
import { auditEntries } from '../../test/audit-helpers';
import { send, signedInAs } from '../../test/auth-helpers';
import { insertProducts } from '../../test/factories';
import { createTestApp, type TestContext } from '../../test/test-app';
import { imageKeys } from '../images/image-files';

let ctx: TestContext;
let admin = '';
let otherAdmin = '';
let user = '';

const demo = demoProducts().slice(0, 3);
const picture = (name: string, i: number) => ({
  name: `17000000000${i}_${name}`,
  storageKey: `items/17000000000${i}_${name}`,
  url: `/media/items/17000000000${i}_${name}`,
  contentType: 'image/jpeg',
  sizeBytes: 1000,
  width: 800,
  height: 800,
});

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await signedInAs(ctx.app, 'setup-admin@example.com', { isAdmin: true });
  otherAdmin = await signedInAs(ctx.app, 'setup-admin2@example.com', { isAdmin: true });
  user = await signedInAs(ctx.app, 'setup-user@example.com');
  // Three demo products with their pictures (as the seed names them), one of the operator's own that reuses the
  // third demo picture, and a picture of the operator's own.
  const pictures = demo.map((p, i) => picture(demoImageFileName(p), i));
  await ctx.database.db.insert(images).values([...pictures, picture('my-own.jpg', 9)]);
  await insertProducts(ctx.database, [
    ...demo.map((p, i) => ({ title: p.title, price: p.price, link: p.link, image: pictures[i]?.url ?? null })),
    { title: 'My Own Jacket', price: 50, link: 'https://weidian.com/item.html?itemID=1', image: pictures[2]?.url ?? null },
  ]);
});
afterAll(async () => {
  await ctx?.close();
});

const status = async (cookie = admin) => {
  const res = await send(ctx.app, 'GET', '/api/admin/setup', { cookie });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<SetupStatus>();
};

describe('the setup checklist', () => {
  it('lists every missing setting of a fresh install, and only whether each is set', async () => {
    const s = await status();
    // The test app has PUBLIC_URL but no AUTH_SECRET, Google, mail or rates.
    expect(s.pending).toEqual(['referral-codes', 'currency-rates', 'mail', 'google', 'auth-secret', 'demo-catalogue']);
    expect(s).toMatchObject({
      dismissed: false,
      currencyRates: 0,
      ratesFeed: false,
      mail: false,
      google: false,
      publicUrl: true,
      authSecret: false,
    });
    expect(s.demo).toEqual({ products: 3, pictures: 3 });
    expect(s.agentsWithoutReferral.length).toBeGreaterThan(0);
  });

  it('answers only admins', async () => {
    expect((await send(ctx.app, 'GET', '/api/admin/setup', { cookie: user })).statusCode).toBe(403);
    expect((await send(ctx.app, 'GET', '/api/admin/setup')).statusCode).toBe(401);
    expect((await send(ctx.app, 'PUT', '/api/admin/setup/dismissal', { cookie: user, body: { dismissed: true } })).statusCode).toBe(403);
    expect((await send(ctx.app, 'POST', '/api/admin/setup/demo-removal', { cookie: user })).statusCode).toBe(403);
  });

  it('drops an agent from the list once its referral code is set through the agents API', async () => {
    const before = (await status()).agentsWithoutReferral;
    const [agent] = (await send(ctx.app, 'GET', '/api/admin/agents', { cookie: admin }))
      .json<AdminAgentList>()
      .items.filter((a) => a.id === before[0]?.id);
    if (!agent) throw new Error('no agent');
    const { slug, name, template, platformCodes, enabled, isDefault } = agent;
    const saved = await send(ctx.app, 'PUT', `/api/admin/agents/${agent.id}`, {
      cookie: admin,
      body: { slug, name, template, platformCodes, enabled, isDefault, referralCode: 'MYREF' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const after = (await status()).agentsWithoutReferral;
    expect(after.map((a) => a.id)).toEqual(before.slice(1).map((a) => a.id));
  });

  it('is put away per account, and shown again on request', async () => {
    const res = await send(ctx.app, 'PUT', '/api/admin/setup/dismissal', { cookie: admin, body: { dismissed: true } });
    expect(res.json<SetupStatus>().dismissed).toBe(true);
    expect((await status()).dismissed).toBe(true);
    expect((await status(otherAdmin)).dismissed).toBe(false);
    await send(ctx.app, 'PUT', '/api/admin/setup/dismissal', { cookie: admin, body: { dismissed: false } });
    expect((await status()).dismissed).toBe(false);
  });

  it('never shows a secret: settings are only set or not', async () => {
    const other = await createTestApp({
      authSecret: 's'.repeat(40),
      google: { clientId: 'client-id-xyz', clientSecret: 'google-secret-xyz' },
    });
    try {
      const cookie = await signedInAs(other.app, 'setup-admin3@example.com', { isAdmin: true });
      const res = await send(other.app, 'GET', '/api/admin/setup', { cookie });
      expect(res.json<SetupStatus>()).toMatchObject({ google: true, authSecret: true });
      expect(res.json<SetupStatus>().pending).not.toContain('google');
      expect(res.body).not.toMatch(/sssss|client-id-xyz|google-secret-xyz/);
    } finally {
      await other.close();
    }
  });
});

describe('removing the demo catalogue', () => {
  const titles = async () => (await ctx.database.rows<{ title: string }>(sql`select title from products order by row`)).map((r) => r.title);
  const pictureNames = async () =>
    (await ctx.database.rows<{ name: string }>(sql`select name from images order by name`)).map((r) => r.name);
  const pending = async () =>
    await ctx.database.rows<{ key: string; days: number }>(
      sql`select key, round(extract(epoch from next_attempt_at - now()) / 86400)::int as days from storage_removals order by key`,
    );

  it('removes exactly the demo products and the demo pictures no own item uses; Undo brings both back', async () => {
    const beforeTitles = await titles();
    const beforePictures = await pictureNames();
    const res = await send(ctx.app, 'POST', '/api/admin/setup/demo-removal', { cookie: admin });
    expect(res.statusCode, res.body).toBe(200);
    const removal = res.json<DemoRemoval>();
    expect(removal).toMatchObject({ products: 3, pictures: 2, summary: 'Removed the demo catalogue' });
    expect(await titles()).toEqual(['My Own Jacket']);
    // The third demo picture stays: the operator's jacket uses it.
    expect(await pictureNames()).toEqual(
      beforePictures.filter((n) => !n.includes(demoImageFileName(demo[0]!)) && !n.includes(demoImageFileName(demo[1]!))),
    );
    // Their files wait for the undo window before they go.
    const keys = demo
      .slice(0, 2)
      .flatMap((p, i) => imageKeys(`17000000000${i}_${demoImageFileName(p)}`))
      .sort();
    expect((await pending()).map((r) => r.key)).toEqual(keys);
    expect(new Set((await pending()).map((r) => r.days))).toEqual(new Set([30]));
    expect((await status()).pending).not.toContain('demo-catalogue');
    expect((await auditEntries(ctx.database, 'products-bulk-edit')).at(-1)).toMatchObject({ subject: 'Removed the demo catalogue' });

    const undone = await send(ctx.app, 'POST', `/api/admin/products/changes/${removal.changeId}/undo`, { cookie: admin });
    expect(undone.statusCode, undone.body).toBe(200);
    expect(undone.json<UndoResult>()).toEqual({ restored: 3, skipped: 0 });
    expect(await titles()).toEqual(beforeTitles);
    expect(await pictureNames()).toEqual(beforePictures);
    expect(await pending()).toEqual([]);
    expect((await status()).demo).toEqual({ products: 3, pictures: 3 });
  });

  it('answers nothing to undo when no demo is left, and a removed demo is not seeded again at the next start', async () => {
    const first = (await send(ctx.app, 'POST', '/api/admin/setup/demo-removal', { cookie: admin })).json<DemoRemoval>();
    expect(first.products).toBe(3);
    const again = (await send(ctx.app, 'POST', '/api/admin/setup/demo-removal', { cookie: admin })).json<DemoRemoval>();
    expect(again).toMatchObject({ changeId: null, products: 0, pictures: 0 });
    await ctx.database.db.execute(sql`delete from products`);
    expect(await seedOnFirstStart(ctx.database, ctx.storage, { demo: true })).toMatchObject({ products: 0 });
  });
});
