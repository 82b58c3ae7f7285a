// The search's synonyms (issue 27): the admin routes, their audit entries, and the search that uses them at once.
import { beforeAll, describe, expect, it } from 'vitest';
import type { ProductPage } from '../../../common/schemas/product';
import type { Synonym, SynonymList } from '../../../common/schemas/synonym';
import { auditEntries } from '../../test/audit-helpers';
import { send } from '../../test/auth-helpers';
import { insertProducts } from '../../test/factories';
import { withAdminApp } from '../../test/admin-app';

const t = withAdminApp({ name: 'synonyms', user: true, clear: ['catalogue'] });

beforeAll(async () => {
  await insertProducts(t.ctx.database, [
    { title: 'Air Force 1 Low Panda', brand: 'Nike', description: 'Leather upper.', category: null, gender: 'Men', price: 90 },
    { title: 'Keepall 50 Bag', brand: 'Louis Vuitton', description: 'Monogram canvas.', category: null, gender: 'Unisex', price: 300 },
    { title: 'Velvet Tracksuit', brand: 'Calvin Klein', description: 'Soft velvet.', category: null, gender: 'Women', price: 80 },
    { title: 'Nuptse 1996 Jacket', brand: 'The North Face', description: 'Down fill.', category: null, gender: 'Men', price: 200 },
    { title: 'Wave Runner 700', brand: 'Adidas', description: 'Chunky runner.', category: null, gender: 'Men', price: 150 },
  ] as never);
});

const titles = async (search: string) => {
  const res = await send(t.ctx.app, 'GET', `/api/products?search=${encodeURIComponent(search)}&limit=24`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ProductPage>().items.map((p) => p.title);
};
const list = async () => {
  const res = await send(t.ctx.app, 'GET', '/api/admin/synonyms', { cookie: t.admin });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<SynonymList>().items;
};

describe('the default list (migration 0021)', () => {
  it('reads the niche abbreviations both ways; two letters only as a whole word', async () => {
    expect(await titles('af1')).toEqual(['Air Force 1 Low Panda']);
    expect(await titles('lv')).toEqual(['Keepall 50 Bag']);
    expect(await titles('louis vuitton')).toEqual(['Keepall 50 Bag']);
    expect(await titles('tnf')).toEqual(['Nuptse 1996 Jacket']);
    expect(await titles('the north face')).toEqual(['Nuptse 1996 Jacket']);
    expect((await list()).some((s) => s.terms.includes('af1') && s.terms.includes('air force 1'))).toBe(true);
  });
});

describe('the t.admin routes', () => {
  it('refuse anyone but an admin', async () => {
    expect((await send(t.ctx.app, 'GET', '/api/admin/synonyms')).statusCode).toBe(401);
    expect((await send(t.ctx.app, 'GET', '/api/admin/synonyms', { cookie: t.user })).statusCode).toBe(403);
    expect(
      (await send(t.ctx.app, 'POST', '/api/admin/synonyms', { cookie: t.user, body: { terms: ['wr', 'wave runner'] } })).statusCode,
    ).toBe(403);
    const some = (await list())[0] as Synonym;
    expect(
      (await send(t.ctx.app, 'PUT', `/api/admin/synonyms/${some.id}`, { cookie: t.user, body: { terms: ['a1', 'b1'] } })).statusCode,
    ).toBe(403);
    expect((await send(t.ctx.app, 'DELETE', `/api/admin/synonyms/${some.id}`, { cookie: t.user })).statusCode).toBe(403);
    expect((await list()).find((s) => s.id === some.id)?.terms).toEqual(some.terms);
  });

  it('add, edit and delete a group, each with its audit entry, and the search follows at once', async () => {
    expect(await titles('wr700')).toEqual([]);
    const created = await send(t.ctx.app, 'POST', '/api/admin/synonyms', {
      cookie: t.admin,
      body: { terms: [' WR700 ', 'wave runner 700', 'wr700'] },
    });
    expect(created.statusCode, created.body).toBe(201);
    const group = created.json<Synonym>();
    expect(group.terms).toEqual(['wr700', 'wave runner 700']);
    expect(await titles('wr700')).toEqual(['Wave Runner 700']);
    expect((await auditEntries(t.ctx.database, 'synonym-create')).map((e) => [e.subject, e.actorEmail])).toEqual([
      ['wr700, wave runner 700', 'synonyms-admin@example.com'],
    ]);

    const edited = await send(t.ctx.app, 'PUT', `/api/admin/synonyms/${group.id}`, {
      cookie: t.admin,
      body: { terms: ['wr7', 'wave runner 700'] },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await titles('wr7')).toEqual(['Wave Runner 700']);
    expect(await titles('wr700')).toEqual([]);
    const [update] = await auditEntries(t.ctx.database, 'synonym-update');
    expect(update?.details).toMatchObject({ changes: { terms: { from: ['wr700', 'wave runner 700'], to: ['wr7', 'wave runner 700'] } } });

    const deleted = await send(t.ctx.app, 'DELETE', `/api/admin/synonyms/${group.id}`, { cookie: t.admin });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await titles('wr7')).toEqual([]);
    expect((await auditEntries(t.ctx.database, 'synonym-delete')).map((e) => e.subject)).toEqual(['wr7, wave runner 700']);
    expect((await send(t.ctx.app, 'DELETE', `/api/admin/synonyms/${group.id}`, { cookie: t.admin })).statusCode).toBe(404);
  });

  it('refuse a group of fewer than two different terms with a sentence', async () => {
    const res = await send(t.ctx.app, 'POST', '/api/admin/synonyms', { cookie: t.admin, body: { terms: ['af1', 'AF1'] } });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toContain('at least two different');
  });
});
