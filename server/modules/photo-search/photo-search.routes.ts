import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler, type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PHOTO_FIELD, PHOTO_MAX_BYTES } from '../../../common/photo-search';
import { errorSchema } from '../../../common/schemas/error';
import { photoAddressBodySchema, photoSearchAnswerSchema, photoSearchQuerySchema } from '../../../common/schemas/photo-search';
import { apiSchemas } from '../../../common/schemas/registry';
import { PHOTO_TEXTS } from '../../../common/texts/photo-search';
import { AppError } from '../../errors';
import { RateLimitedError } from '../requests/requests.service';
import type { PhotoSearchService } from './photo-search.service';

/** The upload's body as the OpenAPI document describes it; the handler reads the part itself. */
const photoUploadSchema = z
  .object({
    [PHOTO_FIELD]: z.string().meta({ format: 'binary' }).describe(`A JPEG, PNG or WebP picture of at most ${PHOTO_MAX_BYTES} bytes`),
  })
  .register(apiSchemas, { id: 'PhotoUpload' });

/** Multipart bodies are read by the handler as a stream, so the body is not validated as a whole. */
const multipartValidator: FastifySchemaCompiler<z.ZodType> = (route) =>
  route.httpPart === 'body' ? () => ({ value: undefined }) : validatorCompiler(route);

type MultipartError = Error & { code?: string };

/** The upload's limits (the app registers multipart once, server/plugins/multipart.ts): one picture, no large fields. */
const PHOTO_LIMITS = { fileSize: PHOTO_MAX_BYTES, files: 1, fields: 2, fieldSize: 1024, parts: 3 };

const errors = { 400: errorSchema, 413: errorSchema, 429: errorSchema };

/** Search by photo (issue 42, decision 0086): public, limited per client, nothing stored. */
export const photoSearchRoutes: FastifyPluginAsyncZod<{ service: PhotoSearchService }> = async (app, { service }) => {
  app.addHook('onClose', async () => service.close());
  app.addHook('onError', async (_request, reply, error) => {
    if (error instanceof RateLimitedError) void reply.header('retry-after', String(error.retryAfterSeconds));
  });

  app.post(
    '/api/photo-search',
    {
      validatorCompiler: multipartValidator as never,
      schema: {
        tags: ['products'],
        summary:
          'Searches the catalogue by a picture (public): the products whose picture is the same photo first, then the nearest ' +
          'by perceptual hash. A screenshot with a frame or bars is cropped and tried in several crops. Nothing is stored',
        description:
          `multipart/form-data with one picture in \`${PHOTO_FIELD}\`: JPEG, PNG or WebP by content, at most ${PHOTO_MAX_BYTES} bytes (413), ` +
          'at most 40 megapixels. Too many searches from one client answer 429 with Retry-After.',
        consumes: ['multipart/form-data'],
        querystring: photoSearchQuerySchema,
        body: photoUploadSchema,
        response: { 200: photoSearchAnswerSchema, ...errors },
      },
    },
    async (request) => {
      if (!request.isMultipart()) throw new AppError('VALIDATION', PHOTO_TEXTS.noPicture);
      let picture: Buffer | null = null;
      try {
        for await (const part of request.parts({ limits: PHOTO_LIMITS })) {
          if (part.type !== 'file') continue;
          if (picture) throw new AppError('VALIDATION', PHOTO_TEXTS.onePicture);
          picture = await part.toBuffer();
        }
      } catch (err) {
        const code = (err as MultipartError).code;
        if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('TOO_LARGE', PHOTO_TEXTS.tooLarge);
        if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT') throw new AppError('VALIDATION', PHOTO_TEXTS.onePicture);
        throw err;
      }
      if (!picture) throw new AppError('VALIDATION', PHOTO_TEXTS.noPicture);
      return service.search(picture, { ip: request.ip }, request.query.lang);
    },
  );

  app.post(
    '/api/photo-search/address',
    {
      schema: {
        tags: ['products'],
        summary:
          '"Find this photo": searches by the picture at an http(s) address (public), fetched by the server with limits ' +
          '(no private networks, 5 MB, 10 s). Answers as a search by an uploaded picture',
        querystring: photoSearchQuerySchema,
        body: photoAddressBodySchema,
        response: { 200: photoSearchAnswerSchema, ...errors },
      },
    },
    async (request) => service.searchAddress(request.body.url, { ip: request.ip }, request.query.lang),
  );
};
