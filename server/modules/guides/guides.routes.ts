import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminGuideListSchema,
  adminGuideSchema,
  guideChangeParamsSchema,
  guideCreateSchema,
  guideDeletedSchema,
  guideInputSchema,
  guidePreviewInputSchema,
  guideRevisionListSchema,
  guideRevisionParamsSchema,
  guideSavedSchema,
  guideUndoneSchema,
} from '../../../common/schemas/guide';
import { guideArticleSchema, guideListSchema, guidePreviewSchema } from '../../../common/schemas/guide-page';
import { langQueryField } from '../../../common/schemas/lang';
import { errorSchema } from '../../../common/schemas/error';
import { idParamsSchema } from '../../../common/schemas/fields';
import { productNumberParamsSchema } from '../../../common/schemas/product';
import { DEFAULT_LANG } from '../../../common/i18n';
import { GUIDE_SLUG_PATTERN } from '../../../common/schemas/guide';
import { AppError } from '../../errors';
import { PUBLIC_POLICY } from '../../plugins/cache-policy';
import { actorOf } from '../audit/audit-details';
import { siteOrigin } from '../pages/pages.routes';
import type { GuidesService } from './guides.service';
import { guidesFeed, guidesSitemap, GUIDES_SITEMAP_PATH } from './guides-feed';
import { LANGUAGES, languageBase } from '../../../common/i18n';
import { GUIDES_ATOM_PATH, GUIDES_RSS_PATH } from '../../../common/guides';

/** The guides' sitemap file (listed in the sitemap index, server/modules/seo). */
export { GUIDES_SITEMAP_PATH };
/** Feed readers look a few times an hour; the cache drops the copy at any change anyway. */
const FEED_CACHE = 'public, max-age=900';

const publicQuery = z.object({
  lang: langQueryField,
  topic: z.string().max(100).regex(GUIDE_SLUG_PATTERN, 'topic must be a topic\u2019s address part').optional(),
});
const articleParams = z.object({ slug: z.string().max(200) });

/** Guides (issue 43): the dashboard's editor (admins only) and the public answers the pages are made of. */
export const guidesRoutes: FastifyPluginAsyncZod<{ service: GuidesService; publicUrl: string | undefined }> = async (
  app,
  { service, publicUrl },
) => {
  app.get(
    '/api/admin/guides',
    app.guard('admin', {
      schema: { tags: ['admin'], summary: 'Every guide in every language, last changed first', response: { 200: adminGuideListSchema } },
    }),
    async () => ({ items: await service.list() }),
  );

  app.get(
    '/api/admin/guides/:id',
    app.guard('admin', {
      schema: {
        tags: ['admin'],
        summary: 'A guide with its Markdown and its language versions',
        params: idParamsSchema,
        response: { 200: adminGuideSchema, 404: errorSchema },
      },
    }),
    async (request) => service.get(request.params.id),
  );

  app.post(
    '/api/admin/guides',
    app.guard('admin', {
      schema: {
        tags: ['admin'],
        summary:
          'Adds a guide, or a language version of one (versionOf); keeps its first revision; recorded in the audit log. ' +
          'A scheduled guide is published by the guide-publish job at publishAt',
        body: guideCreateSchema,
        response: { 201: guideSavedSchema, 404: errorSchema, 409: errorSchema },
      },
    }),
    async (request, reply) => reply.status(201).send(await service.create(actorOf(request), request.body)),
  );

  app.put(
    '/api/admin/guides/:id',
    app.guard('admin', {
      schema: {
        tags: ['admin'],
        summary:
          'Saves a guide (the editor\u2019s saves and autosaves); each save that changes something keeps a revision and is ' +
          'recorded in the audit log; a new slug keeps the old one answering 301',
        params: idParamsSchema,
        body: guideInputSchema,
        response: { 200: guideSavedSchema, 404: errorSchema, 409: errorSchema },
      },
    }),
    async (request) => service.update(actorOf(request), request.params.id, request.body),
  );

  app.delete(
    '/api/admin/guides/:id',
    app.guard('admin', {
      schema: {
        tags: ['admin'],
        summary: 'Deletes a guide\u2019s language version; its revisions stay, and Undo brings it back; recorded in the audit log',
        params: idParamsSchema,
        response: { 200: guideDeletedSchema, 404: errorSchema },
      },
    }),
    async (request) => service.remove(actorOf(request), request.params.id),
  );

  app.get(
    '/api/admin/guides/:id/revisions',
    app.guard('admin', {
      schema: {
        tags: ['admin'],
        summary: 'A guide\u2019s revisions, newest first (one per save)',
        params: idParamsSchema,
        response: { 200: guideRevisionListSchema, 404: errorSchema },
      },
    }),
    async (request) => ({ items: await service.revisions(request.params.id) }),
  );

  app.post(
    '/api/admin/guides/:id/revisions/:revisionId/restore',
    app.guard('admin', {
      schema: {
        tags: ['admin'],
        summary:
          'Puts a revision\u2019s content back (title, slug, text, cover, topic, tags, author; the status stays) as a new ' +
          'revision; recorded in the audit log and undoable',
        params: guideRevisionParamsSchema,
        response: { 200: guideSavedSchema, 404: errorSchema, 409: errorSchema },
      },
    }),
    async (request) => service.restore(actorOf(request), request.params.id, request.params.revisionId),
  );

  app.post(
    '/api/admin/guides/changes/:revisionId/undo',
    app.guard('admin', {
      schema: {
        tags: ['admin'],
        summary:
          'Takes back the change that wrote this revision while it is the guide\u2019s latest: a new guide is removed, a ' +
          'deleted one comes back, an edit is put back as it was; recorded in the audit log',
        params: guideChangeParamsSchema,
        response: { 200: guideUndoneSchema, 404: errorSchema, 409: errorSchema },
      },
    }),
    async (request) => service.undo(actorOf(request), request.params.revisionId),
  );

  app.post(
    '/api/admin/guides/preview',
    app.guard('admin', {
      schema: {
        tags: ['admin'],
        summary: 'The editor\u2019s preview: the Markdown rendered by the public page\u2019s code, product cards included',
        body: guidePreviewInputSchema,
        response: { 200: guidePreviewSchema },
      },
    }),
    async (request) => service.preview(request.body.body, request.body.lang, [siteOrigin(request, publicUrl)]),
  );

  app.get(
    '/api/guides',
    {
      config: { publicCache: PUBLIC_POLICY },
      schema: {
        tags: ['guides'],
        summary: 'The published guides of a language, newest first; with topic, those of one topic',
        querystring: publicQuery,
        response: { 200: guideListSchema },
      },
    },
    async (request) => ({ items: await service.published(request.query.lang ?? DEFAULT_LANG, request.query.topic) }),
  );

  app.get(
    '/api/guides/featuring/:number',
    {
      config: { publicCache: PUBLIC_POLICY },
      schema: {
        tags: ['guides'],
        summary: 'The published guides of a language that show this product\u2019s card (its page\u2019s \u201cIn these guides\u201d)',
        params: productNumberParamsSchema,
        querystring: publicQuery.pick({ lang: true }),
        response: { 200: guideListSchema, 400: errorSchema },
      },
    },
    async (request) => ({ items: await service.featuring(request.params.number, request.query.lang ?? DEFAULT_LANG) }),
  );

  app.get(
    '/api/guides/:slug',
    {
      config: { publicCache: PUBLIC_POLICY },
      schema: {
        tags: ['guides'],
        summary: 'A published guide, rendered; 404 for a draft, a scheduled guide before its time, or an unknown slug',
        params: articleParams,
        querystring: publicQuery.pick({ lang: true }),
        response: { 200: guideArticleSchema, 404: errorSchema },
      },
    },
    async (request) => {
      const found = await service.article(request.query.lang ?? DEFAULT_LANG, request.params.slug, [siteOrigin(request, publicUrl)]);
      // An old slug's API answer names nothing: the page's address answers 301.
      if (!found || found.status !== 'found') throw new AppError('NOT_FOUND', 'There is no such guide.');
      return found.article;
    },
  );

  // The feeds of each language (/guides/feed.xml, /de/guides/atom.xml …), and the guides' sitemap file.
  for (const { code } of LANGUAGES) {
    const base = languageBase(code);
    app.get(`${base}${GUIDES_RSS_PATH}`, { schema: { hide: true } }, async (request, reply) =>
      reply
        .type('application/rss+xml; charset=utf-8')
        .header('cache-control', FEED_CACHE)
        .send((await guidesFeed(service, siteOrigin(request, publicUrl), code)).rss2()),
    );
    app.get(`${base}${GUIDES_ATOM_PATH}`, { schema: { hide: true } }, async (request, reply) =>
      reply
        .type('application/atom+xml; charset=utf-8')
        .header('cache-control', FEED_CACHE)
        .send((await guidesFeed(service, siteOrigin(request, publicUrl), code)).atom1()),
    );
  }
  app.get(GUIDES_SITEMAP_PATH, { schema: { hide: true } }, async (request, reply) =>
    reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(await guidesSitemap(service, siteOrigin(request, publicUrl))),
  );
};
