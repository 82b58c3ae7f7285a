import type { IncomingHttpHeaders } from 'node:http';
import { PassThrough, Transform, type Writable } from 'node:stream';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { MAX_SHUFFLE_SEED, SHUFFLE_SEED_COOKIE } from '../../../common/constants';
import { INITIAL_DATA_ID, PAGE_MESSAGES_ID } from '../../../common/page-data';
import type { Messages } from '@lingui/core';
import { PAGE_MODULES } from '../../../common/page-modules';
import { LEGAL_PAGES, matchPage, STATIC_PAGES, TOOL_PAGES, type PageMatch } from '../../../common/pages';
import { sharedSeedAt } from '../../../common/shuffle-seeds';
import { language, LANGUAGES, languageBase, splitLanguage, type LangCode } from '../../../common/i18n';
import { withLanguage } from '../../i18n';
import type { SiteConfig } from '../../../common/schemas/site';
import type { Auth } from '../auth/auth';
import { authHeaders } from '../auth/auth';
import { isPageRequest, siteConfigScript } from '../../web';
import type { FrontEnd } from './front-end';
import { renderHead, scriptJson } from './head';
import { PUBLIC_POLICY, STATIC_POLICY, type CachePolicy } from '../../plugins/cache-policy';
import { serverDay, type PagePlan, type PagesService } from './pages.service';

/** Seconds a crawler is asked to wait before trying a page again when the database did not answer. */
const RETRY_AFTER_S = 30;
/** Where the page's markup goes in the template. */
const APP_HTML = '<!--app-html-->';
const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?finder\.session_token=/;
/** A phone, by the client hint Chromium sends unasked or the user agent's "Mobi" (Android phones, iPhone). */
const PHONE_UA = /Mobi|iPhone|iPod/;

export type PagesOptions = {
  frontEnd: FrontEnd;
  service: PagesService;
  site: SiteConfig;
  auth: Auth;
  publicUrl: string | undefined;
};

export type PageHandler = (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply>;

/** The site's address: PUBLIC_URL, or the scheme and host the request came to (through a trusted proxy's headers). */
export function siteOrigin(request: FastifyRequest, publicUrl: string | undefined): string {
  return publicUrl ?? `${request.protocol}://${request.host}`;
}

/**
 * Puts each part in place of its placeholder, once, in one pass. Never String.replace with a string: a visitor's
 * "$`" or "$'" (in a search, say) would paste copies of the template into the page.
 */
export function fillTemplate(template: string, parts: Record<string, string>): string {
  const pattern = new RegExp(
    Object.keys(parts)
      .map((k) => k.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('|'),
    'g',
  );
  const filled = new Set<string>();
  return template.replace(pattern, (placeholder) => {
    if (filled.has(placeholder)) return placeholder;
    filled.add(placeholder);
    return parts[placeholder] ?? placeholder;
  });
}

const SEED_IN_COOKIE = new RegExp(`(?:^|;\\s*)${SHUFFLE_SEED_COOKIE}=(\\d{1,10})(?:;|$)`);

/** The seed the browser keeps in its session cookie, when it is a valid one. */
function seedFrom(headers: IncomingHttpHeaders): number | undefined {
  const match = SEED_IN_COOKIE.exec(headers.cookie ?? '');
  const seed = match ? Number(match[1]) : NaN;
  return Number.isInteger(seed) && seed >= 0 && seed <= MAX_SHUFFLE_SEED ? seed : undefined;
}

/**
 * The visitor's seed, or for a visitor without one the shared seed of the moment (decisions 0029, 0046): every
 * seedless request in the same stretch of the day gets the same page and ETag, so a CDN revalidates it with 304s. The
 * browser keeps the seed its page was rendered with, and its next requests carry it.
 */
function visitorSeed(headers: IncomingHttpHeaders): number {
  return seedFrom(headers) ?? sharedSeedAt(new Date());
}

function isPhone(headers: IncomingHttpHeaders): boolean {
  return headers['sec-ch-ua-mobile'] === '?1' || PHONE_UA.test(headers['user-agent'] ?? '');
}

/**
 * Pages that are the same for every visitor (no session, no account) may be kept and shared: the finder, product
 * pages and the legal texts. The login screen, Home, Account and the dashboard depend on the session.
 */
function sharedPolicy(match: PageMatch): CachePolicy | null {
  if (match.page === 'finder' || match.page === 'brand' || match.page === 'product') return PUBLIC_POLICY;
  if (match.page === 'guides' || match.page === 'guide-topic' || match.page === 'guide') return PUBLIC_POLICY;
  // The link converter carries the agents and their promotions: kept like the finder, never past a promotion's end.
  if ((TOOL_PAGES as readonly string[]).includes(match.page)) return PUBLIC_POLICY;
  return (LEGAL_PAGES as readonly string[]).includes(match.page) ? STATIC_POLICY : null;
}

/** What a page request is rendered from besides the catalogue; worked out once per request. */
type PageContext = {
  origin: string;
  phone: boolean;
  seed: number;
  /** The page's language (issue 41): `/de/…` is German; the path and query inside it is `pageUrl`. */
  lang: LangCode;
  pageUrl: string;
  match: PageMatch;
  cacheKey: string;
};
const contexts = new WeakMap<FastifyRequest, PageContext>();

function pageContext(request: FastifyRequest, publicUrl: string | undefined): PageContext {
  const known = contexts.get(request);
  if (known) return known;
  const origin = siteOrigin(request, publicUrl);
  const phone = isPhone(request.headers);
  // A visitor without a seed gets a shared one, so their page may come from the cache.
  const seed = visitorSeed(request.headers);
  const { lang, pageUrl } = splitPageUrl(request.url);
  const match = matchPage(new URL(pageUrl, 'http://finder.invalid').pathname);
  const context = { origin, phone, seed, lang, pageUrl, match, cacheKey: pageKey(origin, phone, seed, match, request.url) };
  contexts.set(request, context);
  return context;
}

/**
 * The compiled messages a page's render read, in its language, for the browser to hydrate with (decision 0090): the
 * language's catalogue follows after the first view. Nothing for an English page that read only plain sentences.
 */
function messagesScript(messages: Messages, rendered: boolean): string {
  if (!rendered || Object.keys(messages).length === 0) return '';
  return `<script type="application/json" id="${PAGE_MESSAGES_ID}">${scriptJson(messages)}</script>`;
}

/** A request's path and query split into its language and the page's own path and query (`/de/x?y` → de, `/x?y`). */
export function splitPageUrl(url: string): { lang: LangCode; pageUrl: string } {
  const q = url.indexOf('?');
  const pathname = q < 0 ? url : url.slice(0, q);
  const { lang, path } = splitLanguage(pathname);
  return { lang, pageUrl: lang === 'en' ? url : `${path}${q < 0 ? '' : url.slice(q)}` };
}

/**
 * What a page's answer depends on: the address, the site's origin, the device's page size, the server's day and
 * (the finder and brand pages only) the order.
 */
function pageKey(origin: string, phone: boolean, seed: number, match: PageMatch, url: string): string {
  const order = match.page === 'finder' || match.page === 'brand' ? String(seed) : '-';
  return `page ${origin} ${phone ? 'phone' : 'wide'} ${serverDay()} ${order} ${url}`;
}

/**
 * The same key from the request's headers alone, for the response cache to answer a page before Fastify routes it
 * (response-cache.ts, answerFromMemory): only with PUBLIC_URL set, since otherwise the origin comes from the
 * request's (proxy's) headers as Fastify reads them.
 */
function earlyPageKey(publicUrl: string | undefined) {
  if (publicUrl === undefined) return undefined;
  return (request: FastifyRequest) => {
    const { match } = pageContext(request, publicUrl);
    // The whole address, language included: each language's page is kept apart.
    const url = request.url;
    return (headers: IncomingHttpHeaders) => pageKey(publicUrl, isPhone(headers), visitorSeed(headers), match, url);
  };
}

/**
 * Every public page, rendered on the server by the web's own components (web/entry-server.tsx) and hydrated in the
 * browser: the finder, product pages, legal and account pages, and any other address (404, the login screen; the
 * app's not-found handler sends page requests here).
 */
export function createPageHandler({ frontEnd, service, site, auth, publicUrl }: PagesOptions): PageHandler {
  const siteScript = siteConfigScript(site);

  async function signedIn(request: FastifyRequest): Promise<boolean> {
    if (!SESSION_COOKIE.test(request.headers.cookie ?? '')) return false;
    try {
      return Boolean(await auth.api.getSession({ headers: authHeaders(request), query: { disableRefresh: true } }));
    } catch (err) {
      request.log.warn({ err }, 'session lookup failed while rendering a page');
      return false;
    }
  }

  /** The template around the page's markup: everything before #root's content and everything after it. */
  function frame(request: FastifyRequest, plan: Extract<PagePlan, { kind: 'page' }>, origin: string, template: string, rendered: boolean) {
    const { lang } = pageContext(request, publicUrl);
    const assets = rendered ? frontEnd.assetTags([PAGE_MODULES[plan.page]]) : '';
    const prefetch = frontEnd.prefetchTags(plan.prefetch.map((name) => PAGE_MODULES[name]));
    const dataScript = rendered ? `<script type="application/json" id="${INITIAL_DATA_ID}">${scriptJson(plan.data)}</script>` : '';
    const parts = {
      '<!--app-head-->': `${renderHead(origin, plan.head, pageContext(request, publicUrl).lang)}\n    ${prefetch}`,
      '<!--site-config-->': siteScript,
      '<!--app-data-->': dataScript,
    };
    const { dir } = language(lang);
    const localized = template.replace('<html lang="en">', () => `<html lang="${lang}" dir="${dir}">`);
    const at = localized.indexOf(APP_HTML);
    // The page's styles after the entry's (the end of the head): a feature's rules override the site's base rules of
    // the same weight, as when the browser loads a page's styles itself on the way to it.
    const head = fillTemplate(localized.slice(0, at), parts);
    const headEnd = head.lastIndexOf('</head>');
    return {
      before: headEnd < 0 ? head + assets : `${head.slice(0, headEnd)}${assets}${head.slice(headEnd)}`,
      after: fillTemplate(localized.slice(at + APP_HTML.length), parts),
    };
  }

  function headers(request: FastifyRequest, reply: FastifyReply, plan: Extract<PagePlan, { kind: 'page' }>, status: number) {
    if (status === 503) reply.header('retry-after', String(RETRY_AFTER_S));
    request.server.responseCache.expireAt(request, plan.validUntil ?? null);
    // The finder's first page holds 4 products on phones and 6 elsewhere. A shared cache may hand either to anyone
    // (and a page in another visitor's shared order: the browser keeps the seed it was rendered with), so only the
    // phone hint splits it; the Cookie and User-Agent would split it per visitor (decision 0030).
    if (plan.data.finder) reply.header('vary', 'Sec-CH-UA-Mobile');
    return reply
      .status(status)
      .header('cache-control', plan.cacheControl ?? 'no-cache')
      .type('text/html; charset=utf-8');
  }

  /**
   * A page the response cache keeps (no cacheControl of its own: the route's public policy): rendered whole, since
   * its ETag is the hash of the whole body and a crowd is answered from the kept copy.
   */
  async function sendWhole(request: FastifyRequest, reply: FastifyReply, plan: Extract<PagePlan, { kind: 'page' }>, origin: string) {
    const template = await frontEnd.template(request.url);
    let status: number = plan.status;
    let rootHtml = '';
    let messages: Messages = {};
    try {
      ({ html: rootHtml, messages } = await frontEnd.render(request.url, pageContext(request, publicUrl).lang, plan.data, site));
    } catch (err) {
      // The browser renders the page itself from an empty root: the visitor still gets a working page.
      request.log.error({ err, url: request.url }, 'server rendering failed');
      status = 500;
    }
    const { before, after } = frame(request, plan, origin, template, status !== 500);
    return headers(request, reply, plan, status).send(before + rootHtml + messagesScript(messages, status !== 500) + after);
  }

  /**
   * A page nobody keeps (Home, Account, sign-in, the dashboard, the not-found page): the head and React's markup
   * leave as they are made, so the browser fetches the page's code while the rest is rendered.
   */
  async function sendStream(request: FastifyRequest, reply: FastifyReply, plan: Extract<PagePlan, { kind: 'page' }>, origin: string) {
    const template = await frontEnd.template(request.url);
    const shell = await new Promise<{ pipe: (destination: Writable) => void; messages: () => Messages } | null>((resolve) => {
      frontEnd
        .renderStream(request.url, pageContext(request, publicUrl).lang, plan.data, site, {
          onShell(result) {
            if ('pipe' in result) return resolve(result);
            request.log.error({ err: result.error, url: request.url }, 'server rendering failed');
            resolve(null);
          },
          onError(err) {
            // React sends that part's fallback; the browser renders it itself.
            request.log.error({ err, url: request.url }, 'server rendering failed inside a boundary');
          },
        })
        .catch((err: unknown) => {
          request.log.error({ err, url: request.url }, 'server rendering failed');
          resolve(null);
        });
    });
    if (!shell) {
      const { before, after } = frame(request, plan, origin, template, false);
      return headers(request, reply, plan, 500).send(before + after);
    }
    const { before, after } = frame(request, plan, origin, template, true);
    const body = new PassThrough();
    body.write(before);
    // React ends what it pipes into: the rest of the template follows its last chunk.
    const markup = new Transform({
      transform: (chunk: Buffer, _encoding, callback) => callback(null, chunk),
      flush(callback) {
        // The messages the render read are known once it has ended.
        callback(null, messagesScript(shell.messages(), true) + after);
      },
    });
    markup.pipe(body);
    shell.pipe(markup);
    return headers(request, reply, plan, plan.status).send(body);
  }

  function send(request: FastifyRequest, reply: FastifyReply, plan: Extract<PagePlan, { kind: 'page' }>, origin: string) {
    return plan.cacheControl ? sendStream(request, reply, plan, origin) : sendWhole(request, reply, plan, origin);
  }

  async function renderPage(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    const { origin, phone, seed, lang, pageUrl } = pageContext(request, publicUrl);
    // The page's texts (titles, descriptions) in its language; its addresses inside the language's base.
    const plan = await withLanguage(lang, () =>
      service.plan({ url: pageUrl, lang, origin, phone, seed, signedIn: () => signedIn(request) }),
    );
    if (plan.kind === 'redirect') {
      // Asked again each time: a product renamed back must not meet a browser's stored redirect (a loop).
      const location = plan.location.startsWith('/') ? `${languageBase(lang)}${plan.location}` : plan.location;
      return reply.header('cache-control', plan.status === 302 ? 'private, no-cache' : 'no-cache').redirect(location, plan.status);
    }
    return send(request, reply, plan, origin);
  }
  return renderPage;
}

/**
 * The pages' own addresses, and every other address a browser may open (the not-found page). The finder, product
 * and legal pages are the same for every visitor with the same page context: the response cache keeps and shares
 * them.
 */
export const pagesRoutes: FastifyPluginAsync<{ handler: PageHandler; publicUrl: string | undefined }> = async (
  app,
  { handler, publicUrl },
) => {
  const paths = [
    '/',
    '/index.html',
    '/products',
    '/products/:ref',
    '/brands/:slug',
    '/guides',
    '/guides/topic/:topic',
    '/guides/:slug',
    ...STATIC_PAGES.map((p) => `/${p}`),
  ];
  // Each language's copy of them (issue 41): `/de`, `/de/products/:ref`…
  const bases = LANGUAGES.map((l) => languageBase(l.code)).filter(Boolean);
  const localized = bases.flatMap((base) => [base, ...paths.map((p) => `${base}${p}`)]);
  for (const path of [...paths, ...localized]) {
    const pagePath = splitLanguage(path).path;
    const policy = sharedPolicy(matchPage(pagePath.replace(':ref', 'item-1').replace(':slug', 'brand').replace(':topic', 'topic')));
    const config = policy
      ? {
          publicCache: policy,
          cacheKey: (request: FastifyRequest) => pageContext(request, publicUrl).cacheKey,
          earlyCacheKey: earlyPageKey(publicUrl),
        }
      : {};
    app.get(path, { schema: { hide: true }, config }, handler);
  }
  // Any other page address (the login screen, 404) through a route, not the app's not-found handler: a route gets
  // what every route gets, compression above all (route hooks never run for the not-found handler, so its 35 KB page
  // went out uncompressed). An unknown API, media or asset address still gets the not-found handler's JSON.
  app.get('/*', { schema: { hide: true } }, async (request, reply) =>
    isPageRequest(request.method, request.url) ? handler(request, reply) : reply.callNotFound(),
  );
};
