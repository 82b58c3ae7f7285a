// Issue 13: uploads and deletions of images, and items added from the gallery, are in the audit log, written in the
// change's own transaction (on the local disk; images.test.ts proves the storage itself on both backends).
import fs from 'node:fs';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ImageInfo } from '../../../common/schemas/image';
import type { Product } from '../../../common/schemas/product';
import { images, products, users } from '../../db/schema/index';
import { auditEntries, refuseAuditEntries } from '../../test/audit-helpers';
import { send } from '../../test/auth-helpers';
import { insertCategories, insertProducts } from '../../test/factories';
import { multipartBody, type FilePart } from '../../test/multipart';
import { TEST_ORIGIN } from '../../test/test-app';
import { withAdminApp } from '../../test/admin-app';

const t = withAdminApp({ name: 'images-auditor' });
const ADMIN_EMAIL = 'images-auditor-admin@example.com';
let adminId = '';
let pngBody: Buffer;

beforeAll(async () => {
  const [row] = await t.ctx.database.db.select({ id: users.id }).from(users).where(eq(users.email, ADMIN_EMAIL));
  adminId = row?.id ?? '';
  pngBody = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#c04020' } })
    .png()
    .toBuffer();
});

const png = (filename: string): FilePart => ({ filename, body: pngBody, contentType: 'image/png' });

function upload(files: FilePart[]) {
  const { payload, headers } = multipartBody(files);
  return t.ctx.app.inject({
    method: 'POST',
    url: '/api/admin/images',
    payload,
    headers: { ...headers, origin: TEST_ORIGIN, cookie: t.admin },
  });
}

async function uploaded(files: FilePart[]): Promise<ImageInfo[]> {
  const res = await upload(files);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ items: ImageInfo[] }>().items;
}

const imageRows = async () => (await t.ctx.database.db.select({ n: count() }).from(images))[0]?.n ?? 0;
const storedFiles = () => {
  const root = path.join(t.ctx.dir, 'uploads');
  return fs.existsSync(root)
    ? fs.readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((f) => fs.statSync(path.join(root, f)).isFile())
    : [];
};

describe('image changes in the audit log', () => {
  it('records an upload with the stored names and sizes, one entry per request', async () => {
    const before = (await auditEntries(t.ctx.database, 'image-upload')).length;
    const items = await uploaded([png('red coat.png'), png('blue.png'), png('green.png')]);
    const entries = await auditEntries(t.ctx.database, 'image-upload');
    expect(entries).toHaveLength(before + 1);
    expect(entries.at(-1)).toMatchObject({
      subject: `${items[0]!.name} and 2 more`,
      status: 'succeeded',
      actorId: adminId,
      actorEmail: ADMIN_EMAIL,
      details: {
        images: items.map((i) => ({ imageId: i.id, name: i.name, sizeBytes: i.sizeBytes, contentType: 'image/png' })),
        totalBytes: items.reduce((sum, i) => sum + i.sizeBytes, 0),
      },
    });

    const [one] = await uploaded([png('single.png')]);
    expect((await auditEntries(t.ctx.database, 'image-upload')).at(-1)?.subject).toBe(one!.name);
  });

  it('records a deletion with the image and how many products lost it', async () => {
    const [item] = await uploaded([png('to-delete.png')]);
    await insertProducts(t.ctx.database, [
      { title: 'Shows it', image: item!.url },
      { title: 'Shows it too', image: item!.url },
    ]);
    const res = await send(t.ctx.app, 'DELETE', `/api/admin/images/${item!.id}`, { cookie: t.admin });
    expect(res.statusCode, res.body).toBe(200);
    expect((await auditEntries(t.ctx.database, 'image-delete')).at(-1)).toMatchObject({
      subject: item!.name,
      actorId: adminId,
      actorEmail: ADMIN_EMAIL,
      details: { imageId: item!.id, name: item!.name, url: item!.url, sizeBytes: item!.sizeBytes, productsCleared: 2 },
    });
  });

  it("records an item added from the gallery's image (the gallery's Add Item) like any new item", async () => {
    await insertCategories(t.ctx.database, [{ name: 'Coats' }]);
    const [item] = await uploaded([png('coat.png')]);
    // The gallery's form sends the image's full address, as Copy URL gives it.
    const body = { title: 'Gallery Coat', price: 80, category: 'Coats', image: `${TEST_ORIGIN}${item!.url}` };
    const res = await send(t.ctx.app, 'POST', '/api/admin/products', { cookie: t.admin, body });
    expect(res.statusCode, res.body).toBe(201);
    const product = res.json<Product>();
    expect((await auditEntries(t.ctx.database, 'product-create')).at(-1)).toMatchObject({
      subject: `Gallery Coat (#${product.number})`,
      actorId: adminId,
      details: { productId: product.id, values: { title: 'Gallery Coat', image: item!.url, category: 'Coats' } },
    });
  });
});

describe('an image change whose audit entry cannot be written', () => {
  it('stores nothing for an upload, and answers an error', async () => {
    const allow = await refuseAuditEntries(t.ctx.database, 'image-upload');
    const rows = await imageRows();
    const files = storedFiles().sort();
    const res = await upload([png('refused.png')]);
    expect(res.statusCode).toBe(500);
    expect(await imageRows()).toBe(rows);
    expect(storedFiles().sort()).toEqual(files);
    await allow();
  });

  it('keeps the image, its files and the products showing it for a deletion, and answers an error', async () => {
    const [item] = await uploaded([png('kept.png')]);
    const [product] = await insertProducts(t.ctx.database, [{ title: 'Still shows it', image: item!.url }]);
    const files = storedFiles().sort();
    const allow = await refuseAuditEntries(t.ctx.database, 'image-delete');
    expect((await send(t.ctx.app, 'DELETE', `/api/admin/images/${item!.id}`, { cookie: t.admin })).statusCode).toBe(500);
    expect(await t.ctx.database.db.select({ id: images.id }).from(images).where(eq(images.id, item!.id))).toHaveLength(1);
    expect((await t.ctx.database.db.select().from(products).where(eq(products.id, product!.id)))[0]?.image).toBe(item!.url);
    expect(storedFiles().sort()).toEqual(files);
    await allow();
  });
});
