import fs from 'node:fs';
import path from 'node:path';
import type { Writable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { IMMUTABLE_CACHE_CONTROL } from '../../../common/constants';
import type { InitialData } from '../../../common/page-data';
import type { SiteConfig } from '../../../common/schemas/site';
import { EMBEDDABLE_PICTURE_CORP } from '../../plugins/security-headers';
import type { RuntimeLang } from '../../../common/i18n';
import type { Messages } from '@lingui/core';

/** The build's public pictures at the root that other sites may show: the site's link-preview picture. */
const EMBEDDABLE_ROOT_FILES = new Set(['share.png']);

/** A page's markup inside #root, and the compiled messages its render read (web/entry-server.tsx's RenderedPage). */
export type RenderedPage = { html: string; messages: Messages };

/** What web/entry-server.tsx exports: the page's markup inside #root, whole (the pages the response cache keeps). */
export type RenderPage = (url: string, lang: RuntimeLang, data: InitialData, site: SiteConfig) => Promise<RenderedPage>;

/** What a streamed render tells the server (web/entry-server.tsx's StreamTarget). */
export type StreamTarget = {
  onShell(result: { pipe: (destination: Writable) => void; messages: () => Messages } | { error: unknown }): void;
  onError(error: unknown): void;
};

/** What web/entry-server.tsx exports: the page's markup inside #root, streamed as React makes it. */
export type RenderPageStream = (url: string, lang: RuntimeLang, data: InitialData, site: SiteConfig, target: StreamTarget) => Promise<void>;

/**
 * The web side as the server sees it: built files in production (loadBuiltFrontEnd), Vite's dev server in
 * development (scripts/dev-front-end.ts). The server never imports web/ itself.
 */
export type FrontEnd = {
  render: RenderPage;
  renderStream: RenderPageStream;
  /** index.html with its placeholders, for this address. */
  template(url: string): Promise<string>;
  /** <link> tags for the stylesheets and chunks of on-demand modules a rendered page used. */
  assetTags(modules: string[]): string;
  /** <link rel="prefetch"> tags for modules a page will probably need next (the product page, from the finder). */
  prefetchTags(modules: string[]): string;
  /** Serves the front end's own files (scripts, styles, icons). */
  register(app: FastifyInstance): Promise<void>;
};

type ManifestChunk = { file: string; css?: string[]; imports?: string[]; isEntry?: boolean };
type Manifest = Record<string, ManifestChunk>;
/** The styles of each chunk's later parts (first-view-chunks.ts writes it): by chunk file, the stylesheets' files. */
type LaterCss = Record<string, string[]>;

/**
 * A stylesheet put into the page, and a disabled link to its file: a browser fetches no disabled stylesheet, and
 * Vite's loader of on-demand chunks, which adds a chunk's stylesheets as links unless a link to them is there already,
 * then leaves them alone (adding them again made the browser restyle and lay out the whole page while it hydrated).
 */
export function inlinedStyle(file: string, css: string): string {
  return `<style>${css}</style><link rel="stylesheet" href="/${file}" disabled>`;
}

/** A chunk's stylesheets: its own and its later parts' (whose code comes after the first view, but not their styles). */
const stylesOf = (chunk: ManifestChunk, laterCss: LaterCss) => [...(chunk.css ?? []), ...(laterCss[chunk.file] ?? [])];

/** Every chunk a module needs (itself and what it imports, depth first), each once. */
function chunksOf(manifest: Manifest, key: string, seen = new Set<string>()): ManifestChunk[] {
  const chunk = manifest[key];
  if (!chunk || seen.has(key)) return [];
  seen.add(key);
  return [chunk, ...(chunk.imports ?? []).flatMap((k) => chunksOf(manifest, k, seen))];
}

/**
 * Tags for on-demand modules, without what the entry already brings (index.html has those): their chunks as
 * modulepreload (or prefetch) links, their stylesheets inlined when `inlineCss` reads them (else linked).
 */
export function manifestTags(
  manifest: Manifest,
  modules: string[],
  rel: 'modulepreload' | 'prefetch',
  inlineCss?: (file: string) => string,
  laterCss: LaterCss = {},
): string {
  const entryKey = Object.keys(manifest).find((k) => manifest[k]?.isEntry);
  const inEntry = new Set(entryKey ? chunksOf(manifest, entryKey).flatMap((c) => [c.file, ...stylesOf(c, laterCss)]) : []);
  const css = new Set<string>();
  const js = new Set<string>();
  for (const module of modules) {
    for (const chunk of chunksOf(manifest, module)) {
      if (!inEntry.has(chunk.file)) js.add(chunk.file);
      for (const file of stylesOf(chunk, laterCss)) if (!inEntry.has(file)) css.add(file);
    }
  }
  if (rel === 'prefetch') return [...css, ...js].map((f) => `<link rel="prefetch" href="/${f}">`).join('');
  const styles = [...css].map((f) => (inlineCss ? inlinedStyle(f, inlineCss(f)) : `<link rel="stylesheet" href="/${f}">`));
  return [...styles, ...[...js].map((f) => `<link rel="modulepreload" href="/${f}">`)].join('');
}

/**
 * The production front end: dist/web (index.html, hashed assets, the build manifest) and dist/server (the server
 * entry). null when the site has not been built.
 */
export async function loadBuiltFrontEnd(distDir: string): Promise<FrontEnd | null> {
  const webDist = path.join(distDir, 'web');
  const templatePath = path.join(webDist, 'index.html');
  const manifestPath = path.join(webDist, '.vite', 'manifest.json');
  const entryPath = path.join(distDir, 'server', 'entry-server.js');
  if (![templatePath, manifestPath, entryPath].every((p) => fs.existsSync(p))) return null;
  const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as Manifest;
  // The storefront pages' modules are in their views' chunks, which the manifest keys by file (first-view-chunks.ts).
  const pageChunksPath = path.join(webDist, '.vite', 'page-chunks.json');
  if (fs.existsSync(pageChunksPath)) {
    for (const [module, chunkKey] of Object.entries(JSON.parse(fs.readFileSync(pageChunksPath, 'utf8')) as Record<string, string>)) {
      const chunk = manifest[chunkKey];
      if (chunk && !manifest[module]) manifest[module] = chunk;
    }
  }
  const laterCssPath = path.join(webDist, '.vite', 'later-css.json');
  const laterCss = fs.existsSync(laterCssPath) ? (JSON.parse(fs.readFileSync(laterCssPath, 'utf8')) as LaterCss) : {};
  // Stylesheets go into the page itself: a phone paints the server's HTML without waiting for another request.
  const styles = new Map<string, string>();
  const inlineCss = (file: string) => {
    let css = styles.get(file);
    if (css === undefined) {
      css = fs.readFileSync(path.join(webDist, file), 'utf8').replace(/<\/style/gi, '<\\/style');
      styles.set(file, css);
    }
    return css;
  };
  // The entry's later parts (the top bar's menu, the footer) are on every page: their styles go with the entry's.
  const entryKey = Object.keys(manifest).find((k) => manifest[k]?.isEntry);
  const entryChunks = entryKey ? chunksOf(manifest, entryKey) : [];
  const entryCss = new Set(entryChunks.flatMap((c) => c.css ?? []));
  const entryLaterCss = [...new Set(entryChunks.flatMap((c) => laterCss[c.file] ?? []))].filter((file) => !entryCss.has(file));
  const template = fs
    .readFileSync(templatePath, 'utf8')
    .replace(/<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/g, (_, file: string) => inlinedStyle(file, inlineCss(file)))
    .replace('</head>', () => `${entryLaterCss.map((file) => inlinedStyle(file, inlineCss(file))).join('')}</head>`)
    // The entry's own imports, preloaded beside it (the build leaves module preloading to the server: vite.config.ts).
    .replace(/(<script type="module"[^>]*src="\/(assets\/[^"]+\.js)"[^>]*><\/script>)/, (tag: string, _script: string, entryFile: string) =>
      [tag, ...entryChunks.filter((c) => c.file !== entryFile).map((c) => `<link rel="modulepreload" href="/${c.file}">`)].join(''),
    );
  // The build renders with React's production build (it loads React from node_modules, which picks its build by
  // NODE_ENV when first loaded): the development one checks every element and renders several times slower.
  process.env.NODE_ENV ??= 'production';
  const { render, renderStream } = (await import(pathToFileURL(entryPath).href)) as {
    render: RenderPage;
    renderStream: RenderPageStream;
  };
  return {
    render,
    renderStream,
    template: async () => template,
    assetTags: (modules) => manifestTags(manifest, modules, 'modulepreload', inlineCss, laterCss),
    prefetchTags: (modules) => manifestTags(manifest, modules, 'prefetch'),
    async register(app) {
      await app.register(fastifyStatic, {
        root: webDist,
        prefix: '/',
        index: false,
        wildcard: false,
        preCompressed: true,
        // index.html is the template: pages are rendered, never served as the raw file.
        globIgnore: ['index.html', 'index.html.gz', 'index.html.br'],
        setHeaders(reply, filePath) {
          reply.header(
            'cache-control',
            filePath.includes(`${path.sep}assets${path.sep}`) ? IMMUTABLE_CACHE_CONTROL : 'public, max-age=3600',
          );
          if (path.resolve(path.dirname(filePath)) === path.resolve(webDist) && EMBEDDABLE_ROOT_FILES.has(path.basename(filePath))) {
            reply.header('cross-origin-resource-policy', EMBEDDABLE_PICTURE_CORP);
          }
        },
      });
    },
  };
}
