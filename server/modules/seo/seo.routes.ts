import type { FastifyPluginAsync } from 'fastify';
import { AppError } from '../../errors';
import { siteOrigin } from '../pages/pages.routes';
import { LANGUAGES } from '../../../common/i18n';
import { pagesSitemapPath, productsSitemapFile, SITEMAP_INDEX_PATH, SITEMAPS_PREFIX, type SeoService } from './seo.service';

/** Crawlers read these a few times a day; an hour of caching is plenty. */
const CACHE = 'public, max-age=3600';

export const seoRoutes: FastifyPluginAsync<{ service: SeoService; publicUrl: string | undefined }> = async (
  app,
  { service, publicUrl },
) => {
  const hidden = { schema: { hide: true } };

  app.get('/robots.txt', hidden, async (request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', CACHE)
      .send(service.robots(siteOrigin(request, publicUrl))),
  );

  app.get(SITEMAP_INDEX_PATH, hidden, async (request, reply) =>
    reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', CACHE)
      .send(await service.index(siteOrigin(request, publicUrl))),
  );

  for (const { code } of LANGUAGES) {
    app.get(pagesSitemapPath(code), hidden, async (request, reply) =>
      reply
        .type('application/xml; charset=utf-8')
        .header('cache-control', CACHE)
        .send(await service.pages(siteOrigin(request, publicUrl), code)),
    );
  }

  app.get<{ Params: { file: string } }>(`${SITEMAPS_PREFIX}/:file`, hidden, async (request, reply) => {
    const file = productsSitemapFile(request.params.file);
    const body = file ? await service.products(siteOrigin(request, publicUrl), file.n, file.lang) : null;
    if (body === null) throw new AppError('NOT_FOUND', 'There is no such sitemap.');
    return reply.type('application/xml; charset=utf-8').header('cache-control', CACHE).send(body);
  });
};
