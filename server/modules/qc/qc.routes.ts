import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorSchema } from '../../../common/schemas/error';
import { idParamsSchema } from '../../../common/schemas/fields';
import { adminQcPhotoListSchema, QC_PHOTOS_MAX, qcPhotosInputSchema } from '../../../common/schemas/qc';
import { actorOf } from '../audit/audit-details';
import type { QcService } from './qc.service';

/** The dashboard's QC photo routes; the storefront reads a product's photos with its page (GET /api/products/{number}). */
export const qcRoutes: FastifyPluginAsyncZod<{ service: QcService }> = async (app, { service }) => {
  app.get(
    '/api/admin/products/:id/qc-photos',
    app.guard('admin', {
      schema: {
        tags: ['admin'],
        summary: "A product's QC photos in the order its page shows them, each with its image and day",
        params: idParamsSchema,
        response: { 200: adminQcPhotoListSchema, 404: errorSchema },
      },
    }),
    async (request) => ({ items: await service.list(request.params.id) }),
  );

  app.put(
    '/api/admin/products/:id/qc-photos',
    app.guard('admin', {
      schema: {
        tags: ['admin'],
        summary: `Replaces a product's QC photos with this ordered list (at most ${QC_PHOTOS_MAX}); recorded in the audit log`,
        description:
          'Each item names an uploaded image (no image twice) and optionally the day the photo was taken (YYYY-MM-DD, not in the future). An empty list removes them all.',
        params: idParamsSchema,
        body: qcPhotosInputSchema,
        response: { 200: adminQcPhotoListSchema, 400: errorSchema, 404: errorSchema },
      },
    }),
    async (request) => ({ items: await service.replace(actorOf(request), request.params.id, request.body) }),
  );
};
