// The folders are the architecture (ARCHITECTURE.md): imports flow web -> common <- server; inside the web, the app
// composes features, features use the shared code (web/components, web/lib) and never each other, and the shared
// code uses neither. Relative imports are resolved against the importing file before they are judged, so every
// spelling of a path (../items/x, ../../items/x, ../../features/items/x) meets the same rule.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Files allowed across a boundary, each with its reason. */
const EXCEPTIONS = new Map([
  ['server/test/front-end.ts', 'renders pages from web/ sources in tests (production loads the built entry instead)'],
]);

export const MESSAGES = {
  commonImportsSide: 'common/ is shared: it imports neither server/ nor web/.',
  webImportsServer: 'The web may import common/, never server/.',
  serverImportsWeb: 'The server may import common/, never web/.',
  featureImportsFeature: 'Features never import each other; share through web/components or web/lib, or let web/app pass one into another.',
  featureImportsApp: 'Features never import web/app: the app composes them.',
  sharedImportsFeature: 'Shared code (web/components, web/lib) imports neither a feature nor web/app.',
};

const toPosix = (p) => p.split(path.sep).join('/');
const under = (file, dir) => file === dir || file.startsWith(`${dir}/`);
const featureOf = (file) => (under(file, 'web/features') ? file.split('/')[2] : undefined);
const shared = (file) => under(file, 'web/components') || under(file, 'web/lib');

/** The broken rule's message id for an import of `target` from `file` (both relative to the root), or null. */
export function boundaryBroken(file, target) {
  if (EXCEPTIONS.has(file)) return null;
  if (under(file, 'common') && (under(target, 'server') || under(target, 'web'))) return 'commonImportsSide';
  if (under(file, 'web') && under(target, 'server')) return 'webImportsServer';
  if (under(file, 'server') && under(target, 'web')) return 'serverImportsWeb';
  const from = featureOf(file);
  const to = featureOf(target);
  if (from && to && from !== to) return 'featureImportsFeature';
  if (from && under(target, 'web/app')) return 'featureImportsApp';
  if (shared(file) && (to || under(target, 'web/app'))) return 'sharedImportsFeature';
  return null;
}

export default {
  meta: { name: 'finder-boundaries' },
  rules: {
    'import-boundaries': {
      meta: { type: 'problem', messages: MESSAGES, schema: [] },
      create(context) {
        const file = toPosix(path.relative(ROOT, context.filename));
        const check = (source) => {
          if (!source || typeof source.value !== 'string' || !source.value.startsWith('.')) return;
          const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), source.value));
          const messageId = boundaryBroken(file, target);
          if (messageId) context.report({ node: source, messageId });
        };
        return {
          ImportDeclaration: (node) => check(node.source),
          ExportNamedDeclaration: (node) => check(node.source),
          ExportAllDeclaration: (node) => check(node.source),
          ImportExpression: (node) => check(node.source),
        };
      },
    },
  },
};
