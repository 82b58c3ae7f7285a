import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import type { AuditRepo } from '../audit/audit.repo';

/** Bulk catalogue maintenance for developers (issue 5). */
export const bulkOpsRoutes: FastifyPluginAsyncZod<{ database: Database; audit: AuditRepo }> = async () => {};
