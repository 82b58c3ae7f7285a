import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shareImageSize, shareImageUrlFor, shareKey, thumbnailUrlFor } from '../../../common/media';
import { storeImageWithThumbnails } from '../images/image-files';
import { createTestApp, type TestContext } from '../../test/test-app';

let ctx: TestContext;
let url: string;

beforeAll(async () => {
  ctx = await createTestApp();
  const png = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#5b3df5' } })
    .png()
    .toBuffer();
  url = (await storeImageWithThumbnails(ctx.storage, '1700000000_blue.png', png)).url;
});
afterAll(async () => {
  await ctx?.close();
});

describe('GET /media', () => {
  it('serves an original with its type and a year of cache', async () => {
    const res = await ctx.app.inject(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('serves resized WebP thumbnails no wider than asked', async () => {
    for (const width of [320, 640] as const) {
      const res = await ctx.app.inject(thumbnailUrlFor(url, width) ?? '');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      const meta = await sharp(res.rawPayload).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.width).toBe(width);
      expect(res.rawPayload.length).toBeLessThan((await ctx.app.inject(url)).rawPayload.length);
    }
  });

  it.each([
    '/media/items/missing.png',
    '/media/../../etc/passwd',
    '/media/items/..%2F..%2Fetc%2Fpasswd',
    '/media/%2e%2e/secret',
    '/media/',
  ])('answers 404 for %s', async (path) => {
    const res = await ctx.app.inject(path);
    expect(res.statusCode).toBe(404);
  });
});

describe('GET /media/share (link-preview copies)', () => {
  it('makes a JPEG of at most 1200 px on first request, stores it and serves it again', async () => {
    const shareUrl = shareImageUrlFor(url) ?? '';
    expect(shareUrl).toMatch(/^\/media\/share\/1700000000_blue\.jpg$/);
    expect(await ctx.storage.exists(shareKey('1700000000_blue.png'))).toBe(false);
    const [first, second] = await Promise.all([ctx.app.inject(shareUrl), ctx.app.inject(shareUrl)]);
    for (const res of [first, second]) {
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/jpeg');
      expect(res.headers['cache-control']).toContain('immutable');
    }
    const meta = await sharp(first.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 1200, height: 900 });
    expect(await ctx.storage.exists(shareKey('1700000000_blue.png'))).toBe(true);
    const again = await ctx.app.inject(shareUrl);
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
  });

  it('makes one from a JPEG with the mild damage uploads accept (a camera\u2019s stray marker)', async () => {
    const jpeg = await sharp({
      create: { width: 300, height: 200, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma: 30 } },
    })
      .jpeg()
      .toBuffer();
    const marker = jpeg.indexOf(Buffer.from([0xff, 0xda])) + 400;
    jpeg[marker] = 0xff;
    jpeg[marker + 1] = 0xd0;
    await expect(sharp(jpeg, { failOn: 'warning' }).toBuffer()).rejects.toThrow(/Corrupt JPEG/);
    const stored = await storeImageWithThumbnails(ctx.storage, '1700000000_camera.jpg', jpeg);
    const res = await ctx.app.inject(shareImageUrlFor(stored.url) ?? '');
    expect(res.statusCode).toBe(200);
    expect((await sharp(res.rawPayload).metadata()).format).toBe('jpeg');
  });

  it('makes each copy the size shareImageSize works out from the stored original\u2019s size (turned upright first)', async () => {
    const shapes: Array<[number, number, number?]> = [
      [4000, 3001],
      [1201, 1199],
      [333, 2999],
      [2400, 1201],
      [1000, 1000],
      [7000, 3],
      // A phone's portrait photo: stored landscape, turned by its EXIF orientation.
      [1600, 900, 6],
    ];
    for (const [width, height, orientation] of shapes) {
      const name = `1700000001_${width}x${height}${orientation ? 'r' : ''}.jpg`;
      let picture = sharp({ create: { width, height, channels: 3, background: '#336699' } }).jpeg();
      if (orientation) picture = picture.withMetadata({ orientation });
      const stored = await storeImageWithThumbnails(ctx.storage, name, await picture.toBuffer());
      const res = await ctx.app.inject(shareImageUrlFor(stored.url) ?? '');
      const made = await sharp(res.rawPayload).metadata();
      expect({ width: made.width, height: made.height }, name).toEqual(shareImageSize({ width: stored.width, height: stored.height }));
      expect(Math.max(made.width, made.height)).toBeLessThanOrEqual(1200);
    }
  });

  it('leaves addresses that are not ours as they are', () => {
    expect(shareImageUrlFor('https://cdn.example/a.png')).toBe('https://cdn.example/a.png');
    expect(shareImageUrlFor(null)).toBeNull();
  });

  it.each(['/media/share/missing.jpg', '/media/share/1700000000_blue.png', '/media/share/..%2Fitems%2Fx.jpg'])(
    'answers 404 for %s',
    async (path) => {
      expect((await ctx.app.inject(path)).statusCode).toBe(404);
    },
  );
});

describe('who may show the pictures', () => {
  it('lets any site show its pictures (originals, thumbnails, link-preview copies), and keeps refusals same-origin', async () => {
    for (const path of [url, thumbnailUrlFor(url, 320) ?? '', thumbnailUrlFor(url, 640) ?? '', shareImageUrlFor(url) ?? '']) {
      const res = await ctx.app.inject(path);
      expect(res.statusCode, path).toBe(200);
      expect(res.headers['cross-origin-resource-policy'], path).toBe('cross-origin');
    }
    for (const path of ['/media/items/missing.png', '/media/share/missing.jpg', '/api/site']) {
      expect((await ctx.app.inject(path)).headers['cross-origin-resource-policy'], path).toBe('same-origin');
    }
  });
});
