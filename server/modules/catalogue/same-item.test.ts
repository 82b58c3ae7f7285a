// Same item elsewhere (issue 29): products whose main pictures are the same photo are linked on their pages, found
// by the pictures' perceptual hashes; pictures stored before are hashed by a job; an import's preview flags rows
// whose picture the catalogue already shows. The pictures are drawn here with sharp.
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ImageInfo } from '../../../common/schemas/image';
import type { Import } from '../../../common/schemas/imports';
import type { ProductDetail } from '../../../common/schemas/product';
import { send, signedInAs } from '../../test/auth-helpers';
import { clearCatalogue, insertProducts } from '../../test/factories';
import { multipartBody } from '../../test/multipart';
import { createTestApp, TEST_ORIGIN, type TestContext } from '../../test/test-app';
import { pictureHash } from '../images/image-files';

let ctx: TestContext;
let admin = '';

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await signedInAs(ctx.app, 'same-item-admin@example.com', { isAdmin: true });
});
afterAll(async () => {
  await ctx?.close();
});
beforeEach(async () => {
  await clearCatalogue(ctx.database);
  await ctx.database.db.execute(sql`delete from images`);
  await ctx.database.db.execute(sql`delete from imports`);
});

/** A photo-like picture: a tinted ground and a dozen shapes placed by `seed`, 800 px, as a JPEG. */
async function photo(seed: number): Promise<Buffer> {
  let state = seed;
  const next = () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
  const shapes = Array.from({ length: 12 }, () => {
    const [x, y, r] = [next() * 800, next() * 800, 40 + next() * 160];
    const colour = `rgb(${Math.floor(next() * 255)},${Math.floor(next() * 255)},${Math.floor(next() * 255)})`;
    return next() < 0.5
      ? `<circle cx="${x}" cy="${y}" r="${r}" fill="${colour}"/>`
      : `<rect x="${x - r}" y="${y - r / 2}" width="${r * 2}" height="${r}" fill="${colour}"/>`;
  }).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800"><rect width="800" height="800" fill="#efe8dc"/>${shapes}</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}

async function uploaded(filename: string, body: Buffer): Promise<ImageInfo> {
  const { payload, headers } = multipartBody([{ filename, body }]);
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/admin/images',
    payload,
    headers: { ...headers, origin: TEST_ORIGIN, cookie: admin },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ items: ImageInfo[] }>().items[0]!;
}

async function detail(number: number): Promise<ProductDetail> {
  const res = await send(ctx.app, 'GET', `/api/products/${number}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ProductDetail>();
}

const taobao = (id: string) => ({ sourcePlatform: 'taobao', sourceItemId: id });
const weidian = (id: string) => ({ sourcePlatform: 'weidian', sourceItemId: id });

const titles = (d: ProductDetail) => d.sameItem.map((p) => p.title);

/** Stores the pictures and the products of the linking tests: the same photo twice (one copy re-encoded and resized). */
async function catalogueWithOnePhotoTwice() {
  const original = await photo(7);
  const copy = await sharp(original).resize(480).webp({ quality: 60 }).toBuffer();
  const [a, b, other, recoloured] = [
    await uploaded('original.jpg', original),
    await uploaded('copy.webp', copy),
    await uploaded('other.jpg', await photo(8)),
    // The same drawing in other colours: its grey hash is the photo's, its colours are not.
    await uploaded('recoloured.jpg', await sharp(original).modulate({ hue: 120 }).jpeg().toBuffer()),
  ];
  const rows = await insertProducts(ctx.database, [
    {
      title: 'Seller A hoodie',
      price: 30,
      image: a.url,
      link: 'https://weidian.com/item.html?itemID=7232290099',
      ...weidian('7232290099'),
    },
    {
      title: 'Seller B hoodie',
      price: 25,
      image: b.url,
      link: 'https://item.taobao.com/item.htm?id=675330231400',
      ...taobao('675330231400'),
    },
    // Seller A's other colour of the listing: shown as a colour of A, not as another seller.
    {
      title: 'Seller A hoodie grey',
      price: 31,
      image: b.url,
      link: 'https://weidian.com/item.html?itemID=7232290099',
      ...weidian('7232290099'),
    },
    { title: 'Another hoodie', price: 28, image: other.url, link: 'https://item.taobao.com/item.htm?id=111111111' },
    { title: 'Recoloured hoodie', price: 27, image: recoloured.url, link: 'https://item.taobao.com/item.htm?id=222222222' },
  ]);
  return { rows, images: { a, b, other, recoloured } };
}

describe('products with the same photo', () => {
  it('measures a re-encoded and resized copy within the threshold and a different photo far from it', async () => {
    const original = await photo(7);
    const [h, copy, other] = await Promise.all([
      pictureHash(original),
      pictureHash(await sharp(original).resize(480).webp({ quality: 60 }).toBuffer()),
      pictureHash(await photo(8)),
    ]);
    const distance = (x: string, y: string) => [...x].filter((bit, i) => bit !== y[i]).length;
    expect(distance(h.phash, copy.phash)).toBeLessThanOrEqual(2);
    expect(distance(h.phash, other.phash)).toBeGreaterThan(12);
  });

  it('are linked: each page lists the other sellers, cheapest first, not its own colours nor a different photo', async () => {
    const { rows } = await catalogueWithOnePhotoTwice();
    const [a, b, aGrey, another, recoloured] = rows;

    const ofA = await detail(a!.number);
    expect(titles(ofA)).toEqual(['Seller B hoodie']);
    expect(ofA.sameItemTotal).toBe(1);
    expect(ofA.sameItem[0]).toMatchObject({ price: 25, sourcePlatform: 'taobao', path: expect.stringMatching(/^\/products\//) });
    expect(ofA.colours.map((p) => p.title)).toEqual(['Seller A hoodie grey']);

    // Seller B sees both of seller A's listings' products (A's colour shows the same photo).
    const ofB = await detail(b!.number);
    expect(titles(ofB)).toEqual(['Seller A hoodie', 'Seller A hoodie grey']);
    expect(ofB.sameItemTotal).toBe(2);
    expect(titles(await detail(aGrey!.number))).toEqual(['Seller B hoodie']);

    expect((await detail(another!.number)).sameItem).toEqual([]);
    expect((await detail(recoloured!.number)).sameItem).toEqual([]);
    // A product without a picture has none.
    const [bare] = await insertProducts(ctx.database, [{ title: 'No picture', image: null }]);
    expect(await detail(bare!.number)).toMatchObject({ sameItem: [], sameItemTotal: 0 });
  });

  it('hashes the pictures stored before hashes were kept (the picture-hashes job), and links them then', async () => {
    const { rows } = await catalogueWithOnePhotoTwice();
    await ctx.database.db.execute(sql`update images set phash = null, mean_colour = null`);
    expect((await detail(rows[0]!.number)).sameItem).toEqual([]);

    await ctx.app.services.jobs.handler('picture-hashes')({}, { id: 'test' });
    const [left] = await ctx.database.rows<{ n: number }>(sql`select count(*)::int as n from images where phash is null`);
    expect(Number(left?.n)).toBe(0);
    expect(titles(await detail(rows[0]!.number))).toEqual(['Seller B hoodie']);
  });
});

describe("an import's preview", () => {
  it('flags the rows whose picture the catalogue already shows, not the product a row updates', async () => {
    const stored = await uploaded('stored.jpg', await photo(9));
    await ctx.database.db.execute(
      sql`update images set source_url = 'https://img.example/fetched-before.jpg' where id = ${stored.id}::uuid`,
    );
    await insertProducts(ctx.database, [
      { title: 'Shown here', image: stored.url, link: 'https://item.taobao.com/item.htm?id=333333333', ...taobao('333333333') },
      {
        title: 'External picture',
        image: 'https://img.example/external.jpg',
        link: 'https://item.taobao.com/item.htm?id=444444444',
        ...taobao('444444444'),
      },
    ]);
    const csv = [
      'title,price,image,link',
      // The same address as a product's picture.
      'Copy one,10,https://img.example/external.jpg,https://weidian.com/item.html?itemID=5555555555',
      // An address an earlier import fetched: that stored picture.
      'Copy two,11,https://img.example/fetched-before.jpg,https://weidian.com/item.html?itemID=6666666666',
      'Fresh,12,https://img.example/fresh.jpg,https://weidian.com/item.html?itemID=7777777777',
      // The product itself again (same link and title): its own picture is no repeat.
      'External picture,13,https://img.example/external.jpg,https://item.taobao.com/item.htm?id=444444444',
    ].join('\n');
    const form = multipartBody([{ filename: 'same.csv', body: Buffer.from(csv), field: 'file' }]);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/imports',
      headers: { ...form.headers, origin: TEST_ORIGIN, cookie: admin },
      payload: form.payload,
    });
    expect(res.statusCode, res.body).toBe(201);
    const preview = res.json<Import>();
    expect(preview.counts).toMatchObject({ new: 3, updated: 1 });
    expect(preview.samePictures).toEqual({
      count: 2,
      rows: [
        { row: 2, title: 'External picture', path: expect.stringMatching(/^\/products\/external-picture-\d+$/) },
        { row: 3, title: 'Shown here', path: expect.stringMatching(/^\/products\/shown-here-\d+$/) },
      ],
    });
  });
});
