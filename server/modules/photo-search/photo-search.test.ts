// Search by photo (issue 42, decision 0086): a product's own picture re-encoded, halved, framed and cropped finds that
// product first; a screenshot with a status bar and the app around it too; an unrelated picture does not list it; a
// picture by its address; and the refusals (50 MB, not a picture, a decompression bomb, a private address) are 4xx
// sentences. The pictures are drawn with sharp (server/test/photos.ts). Runs on PGlite and on PostgreSQL.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImageInfo } from '../../../common/schemas/image';
import type { PhotoSearchAnswer } from '../../../common/schemas/photo-search';
import { PHOTO_TEXTS } from '../../../common/texts/photo-search';
import { signedInAs } from '../../test/auth-helpers';
import { clearCatalogue, insertProducts } from '../../test/factories';
import { multipartBody } from '../../test/multipart';
import { photoLike } from '../../test/photos';
import { createTestApp, TEST_ORIGIN, type TestContext } from '../../test/test-app';
import { PhotoIndex } from './photo-index';
import { cropsOf, halvesOf, hashOfGrey } from './photo-probes';

let ctx: TestContext;
let admin = '';
let original: Buffer;
let server: http.Server;
let base = '';
const served = new Map<string, { type: string; body: Buffer }>();

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

/** Searches with a picture as the finder's panel sends it, from its own address (each test its own client). */
function search(body: Buffer, ip = '10.42.0.1', filename = 'photo.jpg') {
  const { payload, headers } = multipartBody([{ filename, body, field: 'photo' }]);
  return ctx.app.inject({
    method: 'POST',
    url: '/api/photo-search',
    payload,
    headers: { ...headers, origin: TEST_ORIGIN },
    remoteAddress: ip,
  });
}

const titles = (answer: PhotoSearchAnswer) => [...answer.same, ...answer.similar].map((p) => p.title);

beforeAll(async () => {
  ctx = await createTestApp({ importAllowPrivateHosts: true });
  admin = await signedInAs(ctx.app, 'photo-admin@example.com', { isAdmin: true });
  await clearCatalogue(ctx.database);
  await ctx.database.db.execute(sql`delete from images`);
  original = await photoLike(7);
  const pictures = [
    await uploaded('hoodie.jpg', original),
    ...(await Promise.all([11, 12, 13, 14].map((s) => photoLike(s).then((b) => uploaded(`other-${s}.jpg`, b))))),
  ];
  await insertProducts(ctx.database, [
    { title: 'Wanted hoodie', price: 30, image: pictures[0]!.url, link: 'https://weidian.com/item.html?itemID=7232290099' },
    ...pictures.slice(1).map((p, i) => ({
      title: `Other piece ${i}`,
      price: 20 + i,
      image: p.url,
      link: `https://item.taobao.com/item.htm?id=60000000${i}`,
    })),
    { title: 'No picture', price: 10, image: null },
  ]);
  server = http.createServer((req, res) => {
    const file = served.get(req.url ?? '');
    if (!file) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': file.type }).end(file.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await ctx?.close();
});

describe('search by photo', () => {
  it('finds the product first from its picture re-encoded, halved, framed by 40 px and cropped by 5%', async () => {
    const variants: Record<string, Buffer> = {
      'JPEG quality 60': await sharp(original).jpeg({ quality: 60 }).toBuffer(),
      'half size': await sharp(original).resize(400).png().toBuffer(),
      'a 40 px frame': await sharp(original).extend({ top: 40, bottom: 40, left: 40, right: 40, background: '#1c1c1e' }).jpeg().toBuffer(),
      'cropped by 5% a side': await sharp(original).extract({ left: 40, top: 40, width: 720, height: 720 }).webp().toBuffer(),
    };
    for (const [name, body] of Object.entries(variants)) {
      const res = await search(body);
      expect(res.statusCode, `${name}: ${res.body}`).toBe(200);
      expect(titles(res.json<PhotoSearchAnswer>())[0], name).toBe('Wanted hoodie');
    }
    // Re-encoded or halved, it is the same photo (the stored hash and colour), not only the nearest.
    const same = (await search(variants['JPEG quality 60']!)).json<PhotoSearchAnswer>();
    expect(same.same.map((p) => p.title)).toEqual(['Wanted hoodie']);
    expect(same.same[0]).toMatchObject({ path: expect.stringMatching(/^\/products\/wanted-hoodie-\d+$/), price: 30 });
  });

  it("finds it in a phone's screenshot: a status bar, a caption and the app's buttons around the photo", async () => {
    const bar = Buffer.from(
      '<svg width="1170" height="140"><rect width="1170" height="140" fill="#111"/><text x="40" y="95" font-size="64" fill="#fff">9:41</text></svg>',
    );
    const caption = Buffer.from(
      '<svg width="1170" height="300"><text x="40" y="120" font-size="72" fill="#222">haul pt 3 this hoodie!!</text></svg>',
    );
    const screenshot = await sharp({ create: { width: 1170, height: 2532, channels: 3, background: '#f4f4f4' } })
      .composite([
        { input: bar, top: 0, left: 0 },
        { input: await sharp(original).resize(1170).toBuffer(), top: 520, left: 0 },
        { input: caption, top: 1800, left: 0 },
      ])
      .png()
      .toBuffer();
    const res = await search(screenshot);
    expect(res.statusCode, res.body).toBe(200);
    expect(titles(res.json<PhotoSearchAnswer>())[0]).toBe('Wanted hoodie');
  });

  it('finds a product added after the last search (the index is dropped at the change)', async () => {
    const late = await photoLike(31);
    expect(titles((await search(late, '10.42.0.4')).json<PhotoSearchAnswer>())).not.toContain('Late piece');
    const picture = await uploaded('late.jpg', late);
    await insertProducts(ctx.database, [
      { title: 'Late piece', price: 40, image: picture.url, link: 'https://item.taobao.com/item.htm?id=777000777' },
    ]);
    // The next search waits a moment for the new index (a large catalogue's answers come from the old one meanwhile).
    await expect
      .poll(async () => (await search(late, '10.42.0.4')).json<PhotoSearchAnswer>().same.map((p) => p.title), { timeout: 10_000 })
      .toEqual(['Late piece']);
  });

  it('lists the product nowhere for an unrelated picture', async () => {
    for (const seed of [101, 102, 103]) {
      const res = await search(await photoLike(seed));
      expect(res.statusCode, res.body).toBe(200);
      expect(titles(res.json<PhotoSearchAnswer>())).not.toContain('Wanted hoodie');
    }
  });

  it('searches by the address of a picture, and refuses an address that is no picture', async () => {
    served.set('/hoodie.jpg', { type: 'image/jpeg', body: await sharp(original).resize(600).jpeg({ quality: 70 }).toBuffer() });
    served.set('/page.html', { type: 'text/html', body: Buffer.from('<!doctype html><title>A shop</title>') });
    const find = (url: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/photo-search/address',
        payload: { url },
        headers: { origin: TEST_ORIGIN },
        remoteAddress: '10.42.0.2',
      });
    const found = await find(`${base}/hoodie.jpg`);
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json<PhotoSearchAnswer>().same.map((p) => p.title)).toEqual(['Wanted hoodie']);

    expect((await find(`${base}/page.html`)).json()).toMatchObject({ statusCode: 400, message: PHOTO_TEXTS.addressNotAPicture });
    expect((await find(`${base}/missing.jpg`)).json()).toMatchObject({
      statusCode: 400,
      message: PHOTO_TEXTS.addressFailed(new URL(base).host),
    });
    expect((await find('ftp://example.com/a.jpg')).json()).toMatchObject({
      statusCode: 400,
      message: `url: ${PHOTO_TEXTS.addressInvalid}`,
    });
  });

  it('refuses a 50 MB upload, a file that is no picture, a damaged one and a decompression bomb with a sentence', async () => {
    const huge = await search(Buffer.alloc(50 * 1024 * 1024, 1), '10.42.0.3');
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toMatchObject({ code: 'TOO_LARGE', message: PHOTO_TEXTS.tooLarge });

    const text = await search(Buffer.from('these are not the pixels you are looking for'), '10.42.0.3', 'photo.png');
    expect(text.statusCode).toBe(400);
    expect(text.json()).toMatchObject({ message: PHOTO_TEXTS.notAPicture });

    const cut = await search(original.subarray(0, original.length / 2), '10.42.0.3');
    expect(cut.statusCode).toBe(400);
    expect(cut.json()).toMatchObject({ message: PHOTO_TEXTS.damaged });

    // 20,000 × 20,000 pixels of one grey in 1 bit: 50 MB of pixels deflate to a few dozen kB.
    const bomb = await search(decompressionBomb(20_000), '10.42.0.3', 'bomb.png');
    expect(bomb.statusCode).toBe(400);
    expect(bomb.json()).toMatchObject({ message: PHOTO_TEXTS.tooManyPixels(20_000, 20_000) });

    const none = await ctx.app.inject({ method: 'POST', url: '/api/photo-search', payload: {}, headers: { origin: TEST_ORIGIN } });
    expect(none.statusCode).toBe(400);
  });
});

/** A valid PNG of `side` × `side` black 1-bit pixels, small on the wire. */
function decompressionBomb(side: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(zlib.crc32(body), body.length + 4);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header.set([1, 0, 0, 0, 0], 8);
  const row = Math.ceil(side / 8) + 1;
  const pixels = zlib.deflateSync(Buffer.alloc(row * side), { level: 9 });
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('the hash and the index', () => {
  it('hash a 32 × 32 grey picture as sharp-phash does', async () => {
    const { default: phash } = await import('sharp-phash');
    const grey = await sharp(original).greyscale().resize(32, 32, { fit: 'fill' }).raw().toBuffer();
    const theirs = await phash(
      await sharp(grey, { raw: { width: 32, height: 32, channels: 1 } })
        .png()
        .toBuffer(),
    );
    expect(hashOfGrey(grey)).toEqual(halvesOf(theirs));
  });

  it('crop a tall screenshot in square windows and a framed picture inside its frame', () => {
    const crops = cropsOf(256, 554, null);
    expect(crops[0]).toEqual({ left: 0, top: 0, width: 256, height: 554 });
    expect(crops.filter((c) => c.width === 256 && c.height === 256).length).toBeGreaterThan(6);
    expect(cropsOf(300, 300, { left: 13, top: 13, width: 274, height: 274 })[1]).toEqual({ left: 13, top: 13, width: 274, height: 274 });
  });

  it('lists the same photo before nearer hashes of another colour, then the nearest, within the limit', () => {
    const index = new PhotoIndex([
      { number: 1, hi: 0xffff0000, lo: 0, colour: 0x808080 },
      { number: 2, hi: 0xffff0001, lo: 0, colour: 0x101010 },
      { number: 3, hi: 0xffff000f, lo: 0, colour: 0x808080 },
      { number: 4, hi: 0x0000ffff, lo: 0xffffffff, colour: 0x808080 },
    ]);
    const found = index.nearest([{ hi: 0xffff0001, lo: 0, colour: 0x828282 }], 10);
    expect(found).toEqual([
      { number: 1, distance: 1, samePhoto: true },
      { number: 3, distance: 3, samePhoto: true },
      { number: 2, distance: 0, samePhoto: false },
    ]);
  });
});
