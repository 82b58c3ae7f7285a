import Fastify from 'fastify';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BROTLI_QUALITY_PER_ANSWER, compression } from './compression';

/** A page of cards as the finder sends it: some kilobytes of JSON, repetitive as cards are. */
const body = JSON.stringify({
  items: Array.from({ length: 6 }, (_, i) => ({
    id: `0f6a2c1e-8d7b-4a51-9c3e-${String(i).padStart(12, '0')}`,
    title: `Washed Graphic Tee ${i}`,
    description: 'A relaxed cotton tee with a washed print, boxy fit, ribbed collar.',
    brand: 'Northfold',
    category: 'Tops',
    price: 18 + i,
    image: `/media/items/1764000000000_abc12${i}_tee.webp`,
    link: `https://weidian.com/item.html?itemID=72322900${i}`,
  })),
  nextCursor: null,
});

describe('compression of the answers made per request', () => {
  const app = Fastify();
  beforeAll(async () => {
    await app.register(compression);
    app.get('/page', async (_request, reply) => reply.type('application/json').send(body));
    app.get('/small', async () => ({ ok: true }));
    await app.ready();
  });
  afterAll(() => app.close());

  it(`sends Brotli at quality ${BROTLI_QUALITY_PER_ANSWER} to clients that take it, gzip to the others, the same JSON`, async () => {
    const br = await app.inject({ url: '/page', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(body);
    const atQuality = (quality: number) =>
      zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: quality } }).length;
    expect(br.rawPayload.length).toBe(atQuality(BROTLI_QUALITY_PER_ANSWER));
    // Not the library's default (4), which cost three times as much for a page of cards.
    expect(atQuality(4)).not.toBe(atQuality(BROTLI_QUALITY_PER_ANSWER));

    const gzip = await app.inject({ url: '/page', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(body);
  });

  it('sends answers under 1 kB as they are', async () => {
    const res = await app.inject({ url: '/small', headers: { 'accept-encoding': 'br' } });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toEqual({ ok: true });
  });
});
