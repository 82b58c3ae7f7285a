import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { REQUESTS_BODY_LIMIT } from '../../../common/requests';
import { errorSchema } from '../../../common/schemas/error';
import { idParamsSchema } from '../../../common/schemas/fields';
import {
  itemRequestInputSchema,
  itemRequestPageSchema,
  itemRequestSchema,
  itemRequestUpdateSchema,
  linkReportInputSchema,
  linkReportPageSchema,
  linkReportSchema,
  linkReportStateSchema,
  linkReportUpdateSchema,
  productIdParamsSchema,
  queueQuerySchema,
  requestReceiptSchema,
} from '../../../common/schemas/requests';
import { actorOf } from '../audit/audit-details';
import { RateLimitedError, type RequestsService } from './requests.service';
import { apiSchemas } from '../../../common/schemas/registry';

const deletedSchema = z.object({ id: z.string() }).register(apiSchemas, { id: 'DeletedRequest' });

/** Visitors' item requests and broken-link reports, and the dashboard's two queues (issue 16). */
export const requestsRoutes: FastifyPluginAsyncZod<{ service: RequestsService }> = async (app, { service }) => {
  // The error handler writes the 429's body; its wait goes in the header here (this plugin's routes only).
  app.addHook('onError', async (_request, reply, error) => {
    if (error instanceof RateLimitedError) void reply.header('retry-after', String(error.retryAfterSeconds));
  });

  app.post(
    '/api/requests',
    {
      bodyLimit: REQUESTS_BODY_LIMIT,
      schema: {
        tags: ['requests'],
        summary:
          'Asks for an item the finder did not find (public): what the visitor is looking for (2–200 characters) and an ' +
          'optional http(s) link. Too many from one client answer 429 with Retry-After',
        body: itemRequestInputSchema,
        response: { 201: requestReceiptSchema, 400: errorSchema, 413: errorSchema, 429: errorSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await service.createRequest(request.body, { ip: request.ip })),
  );

  app.post(
    '/api/products/:id/link-reports',
    {
      bodyLimit: REQUESTS_BODY_LIMIT,
      schema: {
        tags: ['requests'],
        summary:
          "Reports that a product's buy link is broken (public), with an optional note and the agent BUY used. The same " +
          "client's identical open report of the day answers 200 with it instead of a second one (201). Too many from one " +
          'client answer 429 with Retry-After; an unknown product 404',
        params: idParamsSchema,
        body: linkReportInputSchema,
        response: {
          200: requestReceiptSchema,
          201: requestReceiptSchema,
          400: errorSchema,
          404: errorSchema,
          413: errorSchema,
          429: errorSchema,
        },
      },
    },
    async (request, reply) => {
      const receipt = await service.reportLink(request.params.id, request.body, { ip: request.ip });
      return reply.status(receipt.duplicate ? 200 : 201).send(receipt);
    },
  );

  app.get(
    '/api/admin/requests',
    app.guard('admin', {
      schema: {
        tags: ['admin'],
        summary: 'Item requests, newest first, 20 a page, optionally of one status; with the counts per status',
        querystring: queueQuerySchema,
        response: { 200: itemRequestPageSchema },
      },
    }),
    async (request) => service.listRequests(request.query),
  );

  app.patch(
    '/api/admin/requests/:id',
    app.guard('admin', {
      schema: {
        tags: ['admin'],
        summary:
          "Changes an item request's status and the product that answers it (its number, id or page address; null " +
          'unlinks). Linking a product to an open request marks it added unless a status is sent. Recorded in the audit log',
        params: idParamsSchema,
        body: itemRequestUpdateSchema,
        response: { 200: itemRequestSchema, 404: errorSchema },
      },
    }),
    async (request) => service.updateRequest(actorOf(request), request.params.id, request.body),
  );

  app.delete(
    '/api/admin/requests/:id',
    app.guard('admin', {
      schema: {
        tags: ['admin'],
        summary: 'Deletes an item request; recorded in the audit log',
        params: idParamsSchema,
        response: { 200: deletedSchema, 404: errorSchema },
      },
    }),
    async (request) => service.deleteRequest(actorOf(request), request.params.id),
  );

  app.get(
    '/api/admin/link-reports',
    app.guard('admin', {
      schema: {
        tags: ['admin'],
        summary: 'Broken-link reports with their product, newest first, 20 a page, optionally of one status; with the counts per status',
        querystring: queueQuerySchema,
        response: { 200: linkReportPageSchema },
      },
    }),
    async (request) => service.listReports(request.query),
  );

  app.get(
    '/api/admin/link-reports/product/:productId',
    app.guard('admin', {
      schema: {
        tags: ['admin'],
        summary: "A product's link reports as its page shows them to admins: how many are open (new or planned), and in all",
        params: productIdParamsSchema,
        response: { 200: linkReportStateSchema },
      },
    }),
    async (request) => service.reportState(request.params.productId),
  );

  app.patch(
    '/api/admin/link-reports/:id',
    app.guard('admin', {
      schema: {
        tags: ['admin'],
        summary: "Changes a link report's status; recorded in the audit log",
        params: idParamsSchema,
        body: linkReportUpdateSchema,
        response: { 200: linkReportSchema, 404: errorSchema },
      },
    }),
    async (request) => service.updateReport(actorOf(request), request.params.id, request.body.status),
  );

  app.delete(
    '/api/admin/link-reports/:id',
    app.guard('admin', {
      schema: {
        tags: ['admin'],
        summary: 'Deletes a link report; recorded in the audit log',
        params: idParamsSchema,
        response: { 200: deletedSchema, 404: errorSchema },
      },
    }),
    async (request) => service.deleteReport(actorOf(request), request.params.id),
  );
};
