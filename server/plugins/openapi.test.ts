import path from 'node:path';
import { ESLint } from 'eslint';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestContext } from '../test/test-app';
import { operationIdOf } from './openapi';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx?.close();
});

describe('the OpenAPI document', () => {
  it('stays the same when a second copy of common/ is loaded, as the built site loads one with /admin', async () => {
    const before = await ctx.app.inject('/api/openapi.json');
    expect(before.statusCode).toBe(200);

    // A fresh module graph: common/schemas evaluated again, every schema a new object under the same ids, as in
    // the server-rendered admin chunk of the build. Besides, a stray id in zod's global registry.
    vi.resetModules();
    const copy = await import('../../common/schemas/product');
    await import('../../common/schemas/favorite');
    expect(copy.productSchema).toBeDefined();
    z.object({ other: z.string() }).meta({ id: 'Product' }); // eslint-disable-line no-restricted-syntax -- the stray id this test is about

    // Another app built now documents its routes from its own copy; the first one keeps answering the same.
    const again = await ctx.app.inject({ url: '/api/openapi.json', headers: { 'cache-control': 'no-cache' } });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual(before.json());
    const fresh = await createTestApp();
    try {
      const res = await fresh.app.inject('/api/openapi.json');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual(before.json());
    } finally {
      await fresh.close();
    }
  });

  it('names every operation once, and says the security of each', async () => {
    const doc = (await ctx.app.inject('/api/openapi.json')).json() as {
      servers: unknown[];
      paths: Record<string, Record<string, { operationId: string; security: unknown[]; responses: Record<string, unknown> }>>;
    };
    const ops = Object.values(doc.paths).flatMap((item) => Object.values(item));
    const ids = ops.map((op) => op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ops.every((op) => Array.isArray(op.security))).toBe(true);
    expect(ops.every((op) => op.responses['503'])).toBe(true);
    expect(doc.servers).toEqual([{ url: '/', description: 'This site' }]);
    expect(operationIdOf('get', '/api/admin/products/{id}/qc-photos')).toBe('getAdminProductsIdQcPhotos');
  });
});

describe('lint', () => {
  it('refuses an id given to .meta(), which would go to the registry every copy of common/ shares', async () => {
    const eslint = new ESLint({ cwd: path.resolve(import.meta.dirname, '../..') });
    const [result] = await eslint.lintText("import { z } from 'zod';\nexport const x = z.object({}).meta({ id: 'X' });\n", {
      filePath: path.resolve(import.meta.dirname, '../../common/schemas/x.ts'),
    });
    expect(result?.messages.map((m) => m.ruleId)).toContain('no-restricted-syntax');
  });
});
