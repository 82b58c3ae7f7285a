import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';

/**
 * multipart/form-data for the whole app, registered once (issue 44). The limits here are the strictest (one small
 * file, no fields); each upload route reads its parts with its own limits (`request.files({ limits })` in
 * images.routes.ts, `request.parts({ limits })` in imports.routes.ts), which the plugin lays over these.
 */
export async function registerMultipart(app: FastifyInstance): Promise<void> {
  await app.register(fastifyMultipart, { limits: { fileSize: 1, files: 1, fields: 0, fieldSize: 1, parts: 1 } });
}
