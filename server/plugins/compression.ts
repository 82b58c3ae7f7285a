import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Brotli or gzip for answers over 1 KB (the built assets come precompressed from scripts/compress-dist.mjs). */
export const compression = fp(
  async (app: FastifyInstance) => {
    await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'] });
  },
  { name: 'finder-compression' },
);
