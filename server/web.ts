import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { GOOGLE_CALLBACK_PATH, IMMUTABLE_CACHE_CONTROL } from '../common/constants';
import type { SiteConfig } from '../common/schemas/site';
import type { Config } from './config';

const SITE_CONFIG_PLACEHOLDER = '<!--site-config-->';

/** The public settings the storefront gets (inlined into index.html and at /api/site). */
export function publicSiteConfig(
  config: Pick<Config, 'discountCode' | 'communityUrl' | 'referralUrl' | 'contactEmail' | 'google' | 'publicUrl'>,
): SiteConfig {
  return {
    discountCode: config.discountCode,
    communityUrl: config.communityUrl,
    referralUrl: config.referralUrl,
    contactEmail: config.contactEmail,
    googleSignIn: config.google !== undefined,
    googleRedirectUri: config.publicUrl ? `${config.publicUrl}${GOOGLE_CALLBACK_PATH}` : null,
  };
}

/** JSON inside <script type="application/json">: escape '<' so no value can close the tag. */
export function siteConfigScript(site: SiteConfig): string {
  const json = JSON.stringify(site).replace(/</g, '\\u003c');
  return `<script type="application/json" id="site-config">${json}</script>`;
}

/**
 * Serves the built front end on the API's origin: hashed assets with a year of cache,
 * index.html (with the public settings inlined) for every other page the router knows.
 */
export async function registerWeb(
  app: FastifyInstance,
  webDist: string,
  site: SiteConfig,
): Promise<((reply: FastifyReply) => FastifyReply) | null> {
  const indexPath = path.join(webDist, 'index.html');
  if (!fs.existsSync(indexPath)) return null;
  const indexHtml = fs.readFileSync(indexPath, 'utf8').replace(SITE_CONFIG_PLACEHOLDER, siteConfigScript(site));

  await app.register(fastifyStatic, {
    root: webDist,
    prefix: '/',
    index: false,
    wildcard: false,
    preCompressed: true,
    setHeaders(reply, filePath) {
      reply.header(
        'cache-control',
        filePath.includes(`${path.sep}assets${path.sep}`) ? IMMUTABLE_CACHE_CONTROL : 'public, max-age=3600',
      );
    },
  });

  const sendIndex = (reply: FastifyReply) =>
    reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(indexHtml);
  app.get('/', { schema: { hide: true } }, (_request, reply) => sendIndex(reply));
  return sendIndex;
}

export function isPageRequest(method: string, url: string): boolean {
  return (
    (method === 'GET' || method === 'HEAD') &&
    !url.startsWith('/api/') &&
    url !== '/api' &&
    !url.startsWith('/media/') &&
    !url.startsWith('/assets/')
  );
}
