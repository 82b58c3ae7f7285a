import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import zlib from 'node:zlib';

/**
 * Brotli quality for answers compressed as they are sent. Most are a few kilobytes of JSON (a page of six cards is
 * about 5 kB): quality 1 took 19 µs for it where @fastify/compress's default 4 took 64 µs, for 1.42 against 1.28 kB
 * sent (both one TCP segment). On a search that was about a twentieth of the server's CPU per answer. Answers the
 * response cache keeps are compressed once, harder (cached-answer.ts); the built assets come precompressed.
 */
export const BROTLI_QUALITY_PER_ANSWER = 1;

/** Brotli or gzip for answers over 1 KB (the built assets come precompressed from scripts/compress-dist.mjs). */
export const compression = fp(
  async (app: FastifyInstance) => {
    await app.register(compress, {
      threshold: 1024,
      encodings: ['br', 'gzip'],
      brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY_PER_ANSWER } },
    });
  },
  { name: 'finder-compression' },
);
