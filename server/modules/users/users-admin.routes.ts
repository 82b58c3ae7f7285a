import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import type { AuditRepo } from '../audit/audit.repo';

/** User management for admins (issue 5). */
export const usersAdminRoutes: FastifyPluginAsyncZod<{ database: Database; audit: AuditRepo }> = async () => {};
