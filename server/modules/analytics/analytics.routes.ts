import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';

/** Click and page-view recording, and the admin's figures (issue 5). */
export const analyticsRoutes: FastifyPluginAsyncZod<{ database: Database; secret: string }> = async () => {};
