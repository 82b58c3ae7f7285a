import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  bulkEditBodySchema,
  bulkEditResultSchema,
  bulkEditPreviewSchema,
  linkMatchesQuerySchema,
  linkMatchesSchema,
  undoResultSchema,
} from '../../../common/schemas/changes';
import { errorSchema } from '../../../common/schemas/error';
import { idParamsSchema } from '../../../common/schemas/fields';
import {
  adminProductPageSchema,
  adminProductSchema,
  adminProductQuerySchema,
  finderFacetQuerySchema,
  finderQuerySchema,
  productDetailSchema,
  productInputSchema,
  productMissingSchema,
  productNumberParamsSchema,
  productExportQuerySchema,
  productPageSchema,
  productQuerySchema,
} from '../../../common/schemas/product';
import {
  brandListSchema,
  brandParamsSchema,
  brandSummarySchema,
  finderFacetsSchema,
  suggestionsQuerySchema,
  suggestionsSchema,
  type Suggestions,
} from '../../../common/schemas/search';
import { DEFAULT_LANG, type LangCode } from '../../../common/i18n';
import { AppError } from '../../errors';
import { downloadResponse } from '../../plugins/openapi';
import { PUBLIC_POLICY } from '../../plugins/cache-policy';
import { actorOf } from '../audit/audit-details';
import { EXPORT_CONTENT_TYPES, exportedProductSchema } from './catalogue-export';
import type { CatalogueAdminService } from './catalogue.service';
import { PRODUCT_GONE_MESSAGE, PRODUCT_MISSING_MESSAGE, type FinderService } from './finder.service';
import { apiSchemas } from '../../../common/schemas/registry';

/**
 * The address the admin's page was served from: the Origin a browser sends with every write (the CSRF check has
 * already accepted it as ours), else the address this request came to.
 */
function siteOrigin(request: FastifyRequest): string {
  return request.headers.origin ?? `${request.protocol}://${request.host}`;
}

/** The finder's public routes (`finder`) and the admin's product routes (`admin`). */
export const catalogueRoutes: FastifyPluginAsyncZod<{
  finder: FinderService;
  admin: CatalogueAdminService;
  /** Guides whose title matches the search (issue 43), for the suggestions; a failure leaves them out. */
  guideSuggestions?: (text: string, lang: LangCode) => Promise<Suggestions['guides']>;
}> = async (app, { finder, admin, guideSuggestions }) => {
  app.get(
    '/api/products',
    {
      config: { publicCache: PUBLIC_POLICY },
      schema: {
        tags: ['catalogue'],
        summary: "One page of the finder's listing, filtered, searched and sorted on the server",
        description:
          "Recommended is the visitor's shuffled order (the same seed gives the same order), ranked by relevance while searching (title before brand before description). Following nextCursor never repeats or skips an item in any order. A first page with no items carries `rescue`: a corrected search and the filters to drop, each with its count.",
        querystring: finderQuerySchema,
        response: { 200: productPageSchema, 400: errorSchema },
      },
    },
    async (request) => finder.listFinderPage(request.query),
  );

  app.get(
    '/api/products/facets',
    {
      config: { publicCache: PUBLIC_POLICY },
      schema: {
        tags: ['catalogue'],
        summary: 'How many products each category, gender and brand would give with the current search and filters',
        description:
          "Each facet's counts leave its own filter out; Men and Women count Unisex products too. Also the price range of the matches.",
        querystring: finderFacetQuerySchema,
        response: { 200: finderFacetsSchema, 400: errorSchema },
      },
    },
    async (request) => finder.facets(request.query),
  );

  app.get(
    '/api/search/suggestions',
    {
      config: { publicCache: PUBLIC_POLICY },
      schema: {
        tags: ['catalogue'],
        summary: 'Suggestions under the search box: the best matching products, brands, categories and guides',
        description: 'Products are listed once a typed word has 3 letters; brands and categories from the first letter.',
        querystring: suggestionsQuerySchema,
        response: { 200: suggestionsSchema, 400: errorSchema },
      },
    },
    async (request) => {
      const { q, lang } = request.query;
      const [found, guides] = await Promise.all([
        finder.suggestions(q, lang),
        guideSuggestions?.(q, lang ?? DEFAULT_LANG).catch((err: unknown) => {
          request.log.warn({ err }, 'the guides could not be matched for the suggestions');
          return [];
        }),
      ]);
      return { ...found, guides: guides ?? [] };
    },
  );

  app.get(
    '/api/brands',
    {
      config: { publicCache: PUBLIC_POLICY },
      schema: {
        tags: ['catalogue'],
        summary: 'Every brand with its number of products, most products first',
        response: { 200: brandListSchema },
      },
    },
    async () => ({ items: await finder.brands() }),
  );

  app.get(
    '/api/brands/:slug',
    {
      config: { publicCache: PUBLIC_POLICY },
      schema: {
        tags: ['catalogue'],
        summary: 'One brand by its slug (/brands/<slug>), with its number of products',
        params: brandParamsSchema,
        response: { 200: brandSummarySchema, 400: errorSchema, 404: errorSchema },
      },
    },
    async (request) => {
      const brand = await finder.brand(request.params.slug);
      if (!brand) throw new AppError('NOT_FOUND', 'No product has this brand.');
      return brand;
    },
  );

  app.get(
    '/api/products/:number',
    {
      config: { publicCache: PUBLIC_POLICY },
      schema: {
        tags: ['catalogue'],
        summary: "A product's page: the product, up to 8 related products, its other colours and other sellers of the same photo",
        description:
          'By the number at the end of its address. A deleted product answers 410 and a number never used 404, each with products to offer instead.',
        params: productNumberParamsSchema,
        querystring: productQuerySchema,
        response: { 200: productDetailSchema, 400: errorSchema, 404: productMissingSchema, 410: productMissingSchema },
      },
    },
    async (request, reply) => {
      const found = await finder.productPage(request.params.number, request.query.lang);
      if (found.status === 'found')
        return {
          product: found.product,
          related: found.related,
          colours: found.colours,
          qcPhotos: found.qcPhotos,
          sameItem: found.sameItem,
          sameItemTotal: found.sameItemTotal,
          priceHistory: found.priceHistory,
        };
      const gone = found.status === 'gone';
      const statusCode = gone ? 410 : 404;
      return reply.status(statusCode).send({
        statusCode,
        code: gone ? 'GONE' : 'NOT_FOUND',
        message: gone ? PRODUCT_GONE_MESSAGE : PRODUCT_MISSING_MESSAGE,
        category: gone ? found.category : null,
        similar: found.similar,
      });
    },
  );

  app.get(
    '/api/admin/products',
    app.guard('admin', {
      schema: {
        tags: ['admin'],
        summary: 'A page of the admin product list, sorted by row, with the number of matches',
        querystring: adminProductQuerySchema,
        response: { 200: adminProductPageSchema },
      },
      // The same page for every admin: kept until the catalogue next changes (response-cache.ts).
      config: { keptBehindGuard: true },
    }),
    async (request) => admin.listAdminPage(request.query),
  );

  app.get(
    '/api/admin/products/export',
    app.guard('admin', {
      schema: {
        tags: ['admin'],
        summary: "The catalogue, or the products matching the admin list's filters, as a CSV, XLSX or JSON download (streamed)",
        description:
          'Columns: id, sourceId (the id in the system the product was imported from), title, price, category, gender, brand, description, ' +
          'isBestProduct, link, image, the title and description in each other language (title_de, description_de … title_pt_br …; ' +
          'empty where there is none), number, row, createdAt, updatedAt. Importing the file again changes nothing: rows match by id, else by sourceId.',
        querystring: productExportQuerySchema,
        response: {
          200: downloadResponse('The file, in the format asked for (CSV by default)', Object.values(EXPORT_CONTENT_TYPES), {
            'application/json': z.array(exportedProductSchema),
          }),
        },
      },
    }),
    async (request, reply) => {
      const file = admin.exportFile(request.query);
      return reply
        .type(file.contentType)
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .header('cache-control', 'no-store')
        .send(file.stream as never);
    },
  );

  app.get(
    '/api/admin/products/link-matches',
    app.guard('admin', {
      schema: {
        tags: ['admin'],
        summary: 'Other items with this buy link (the item form warns before a second item points at the same store page)',
        querystring: linkMatchesQuerySchema,
        response: { 200: linkMatchesSchema },
      },
    }),
    async (request) => admin.linkMatches(request.query.link, request.query.excludeId),
  );

  app.post(
    '/api/admin/products/bulk',
    app.guard('admin', {
      schema: {
        tags: ['admin'],
        summary:
          'Sets category, gender, best, price (or raises or lowers it by a percentage), brand or description on, replaces text in the titles of, or deletes, the ticked items or every item matching the filters; one change that can be undone',
        description: 'With { filter, expectedCount }, 409 when the filters now match another number of items. Recorded in the audit log.',
        body: bulkEditBodySchema,
        response: { 200: bulkEditResultSchema, 409: errorSchema },
      },
    }),
    async (request) => admin.bulkEdit(actorOf(request), request.body),
  );

  app.post(
    '/api/admin/products/bulk/preview',
    app.guard('admin', {
      schema: {
        tags: ['admin'],
        summary:
          'What a bulk action would change: the count and the first changes (a title find-and-replace shows its results); changes nothing',
        body: bulkEditBodySchema,
        response: { 200: bulkEditPreviewSchema },
      },
    }),
    async (request) => admin.bulkPreview(request.body),
  );

  app.post(
    '/api/admin/products/changes/:id/undo',
    app.guard('admin', {
      schema: {
        tags: ['admin'],
        summary: 'Undoes a bulk item change: every item gets back what it had (items changed since are left as they are)',
        params: idParamsSchema,
        response: { 200: undoResultSchema, 404: errorSchema, 409: errorSchema },
      },
    }),
    async (request) => admin.undoBulkEdit(actorOf(request), request.params.id),
  );

  app.post(
    '/api/admin/products',
    app.guard('admin', {
      schema: {
        tags: ['admin'],
        summary: 'Adds a product at the end of the list; recorded in the audit log',
        body: productInputSchema,
        response: { 201: adminProductSchema },
      },
    }),
    async (request, reply) => reply.status(201).send(await admin.create(actorOf(request), request.body, siteOrigin(request))),
  );

  app.put(
    '/api/admin/products/:id',
    app.guard('admin', {
      schema: {
        tags: ['admin'],
        summary: 'Replaces every field of a product; the fields that changed are recorded in the audit log',
        params: idParamsSchema,
        body: productInputSchema,
        response: { 200: adminProductSchema, 404: errorSchema },
      },
    }),
    async (request) => admin.update(actorOf(request), request.params.id, request.body, siteOrigin(request)),
  );

  app.delete(
    '/api/admin/products/:id',
    app.guard('admin', {
      schema: {
        tags: ['admin'],
        summary: 'Deletes a product; what it was is recorded in the audit log',
        params: idParamsSchema,
        response: { 200: z.object({ id: z.string() }).register(apiSchemas, { id: 'Deleted' }), 404: errorSchema },
      },
    }),
    async (request) => {
      await admin.delete(actorOf(request), request.params.id);
      return { id: request.params.id };
    },
  );
};
