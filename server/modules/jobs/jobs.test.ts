import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobsOverview } from '../../../common/schemas/jobs';
import { send, signedInAs } from '../../test/auth-helpers';
import { createTestApp, type TestContext } from '../../test/test-app';

let ctx: TestContext;
let developer = '';
let admin = '';
beforeAll(async () => {
  ctx = await createTestApp();
  developer = await signedInAs(ctx.app, 'jobs-dev@example.com', { isAdmin: true, isDev: true });
  admin = await signedInAs(ctx.app, 'jobs-admin@example.com', { isAdmin: true });
});
afterAll(async () => {
  await ctx?.close();
});

describe('the Jobs view', () => {
  it('lists every queue with its counts and the last failures, and retries a failed job, for developers only', async () => {
    const { jobs } = ctx.app.services;
    // A periodic job whose work fails: an unknown import's pictures are no failure, so a sweep is made to fail.
    const id = await jobs.send('product-sources', {});
    expect(id).toBeTruthy();
    await ctx.database.executeSql(
      `update pgboss.job set state = 'failed', completed_on = now(), output = '{"message":"the storage refused"}'::jsonb where id = $1::uuid`,
      [id],
    );
    const res = await send(ctx.app, 'GET', '/api/admin/jobs', { cookie: developer });
    expect(res.statusCode, res.body).toBe(200);
    const overview = res.json<JobsOverview>();
    expect(overview.queues.map((q) => q.name)).toEqual(
      expect.arrayContaining(['import-rows', 'import-pictures', 'analytics-sweep', 'file-removals']),
    );
    expect(overview.failures[0]).toMatchObject({ id, queue: 'product-sources', error: 'the storage refused' });
    const retried = await send(ctx.app, 'POST', `/api/admin/jobs/${id}/retry`, { cookie: developer });
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json<JobsOverview>().failures.find((f) => f.id === id)).toBeUndefined();
    expect((await send(ctx.app, 'POST', `/api/admin/jobs/${id}/retry`, { cookie: developer })).statusCode).toBe(404);
    expect((await send(ctx.app, 'GET', '/api/admin/jobs', { cookie: admin })).statusCode).toBe(403);
    expect((await send(ctx.app, 'GET', '/api/admin/jobs')).statusCode).toBe(401);
  });
});
