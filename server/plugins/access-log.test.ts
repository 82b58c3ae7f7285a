import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loggerOptions } from '../logging';
import { insertProducts } from '../test/factories';
import { anotherAppOn } from '../test/auth-helpers';
import { createTestApp, type TestContext } from '../test/test-app';
import { AccessLog, summarized } from './access-log';
import { backPressure } from './back-pressure';

type Line = {
  level: number;
  msg: string;
  req?: { method: string; url: string };
  res?: { statusCode: number };
  responseTime?: number;
  count?: number;
};

/** A log destination that keeps every line, parsed. */
function collector() {
  const lines: Line[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const text of chunk.toString().split('\n')) if (text) lines.push(JSON.parse(text) as Line);
      done();
    },
  });
  return { lines, stream };
}

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
  await insertProducts(ctx.database, [{ title: 'Logged Item' }]);
});
afterAll(async () => {
  await ctx?.close();
});

describe('the access log', () => {
  it('writes one line per request that did work and none for an answer from the cache (at info)', async () => {
    const { lines, stream } = collector();
    const app = await anotherAppOn(ctx, { logger: { level: 'info', stream }, responseCacheBytes: 1024 * 1024 });
    try {
      const url = '/api/products?limit=6&seed=4242';
      expect((await app.inject({ url })).headers['x-cache']).toBe('miss');
      expect((await app.inject({ url })).headers['x-cache']).toBe('hit');
      expect((await app.inject({ url: '/api/no-such-route?token=secret-in-address' })).statusCode).toBe(404);
      const requests = lines.filter((l) => l.req);
      expect(requests.map((l) => [l.msg, l.req?.url, l.res?.statusCode])).toEqual([
        ['request completed', url, 200],
        ['request completed', '/api/no-such-route?token=[redacted]', 404],
      ]);
      expect(requests[0]?.responseTime).toBeGreaterThanOrEqual(0);
      expect(lines.some((l) => l.msg === 'incoming request')).toBe(false);
      expect(JSON.stringify(lines)).not.toContain('secret-in-address');
    } finally {
      await app.close();
    }
  });

  it('logs answers from the cache at debug', async () => {
    const { lines, stream } = collector();
    const app = await anotherAppOn(ctx, { logger: { level: 'debug', stream }, responseCacheBytes: 1024 * 1024 });
    try {
      const url = '/api/products?limit=6&seed=4343';
      await app.inject({ url });
      await app.inject({ url });
      expect(lines.filter((l) => l.req).map((l) => [l.level, l.msg])).toEqual([
        [30, 'request completed'],
        [20, 'request completed from memory'],
      ]);
    } finally {
      await app.close();
    }
  });

  it('sums up refusals under a flood instead of a warning for each', async () => {
    const { lines, stream } = collector();
    const app = Fastify({ logger: { ...loggerOptions('info'), stream }, logController: new AccessLog() });
    app.decorateRequest('answeredWithoutWork', false);
    await app.register(backPressure, { maxActiveRequests: 0, maxEventLoopDelayMs: 0, retryAfterSeconds: 3 });
    app.get('/api/thing', async () => ({ ok: true }));
    try {
      for (let i = 0; i < 20; i++) expect((await app.inject({ url: '/api/thing' })).statusCode).toBe(503);
      // One warning for the first; the refusals themselves are answers from memory, not logged at info.
      expect(lines.map((l) => l.msg)).toEqual(['too many requests under way: answered 503']);
    } finally {
      await app.close();
    }
  });
});

describe('summarized warnings', () => {
  it('logs the first at once, then how many came in the interval, once it ends', () => {
    vi.useFakeTimers();
    try {
      const warn = vi.fn();
      const log = { warn } as unknown as Parameters<typeof summarized>[0] extends () => infer L ? L : never;
      const report = summarized(() => log, 'the database failed', 10_000);
      report({ kind: 'down' });
      for (let i = 0; i < 5; i++) report();
      expect(warn).toHaveBeenCalledTimes(1);
      expect(warn).toHaveBeenLastCalledWith({ kind: 'down' }, 'the database failed');
      vi.advanceTimersByTime(10_001);
      expect(warn).toHaveBeenCalledTimes(2);
      expect(warn).toHaveBeenLastCalledWith({ count: 5 }, 'the database failed: 5 more in the last 10 s');
      // One that comes as the interval ends, before its count is written: the count first, then it.
      report({ kind: 'again' });
      report();
      expect(warn).toHaveBeenCalledTimes(3);
      vi.setSystemTime(Date.now() + 10_000);
      report({ kind: 'slow' });
      expect(warn.mock.calls.slice(3)).toEqual([
        [{ count: 1 }, 'the database failed: 1 more in the last 10 s'],
        [{ kind: 'slow' }, 'the database failed'],
      ]);
      vi.advanceTimersByTime(10_001);
      warn.mockClear();
      // A quiet interval writes nothing; the next one is logged at once again.
      vi.advanceTimersByTime(30_000);
      expect(warn).toHaveBeenCalledTimes(0);
      report({ kind: 'down' });
      expect(warn).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });
});
