// Issue 16: a product's QC photos: the admin routes (replace the ordered list, its checks and audit entry), the
// product page's photos and the qcCount of finder and product rows; deleting an image or a product removes its rows.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImageInfo } from '../../../common/schemas/image';
import type { Product, ProductDetail, ProductPage } from '../../../common/schemas/product';
import { latestToday, QC_PHOTOS_MAX, type AdminQcPhoto } from '../../../common/schemas/qc';
import type { ProductView } from '../../../common/page-data';
import { sql } from 'drizzle-orm';
import { auditEntries } from '../../test/audit-helpers';
import { send, signedInAs } from '../../test/auth-helpers';
import { insertProducts } from '../../test/factories';
import { sourceFrontEnd } from '../../test/front-end';
import { multipartBody } from '../../test/multipart';
import { createTestApp, TEST_ORIGIN, type TestContext } from '../../test/test-app';

let ctx: TestContext;
let admin = '';
let visitor = '';
let pics: ImageInfo[] = [];
let product: { id: string; number: number; title: string };
let other: { id: string; number: number; title: string };

async function upload(name: string, width: number, height: number): Promise<ImageInfo> {
  const body = await sharp({ create: { width, height, channels: 3, background: '#3060a0' } })
    .png()
    .toBuffer();
  const { payload, headers } = multipartBody([{ filename: name, body, contentType: 'image/png' }]);
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/admin/images',
    payload,
    headers: { ...headers, origin: TEST_ORIGIN, cookie: admin },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ items: ImageInfo[] }>().items[0]!;
}

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await signedInAs(ctx.app, 'qc-admin@example.com', { isAdmin: true });
  visitor = await signedInAs(ctx.app, 'qc-visitor@example.com');
  pics = [];
  for (const [i, [w, h]] of [
    [40, 30],
    [30, 40],
    [50, 50],
    [20, 10],
  ].entries())
    pics.push(await upload(`qc-${i}.png`, w!, h!));
  const rows = await insertProducts(ctx.database, [{ title: 'Checked Jacket' }, { title: 'Plain Tee' }]);
  product = rows[0]!;
  other = rows[1]!;
});
afterAll(async () => {
  await ctx?.close();
});

const qcUrl = (id: string) => `/api/admin/products/${id}/qc-photos`;
const put = (id: string, items: unknown, cookie = admin) => send(ctx.app, 'PUT', qcUrl(id), { cookie, body: { items } });
const detail = async (number: number) => {
  const res = await send(ctx.app, 'GET', `/api/products/${number}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ProductDetail>();
};
const finderItems = async () => {
  const res = await send(ctx.app, 'GET', '/api/products?limit=24');
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ProductPage>().items;
};
const counted = async (id: string) => (await finderItems()).find((p) => p.id === id)?.qcCount;

describe('QC photos', () => {
  it('starts empty: no photos on the page, qcCount 0 everywhere', async () => {
    const res = await send(ctx.app, 'GET', qcUrl(product.id), { cookie: admin });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ items: [] });
    const page = await detail(product.number);
    expect(page.qcPhotos).toEqual([]);
    expect(page.product.qcCount).toBe(0);
    expect(await counted(product.id)).toBe(0);
  });

  it('replaces the ordered list; the product page shows it in order with sizes and days, the rows count it', async () => {
    const day = '2026-01-15';
    const res = await put(product.id, [
      { imageId: pics[2]!.id, takenOn: day },
      { imageId: pics[0]!.id },
      { imageId: pics[1]!.id, takenOn: '' },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const saved = res.json<{ items: AdminQcPhoto[] }>().items;
    expect(saved.map((p) => [p.imageId, p.takenOn, p.name])).toEqual([
      [pics[2]!.id, day, pics[2]!.name],
      [pics[0]!.id, null, pics[0]!.name],
      [pics[1]!.id, null, pics[1]!.name],
    ]);

    const again = await send(ctx.app, 'GET', qcUrl(product.id), { cookie: admin });
    expect(again.json<{ items: AdminQcPhoto[] }>().items).toEqual(saved);

    const page = await detail(product.number);
    expect(page.product.qcCount).toBe(3);
    expect(page.qcPhotos).toEqual([
      {
        id: pics[2]!.id,
        url: pics[2]!.url,
        thumbnail: pics[2]!.thumbnail,
        large: expect.stringMatching(/^\/media\/thumbs\/640\//),
        width: 50,
        height: 50,
        takenOn: day,
      },
      expect.objectContaining({ id: pics[0]!.id, width: 40, height: 30, takenOn: null }),
      expect.objectContaining({ id: pics[1]!.id, width: 30, height: 40, takenOn: null }),
    ]);
    expect(await counted(product.id)).toBe(3);
    expect(await counted(other.id)).toBe(0);

    // The admin list and a search's rows count them too.
    const list = await send(ctx.app, 'GET', '/api/admin/products', { cookie: admin });
    expect(list.json<{ items: Product[] }>().items.find((p) => p.id === product.id)?.qcCount).toBe(3);
    const search = await send(ctx.app, 'GET', '/api/products?search=checked');
    expect(search.json<ProductPage>().items.find((p) => p.id === product.id)?.qcCount).toBe(3);

    // Another order is a change: the page follows it.
    expect(
      (await put(product.id, [{ imageId: pics[1]!.id }, { imageId: pics[2]!.id, takenOn: day }, { imageId: pics[0]!.id }])).statusCode,
    ).toBe(200);
    expect((await detail(product.number)).qcPhotos.map((p) => p.id)).toEqual([pics[1]!.id, pics[2]!.id, pics[0]!.id]);
  });

  it('records a change as a product edit in the audit log, and nothing for a list that changes nothing', async () => {
    const before = (await auditEntries(ctx.database, 'product-update')).length;
    const items = [{ imageId: pics[1]!.id }, { imageId: pics[2]!.id, takenOn: '2026-01-15' }];
    expect((await put(product.id, items)).statusCode).toBe(200);
    const entries = await auditEntries(ctx.database, 'product-update');
    expect(entries).toHaveLength(before + 1);
    expect(entries.at(-1)).toMatchObject({
      subject: `Checked Jacket (#${product.number})`,
      actorEmail: 'qc-admin@example.com',
      details: {
        productId: product.id,
        changes: { qcPhotos: { from: 3, to: 2 } },
        qcPhotos: { after: [pics[1]!.name, `${pics[2]!.name} (2026-01-15)`] },
      },
    });
    expect((await put(product.id, items)).statusCode).toBe(200);
    expect(await auditEntries(ctx.database, 'product-update')).toHaveLength(before + 1);
  });

  it('refuses bad lists with a sentence and changes nothing', async () => {
    const keep = (await detail(product.number)).qcPhotos;
    const refused = async (items: unknown, pattern: RegExp, status = 400) => {
      const res = await put(product.id, items);
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json<{ message: string }>().message).toMatch(pattern);
    };
    await refused([{ imageId: pics[0]!.id }, { imageId: pics[0]!.id }], /same image is in the QC photos twice/);
    await refused([{ imageId: pics[0]!.id, takenOn: '2026-02-30' }], /not a real day/);
    await refused([{ imageId: pics[0]!.id, takenOn: '15/01/2026' }], /not a real day/);
    const future = new Date(Date.parse(`${latestToday()}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    await refused([{ imageId: pics[0]!.id, takenOn: future }], /in the future/);
    await refused([{ imageId: 'not-an-id' }], /imageId must be the id of an uploaded image/);
    await refused([{ imageId: '00000000-0000-4000-8000-000000000000' }], /#1: the image does not exist/);
    await refused(
      Array.from({ length: QC_PHOTOS_MAX + 1 }, () => ({ imageId: pics[0]!.id })),
      new RegExp(`at most ${QC_PHOTOS_MAX} QC photos`),
    );
    await refused('nope', /items must be a list/);
    expect((await detail(product.number)).qcPhotos).toEqual(keep);

    const missing = await put('00000000-0000-4000-8000-000000000000', []);
    expect(missing.statusCode).toBe(404);
    expect((await send(ctx.app, 'GET', qcUrl('00000000-0000-4000-8000-000000000000'), { cookie: admin })).statusCode).toBe(404);
  });

  it('is for admins only', async () => {
    expect((await put(product.id, [], '')).statusCode).toBe(401);
    expect((await put(product.id, [], visitor)).statusCode).toBe(403);
    expect((await send(ctx.app, 'GET', qcUrl(product.id), { cookie: visitor })).statusCode).toBe(403);
    expect((await detail(product.number)).qcPhotos).toHaveLength(2);
  });

  it('deleting an image removes its QC photo and lowers the count', async () => {
    expect((await put(other.id, [{ imageId: pics[3]!.id }, { imageId: pics[2]!.id }])).statusCode).toBe(200);
    expect(await counted(other.id)).toBe(2);
    // The gallery says which images are QC photos, and of how many items (its delete dialog warns).
    const gallery = await send(ctx.app, 'GET', '/api/admin/images?pageSize=50', { cookie: admin });
    const qcUse = new Map(gallery.json<{ items: ImageInfo[] }>().items.map((i) => [i.id, i.qcUsedBy]));
    expect([pics[0], pics[1], pics[2], pics[3]].map((p) => qcUse.get(p!.id))).toEqual([0, 1, 2, 1]);
    const res = await send(ctx.app, 'DELETE', `/api/admin/images/${pics[2]!.id}`, { cookie: admin });
    expect(res.statusCode, res.body).toBe(200);
    expect((await detail(product.number)).qcPhotos.map((p) => p.id)).toEqual([pics[1]!.id]);
    expect((await detail(other.number)).qcPhotos.map((p) => p.id)).toEqual([pics[3]!.id]);
    expect(await counted(product.id)).toBe(1);
    expect(await counted(other.id)).toBe(1);
  });

  it('the rendered product page carries the photos; deleting the product removes its rows', async () => {
    const lookup = await ctx.app.services.finder.productPage(product.number);
    expect(lookup.status).toBe('found');
    const view = lookup as ProductView & { status: 'found' };
    expect(view.qcPhotos?.map((p) => p.id)).toEqual([pics[1]!.id]);

    expect((await send(ctx.app, 'DELETE', `/api/admin/products/${product.id}`, { cookie: admin })).statusCode).toBe(200);
    const left = await ctx.database.rows<{ n: number }>(
      sql`select count(*)::int as n from product_qc_photos where product_id = ${product.id}::uuid`,
    );
    expect(left[0]?.n).toBe(0);
    // The image stays in the gallery.
    const gallery = await send(ctx.app, 'GET', '/api/admin/images', { cookie: admin });
    expect(gallery.json<{ items: ImageInfo[] }>().items.some((i) => i.id === pics[1]!.id)).toBe(true);
  });
});

describe('QC photos on rendered pages', () => {
  let site: TestContext;
  beforeAll(async () => {
    site = await createTestApp({}, { frontEnd: sourceFrontEnd() });
    const cookie = await signedInAs(site.app, 'qc-page-admin@example.com', { isAdmin: true });
    const photos: ImageInfo[] = [];
    for (const name of ['front.png', 'tag.png']) {
      const body = await sharp({ create: { width: 60, height: 80, channels: 3, background: '#806040' } })
        .png()
        .toBuffer();
      const { payload, headers } = multipartBody([{ filename: name, body, contentType: 'image/png' }]);
      const res = await site.app.inject({
        method: 'POST',
        url: '/api/admin/images',
        payload,
        headers: { ...headers, origin: TEST_ORIGIN, cookie },
      });
      photos.push(res.json<{ items: ImageInfo[] }>().items[0]!);
    }
    const [row] = await insertProducts(site.database, [{ title: 'Rendered Parka' }]);
    const res = await send(site.app, 'PUT', qcUrl(row!.id), {
      cookie,
      body: { items: [{ imageId: photos[0]!.id, takenOn: '2026-03-14' }, { imageId: photos[1]!.id }] },
    });
    expect(res.statusCode, res.body).toBe(200);
  });
  afterAll(async () => {
    await site?.close();
  });

  it('the product page shows the gallery with its heading, days and sized lazy thumbnails; a card shows the badge', async () => {
    const finder = await site.app.inject({ method: 'GET', url: '/' });
    expect(finder.statusCode).toBe(200);
    expect(finder.body).toContain('QC 2');
    expect(finder.body).toContain('2 QC photos');
    const path = finder.body.match(/href="(\/products\/rendered-parka-\d+)"/)?.[1];
    expect(path).toBeTruthy();

    const page = await site.app.inject({ method: 'GET', url: path! });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('QC photos (2)</h2>');
    expect(page.body).toContain('Taken 14 Mar 2026');
    expect(page.body).toContain('aria-label="Open QC photo 1 of 2, taken 14 Mar 2026"');
    // An empty alt, written `alt` or `alt=""` (the same attribute).
    expect(page.body).toMatch(/<img src="\/media\/thumbs\/320\/[^"]+" alt(="")? width="160" height="160" loading="lazy"/);
    // The viewer's code is not in the page until a visitor opens it.
    expect(page.body).not.toContain('qc-viewer');
  });
});
