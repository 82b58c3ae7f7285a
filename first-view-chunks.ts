import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * How the storefront's JavaScript is cut into files (issue 38, decision 0080), for the browser build.
 *
 * Rolldown's automatic splitting makes a chunk of its own of every set of modules that the same set of entries and
 * on-demand imports reach; modules the entry already loads are split out again when a page's chunk imports them too.
 * A first view then loaded 20-odd files, a dozen of them a few hundred bytes, and each file costs its own imports,
 * exports and compression window (about 4 kB gzip in all). Here the files follow what a visit loads:
 *
 * - `react`: React and React DOM, the largest part and the one that changes least between our releases;
 * - `shell`: everything the entry (web/main.tsx) imports, directly or not: the app's frame, TanStack Query, the router;
 * - `storefront`: what two or more of the storefront's pages import beyond the shell (the price, the heart, BUY);
 * - `<page>-view`: the storefront page's module with what it alone imports beyond those (one file, not two: each file
 *   costs its own imports, exports and compression window). The build manifest names no chunk for a module inside a
 *   group, so the build writes `.vite/page-chunks.json` beside it: each such page's module (as the manifest keys
 *   modules) → its group's manifest key;
 * - then the later parts' chunks (web/lib/hydrate-later.tsx) and every other page's, as Rolldown makes them.
 *
 * A later part's code comes after the first view, but its styles must not: the server puts them in the page with the
 * page's own, or the part's markup would be painted unstyled and then move. The build writes, beside the manifest,
 * `.vite/later-css.json`: for each chunk, the stylesheets of the later parts its modules declare (`laterPart(() =>
 * import('./x'))`) and of what those import.
 */
const REACT = /node_modules[\\/](react|react-dom|scheduler)[\\/]/;
const LIBRARY = /[\\/]node_modules[\\/]/;
/** Stylesheets stay with the chunks of the modules that import them (the groups are for code). */
const STYLE = /\.css($|\?)/;
const ENTRY = /[\\/]web[\\/]main\.tsx$/;
/** The pages a visitor lands on from a search engine or a shared link (a brand's page is the finder's, with a heading). */
const STOREFRONT_PAGES = [
  /[\\/]web[\\/]features[\\/]finder[\\/]finder-page\.tsx$/,
  /[\\/]web[\\/]features[\\/]product[\\/]product-page\.tsx$/,
];

type Graph = { importedIds: readonly string[]; dynamicImporters: readonly string[] } | null;

/** Every module `root` imports statically, directly or not (what loads with it), itself included. */
function staticClosure(root: string, info: (id: string) => Graph): Set<string> {
  const seen = new Set<string>([root]);
  const stack = [root];
  for (let id = stack.pop(); id !== undefined; id = stack.pop()) {
    for (const next of info(id)?.importedIds ?? []) {
      if (!seen.has(next)) {
        seen.add(next);
        stack.push(next);
      }
    }
  }
  return seen;
}

/** The group of a storefront page's own modules, by its file name: finder-page.tsx → finder-view. */
function viewName(page: string): string {
  return `${(page.split(/[\\/]/).pop() ?? page).replace(/(-page)?\.tsx$/, '')}-view`;
}

/** A later part's declaration: laterPart(() => import('./module')…). */
const LATER_PART = /laterPart(?:<[^>]*>)?\(\s*\(\)\s*=>\s*import\(\s*['"]([^'"]+)['"]\s*\)/g;

/** Where the server finds each chunk's later parts' styles (server/modules/pages/front-end.ts reads it). */
export const LATER_CSS_FILE = '.vite/later-css.json';
/** Where the server finds the chunk of a storefront page's module, which its view's group holds. */
export const PAGE_CHUNKS_FILE = '.vite/page-chunks.json';

type OutputChunk = { type: 'chunk'; fileName: string; moduleIds: string[]; imports: string[]; dynamicImports: string[] };
type CssOf = (chunk: OutputChunk) => readonly string[];

export function firstViewChunks(): Plugin {
  /** The modules that are later parts (absolute ids). */
  const laterParts = new Set<string>();
  const shell = new Set<string>();
  /** Module → the group it goes in: 'storefront' or a page's view. */
  const groups = new Map<string, string>();
  return {
    name: 'finder-first-view-chunks',
    apply: 'build',
    async transform(code, id) {
      if (this.environment.config.consumer !== 'client' || !code.includes('laterPart')) return null;
      for (const [, specifier] of code.matchAll(LATER_PART)) {
        const resolved = specifier ? await this.resolve(specifier, id) : null;
        if (resolved) laterParts.add(resolved.id);
      }
      return null;
    },
    generateBundle(_options, bundle) {
      if (this.environment.config.consumer !== 'client') return;
      const chunks = new Map<string, OutputChunk>();
      for (const file of Object.values(bundle)) if (file.type === 'chunk') chunks.set(file.fileName, file as unknown as OutputChunk);
      const cssOf: CssOf = (chunk) => [...((chunk as { viteMetadata?: { importedCss: Set<string> } }).viteMetadata?.importedCss ?? [])];
      /** A chunk's styles and those of every chunk it imports statically. */
      const staticCss = (fileName: string, seen = new Set<string>()): string[] => {
        const chunk = chunks.get(fileName);
        if (!chunk || seen.has(fileName)) return [];
        seen.add(fileName);
        return [...cssOf(chunk), ...chunk.imports.flatMap((next) => staticCss(next, seen))];
      };
      const laterCss: Record<string, string[]> = {};
      for (const chunk of chunks.values()) {
        const css = new Set<string>();
        for (const target of chunk.dynamicImports) {
          const part = chunks.get(target);
          // The chunk that holds a later part's module (it may hold others beside it).
          if (part?.moduleIds.some((id) => laterParts.has(id))) for (const file of staticCss(target)) css.add(file);
        }
        if (css.size > 0) laterCss[chunk.fileName] = [...css];
      }
      this.emitFile({ type: 'asset', fileName: LATER_CSS_FILE, source: JSON.stringify(laterCss, null, 1) });
      // As Vite's manifest keys them: a module by its path from the root (web/), a chunk of no module of its own by
      // its file's name after an underscore.
      const root = this.environment.config.root;
      const pageChunks: Record<string, string> = {};
      for (const chunk of chunks.values()) {
        for (const id of chunk.moduleIds) {
          if (STOREFRONT_PAGES.some((p) => p.test(id)) && groups.has(id)) {
            pageChunks[path.relative(root, id).split(path.sep).join('/')] = `_${path.basename(chunk.fileName)}`;
          }
        }
      }
      this.emitFile({ type: 'asset', fileName: PAGE_CHUNKS_FILE, source: JSON.stringify(pageChunks, null, 1) });
    },
    buildEnd() {
      if (this.environment.config.consumer !== 'client') return;
      const ids = [...this.getModuleIds()];
      const info = (id: string) => this.getModuleInfo(id);
      const entry = ids.find((id) => ENTRY.test(id));
      if (!entry) return;
      for (const id of staticClosure(entry, info)) shell.add(id);
      const reached = new Map<string, string[]>();
      for (const page of ids.filter((id) => STOREFRONT_PAGES.some((p) => p.test(id)))) {
        for (const id of staticClosure(page, info)) {
          // A module loaded on demand (a later part, another page) keeps a chunk of its own; the page joins its view.
          if (shell.has(id) || LIBRARY.test(id) || STYLE.test(id) || (id !== page && (info(id)?.dynamicImporters.length ?? 0) > 0))
            continue;
          reached.set(id, [...(reached.get(id) ?? []), page]);
        }
      }
      for (const [id, pages] of reached) groups.set(id, pages.length >= 2 ? 'storefront' : viewName(pages[0] ?? ''));
    },
    outputOptions(options) {
      return {
        ...options,
        codeSplitting: {
          groups: [
            // A group takes its modules' imports along; a group of a higher priority takes its modules first.
            { name: 'react', test: REACT, priority: 4 },
            // Our modules only: a library's entry names every part of it (TanStack Query's useMutation beside useQuery),
            // and the libraries' modules the shell does not use are left to Rolldown, which knows which it uses.
            { name: 'shell', test: (id: string) => shell.has(id) && !ENTRY.test(id) && !LIBRARY.test(id) && !STYLE.test(id), priority: 3 },
            { name: 'storefront', test: (id: string) => groups.get(id) === 'storefront', priority: 2 },
            {
              // A page's own group is named after the page; the bundler's timing report wants one label for them all.
              debugName: 'page-views',
              name: (id: string) => groups.get(id) ?? null,
              test: (id: string) => groups.has(id) && groups.get(id) !== 'storefront',
              priority: 1,
            },
          ],
        },
      };
    },
  };
}
