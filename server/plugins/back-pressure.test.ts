import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { backPressure, BUSY_MESSAGE } from './back-pressure';

/** An app with the plugin, a route that waits until the test lets it go, and the routes that are never shed. */
async function appWithGate(maxActiveRequests: number) {
  let open: () => void = () => undefined;
  let gate = new Promise<void>((resolve) => {
    open = resolve;
  });
  const app = Fastify({ logger: false });
  await app.register(backPressure, { maxActiveRequests, maxEventLoopDelayMs: 0, retryAfterSeconds: 7 });
  app.get('/api/slow', async () => {
    await gate;
    return { done: true };
  });
  app.get('/api/health', async () => ({ status: 'ok' }));
  app.get('/assets/app-1234.js', async () => 'code');
  app.get('/favicon.svg', async () => '<svg/>');
  await app.ready();
  return {
    app,
    release() {
      open();
      gate = new Promise<void>((resolve) => {
        open = resolve;
      });
    },
  };
}

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

describe('load shedding', () => {
  it('answers requests beyond the limit at once with 503 and Retry-After, while health and static files answer', async () => {
    const gated = await appWithGate(2);
    app = gated.app;
    const waiting = [app.inject({ url: '/api/slow' }), app.inject({ url: '/api/slow' })];
    await expect.poll(() => app?.activeRequests()).toBe(2);

    const started = performance.now();
    const refused = await app.inject({ url: '/api/slow' });
    expect(performance.now() - started).toBeLessThan(200);
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toBe('7');
    expect(refused.headers['cache-control']).toBe('no-store');
    expect(refused.json()).toEqual({ statusCode: 503, code: 'UNAVAILABLE', message: BUSY_MESSAGE });
    // A page or an unknown address counts too (it reaches the not-found handler).
    expect((await app.inject({ url: '/products' })).statusCode).toBe(503);

    expect((await app.inject({ url: '/api/health' })).statusCode).toBe(200);
    expect((await app.inject({ url: '/assets/app-1234.js' })).statusCode).toBe(200);
    expect((await app.inject({ url: '/favicon.svg' })).statusCode).toBe(200);
    expect(app.activeRequests()).toBe(2);

    gated.release();
    for (const res of await Promise.all(waiting)) expect(res.statusCode).toBe(200);
    expect(app.activeRequests()).toBe(0);
    // Room again: the next one is served.
    const next = app.inject({ url: '/api/slow' });
    await expect.poll(() => app?.activeRequests()).toBe(1);
    gated.release();
    expect((await next).statusCode).toBe(200);
  });

  it('gives the place back when a client goes away before its answer', async () => {
    const gated = await appWithGate(1);
    app = gated.app;
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const abort = new AbortController();
    const gone = fetch(`${address}/api/slow`, { signal: abort.signal }).catch(() => 'aborted');
    await expect.poll(() => app?.activeRequests()).toBe(1);
    expect((await fetch(`${address}/api/slow`)).status).toBe(503);
    abort.abort();
    expect(await gone).toBe('aborted');
    await expect.poll(() => app?.activeRequests()).toBe(0);
    gated.release();
  });
});
