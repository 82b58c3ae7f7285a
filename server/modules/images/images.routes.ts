import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MAX_UPLOAD_BYTES, MAX_UPLOAD_FILES } from '../../../common/admin-constants';
import { ADMIN_TEXTS } from '../../../common/texts/admin';
import { errorSchema } from '../../../common/schemas/error';
import { idParamsSchema } from '../../../common/schemas/fields';
import { pictureRefetchBodySchema, pictureRefetchResultSchema } from '../../../common/schemas/picture-refetch';
import { imageDeleteResultSchema, imageListQuerySchema, imagePageSchema, uploadResultSchema } from '../../../common/schemas/image';
import { AppError } from '../../errors';
import { actorOf } from '../audit/audit-details';
import { fileLabel } from './image-files';
import type { ImagesService, UploadedFile } from './images.service';
import type { PictureRefetches } from './picture-refetches';
import { apiSchemas } from '../../../common/schemas/registry';

/** The upload's body as the OpenAPI document describes it; the handler reads the parts itself. */
const uploadBodySchema = z
  .object({
    files: z
      .array(z.string().meta({ format: 'binary' }))
      .min(1)
      .max(MAX_UPLOAD_FILES)
      .describe(`1 to ${MAX_UPLOAD_FILES} JPEG, PNG or WebP images of at most ${MAX_UPLOAD_BYTES} bytes each (any field name)`),
  })
  .register(apiSchemas, { id: 'ImageUpload' });

/** Multipart bodies are read by the handler as a stream, so the body is not validated as a whole. */
const multipartValidator: FastifySchemaCompiler<z.ZodType> = (route) =>
  route.httpPart === 'body' ? () => ({ value: undefined }) : validatorCompiler(route);
// The route option's type is tied to that one route's schema object; this compiler takes any zod schema.
const uploadValidator = multipartValidator as never;

/** An upload's limits (the app registers multipart once, server/plugins/multipart.ts). */
const UPLOAD_LIMITS = { fileSize: MAX_UPLOAD_BYTES, files: MAX_UPLOAD_FILES, fields: 10, fieldSize: 1024, parts: MAX_UPLOAD_FILES + 10 };

type MultipartError = Error & { code?: string; part?: { filename?: string } };

/** @fastify/multipart's limit errors, in the spec's words. */
function uploadError(err: MultipartError): AppError | null {
  switch (err.code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new AppError('TOO_LARGE', `"${fileLabel(err.part?.filename ?? '')}": ${ADMIN_TEXTS.imageTooLarge}`);
    case 'FST_FILES_LIMIT':
    case 'FST_PARTS_LIMIT':
      return new AppError('TOO_LARGE', `At most ${MAX_UPLOAD_FILES} images can be uploaded in one request.`);
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new AppError('VALIDATION', 'Send the images as multipart/form-data.');
    default:
      return null;
  }
}

export const imagesRoutes: FastifyPluginAsyncZod<{ service: ImagesService; refetches: PictureRefetches }> = async (
  app,
  { service, refetches },
) => {
  app.get(
    '/api/admin/images',
    app.guard('admin', {
      schema: {
        tags: ['admin'],
        summary: 'A page of uploaded images, newest or oldest first, with the number of images',
        querystring: imageListQuerySchema,
        response: { 200: imagePageSchema },
      },
    }),
    async (request) => service.list(request.query),
  );

  app.post(
    '/api/admin/images',
    app.guard('admin', {
      validatorCompiler: uploadValidator,
      schema: {
        tags: ['admin'],
        summary: 'Uploads images: checked by content, stored under generated names, with WebP thumbnails; recorded in the audit log',
        description:
          'All or nothing: when one file is refused, none is stored. Refused: anything but JPEG, PNG or WebP by content ' +
          `(whatever the name or declared type), over ${MAX_UPLOAD_BYTES} bytes (413), empty, damaged or truncated files, ` +
          'and pictures of more than 40 megapixels. A storage that cannot be written answers 507 and stores nothing.',
        consumes: ['multipart/form-data'],
        body: uploadBodySchema,
        response: { 201: uploadResultSchema, 413: errorSchema, 507: errorSchema },
      },
    }),
    async (request, reply) => {
      if (!request.isMultipart()) throw new AppError('VALIDATION', 'Send the images as multipart/form-data.');
      const files: UploadedFile[] = [];
      try {
        for await (const part of request.files({ limits: UPLOAD_LIMITS }))
          files.push({ fileName: part.filename, body: await part.toBuffer() });
      } catch (err) {
        throw uploadError(err as MultipartError) ?? err;
      }
      return reply.status(201).send({ items: await service.upload(actorOf(request), files) });
    },
  );

  app.delete(
    '/api/admin/images/:id',
    app.guard('admin', {
      schema: {
        tags: ['admin'],
        summary: 'Deletes an image with its thumbnails; products that showed it show none; recorded in the audit log',
        description:
          'The image is gone once this answers 200. Files the storage cannot remove now (full, read-only, out of reach) are ' +
          'counted in filesPending and removed later by the server, which tries again until the storage lets them go.',
        params: idParamsSchema,
        response: { 200: imageDeleteResultSchema, 404: errorSchema },
      },
    }),
    async (request) => service.delete(actorOf(request), request.params.id),
  );

  app.post(
    '/api/admin/pictures/refetch',
    app.guard('admin', {
      schema: {
        tags: ['admin'],
        summary:
          'Fetch pictures again: for the given items or the products an import wrote, the pictures that are missing, broken or still an outside address are fetched again in the background; recorded in the audit log',
        description:
          'Answers at once with how many products are queued and how many were left out (picture fine, or no address to fetch ' +
          'from). 404 for items that do not exist or an unknown import; 409 when nothing is left to fetch, or the import is ' +
          'running, undone or brought no pictures.',
        body: pictureRefetchBodySchema,
        response: { 200: pictureRefetchResultSchema, 404: errorSchema, 409: errorSchema },
      },
    }),
    async (request) => refetches.queue(actorOf(request), request.body),
  );
};
