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
  appImportsScripts: 'scripts/ are tools run beside the app: common/, web/ and server/ never import them.',
  repoImportsService: 'A repo reads and writes its tables; it never imports a service (services call repos, not back).',
  routeImportsDatabase: 'Routes reach the database through their service; they never import server/db/client.',
  settingsImportFeature:
    "server/config.ts declares the settings' shapes: it imports no feature (server/modules); a feature turns its settings into its own.",
  databaseImportsSettings: 'The database layer owns its numbers and types (server/db/types.ts): it never imports server/config.',
  importNotPlain: 'import() takes one plain string, so where it points can be judged (and bundled).',
  textsOutsideHome: 'On-screen texts live in common/texts/<area>.ts (decision 0070), not in a *-texts file of their own.',
};

/** eslint.config.js's no-restricted-syntax message for a string ending in '...' in web/ (not a rule of this plugin). */
export const INLINE_BUSY_LABEL =
  "A busy label comes from common/texts/ (COMMON_TEXTS, or its area's file; decision 0070), not a string in the component.";

const toPosix = (p) => p.split(path.sep).join('/');
const under = (file, dir) => file === dir || file.startsWith(`${dir}/`);
const featureOf = (file) => (under(file, 'web/features') ? file.split('/')[2] : undefined);
const shared = (file) => under(file, 'web/components') || under(file, 'web/lib');

/** The broken rule's message id for an import of `target` from `file` (both relative to the root), or null. */
export function boundaryBroken(file, target) {
  if (EXCEPTIONS.has(file)) return null;
  if ((under(file, 'common') || under(file, 'web') || under(file, 'server')) && under(target, 'scripts')) return 'appImportsScripts';
  if (under(file, 'server') && /\.repo\.ts$/.test(file) && /\.service(\.ts)?$/.test(target)) return 'repoImportsService';
  if (under(file, 'server') && /\.routes\.ts$/.test(file) && /^server\/db\/client(\.ts)?$/.test(target)) return 'routeImportsDatabase';
  if (/^server\/config(\.ts)?$/.test(file) && under(target, 'server/modules')) return 'settingsImportFeature';
  if (under(file, 'server/db') && /^server\/config(\.ts)?$/.test(target)) return 'databaseImportsSettings';
  if (under(file, 'common') && (under(target, 'server') || under(target, 'web'))) return 'commonImportsSide';
  if ((under(target, 'common') || under(target, 'web')) && /-texts(\.tsx?)?$/.test(target)) return 'textsOutsideHome';
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
          if (source?.type === 'TemplateLiteral' && source.expressions.length === 0)
            source = { ...source, value: source.quasis[0]?.value.cooked };
          if (!source || typeof source.value !== 'string' || !source.value.startsWith('.')) return;
          const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), source.value));
          const messageId = boundaryBroken(file, target);
          if (messageId) context.report({ node: source, messageId });
        };
        return {
          ImportDeclaration: (node) => check(node.source),
          ExportNamedDeclaration: (node) => check(node.source),
          ExportAllDeclaration: (node) => check(node.source),
          ImportExpression: (node) => {
            // A path put together at run time cannot be judged: web/ and common/ take plain strings only, and nowhere
            // is a relative path pieced together (the server loads its built page renderer by a computed address).
            const source = node.source;
            const plain = source.type === 'Literal' || (source.type === 'TemplateLiteral' && source.expressions.length === 0);
            const piecedRelative =
              source.type === 'TemplateLiteral' && source.expressions.length > 0 && /^\.|^$/.test(source.quasis[0]?.value.cooked ?? '');
            if (piecedRelative || (!plain && (under(file, 'web') || under(file, 'common'))))
              context.report({ node: source, messageId: 'importNotPlain' });
            else check(node.source);
          },
        };
      },
    },
  },
};
