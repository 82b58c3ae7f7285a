import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema } from '../../../common/schemas/error';
import { siteConfigSchema, type SiteConfig } from '../../../common/schemas/site';
import { databaseAnswers } from '../../db/availability';
import type { Database } from '../../db/client';
import { AppError } from '../../errors';

/** Longest the health check waits for the database's answer. */
const HEALTH_DATABASE_LIMIT_MS = 1000;

export const siteRoutes: FastifyPluginAsyncZod<{ site: SiteConfig; database: Database }> = async (
  app,
  { site, database },
) => {
  app.get(
    '/api/health',
    {
      schema: {
        tags: ['site'],
        summary: 'Health check: ok when the server and its database answer',
        response: { 200: z.object({ status: z.literal('ok') }), 503: errorSchema },
      },
    },
    async () => {
      // A hanging database must not hang the check: a load balancer wants its answer now.
      if (!(await databaseAnswers(database, HEALTH_DATABASE_LIMIT_MS))) throw new AppError('UNAVAILABLE', 'The database does not answer');
      return { status: 'ok' as const };
    },
  );
  app.get(
    '/api/site',
    {
      schema: {
        tags: ['site'],
        summary: 'Public storefront settings (discount code, community and referral links)',
        response: { 200: siteConfigSchema },
      },
    },
    async () => site,
  );
};
