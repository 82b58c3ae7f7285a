import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { INLINE_BUSY_LABEL, MESSAGES } from './import-boundaries.js';

const ROOT = path.resolve(import.meta.dirname, '..');
const eslint = new ESLint({ cwd: ROOT });

/** Lints `code` as if it were the file at `file` (relative to the root), with the project's own config. */
async function boundaryErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId === 'finder/import-boundaries' || m.ruleId === 'no-restricted-imports')
    .map((m) => m.message);
}

const NODE_IN_WEB = 'The web runs in the browser: no Node modules.';
const NODE_IN_COMMON = 'common/ runs in both places: no Node or DOM libraries.';
const SERVER_ONLY = 'A server-only package: the server uses it and hands the result over through the API.';

/** Small fixture files, each breaking one boundary, with the error lint must give. */
const BROKEN: { name: string; file: string; code: string; error: string }[] = [
  {
    name: 'web imports server',
    file: 'web/lib/x.ts',
    code: "import { buildApp } from '../../server/app';\nvoid buildApp;\n",
    error: MESSAGES.webImportsServer,
  },
  {
    name: 'a feature imports server',
    file: 'web/features/catalogue/components/x.tsx',
    code: "export { AppError } from '../../../../server/errors';\n",
    error: MESSAGES.webImportsServer,
  },
  { name: 'web imports a Node module', file: 'web/lib/x.ts', code: "import fs from 'node:fs';\nvoid fs;\n", error: NODE_IN_WEB },
  {
    name: 'common imports server',
    file: 'common/x.ts',
    code: "import { AppError } from '../server/errors';\nvoid AppError;\n",
    error: MESSAGES.commonImportsSide,
  },
  {
    name: 'common imports web',
    file: 'common/schemas/x.ts',
    code: "import { api } from '../../web/lib/api-client';\nvoid api;\n",
    error: MESSAGES.commonImportsSide,
  },
  { name: 'common imports React', file: 'common/x.ts', code: "import { useState } from 'react';\nvoid useState;\n", error: NODE_IN_COMMON },
  { name: 'common imports a Node module', file: 'common/x.ts', code: "import path from 'node:path';\nvoid path;\n", error: NODE_IN_COMMON },
  {
    name: 'server imports web',
    file: 'server/modules/pages/x.ts',
    code: "import { App } from '../../../web/app/app';\nvoid App;\n",
    error: MESSAGES.serverImportsWeb,
  },
  {
    name: 'a feature imports a sibling feature (../items/x)',
    file: 'web/features/catalogue/x.ts',
    code: "import { x } from '../items/x';\nvoid x;\n",
    error: MESSAGES.featureImportsFeature,
  },
  {
    name: "a feature's component imports another feature (../../items/x)",
    file: 'web/features/catalogue/components/x.tsx',
    code: "import { x } from '../../items/api/x';\nvoid x;\n",
    error: MESSAGES.featureImportsFeature,
  },
  {
    name: 'one admin area imports another (items takes the image picker from images)',
    file: 'web/features/items/components/x.tsx',
    code: "import { ImagePicker } from '../../images/components/image-picker';\nvoid ImagePicker;\n",
    error: MESSAGES.featureImportsFeature,
  },
  {
    name: 'a feature imports the app that composes it',
    file: 'web/features/items/components/x.tsx',
    code: "import { AdminTabs } from '../../../app/admin/admin-tabs';\nvoid AdminTabs;\n",
    error: MESSAGES.featureImportsApp,
  },
  {
    name: 'shared lib imports a feature',
    file: 'web/lib/admin/x.ts',
    code: "import { useImages } from '../../features/images/api/get-images';\nvoid useImages;\n",
    error: MESSAGES.sharedImportsFeature,
  },
  {
    name: 'a shared component imports a feature lazily',
    file: 'web/components/ui/x.tsx',
    code: "export const load = () => import('../../features/users/components/users-tab');\n",
    error: MESSAGES.sharedImportsFeature,
  },
  {
    name: 'a shared component imports the app',
    file: 'web/components/x.tsx',
    code: "import { AdminTabs } from '../app/admin/admin-tabs';\nvoid AdminTabs;\n",
    error: MESSAGES.sharedImportsFeature,
  },
  {
    name: 'a feature imports another through web/features',
    file: 'web/features/catalogue/hooks/x.ts',
    code: "import { x } from '../../../features/product/x';\nvoid x;\n",
    error: MESSAGES.featureImportsFeature,
  },
  {
    name: 'a feature loads another lazily',
    file: 'web/features/catalogue/x.ts',
    code: "export const load = () => import('../account/account-page');\n",
    error: MESSAGES.featureImportsFeature,
  },
  { name: 'web imports a Node module without node:', file: 'web/lib/x.ts', code: "import fs from 'fs';\nvoid fs;\n", error: NODE_IN_WEB },
  {
    name: 'web imports a Node submodule without node:',
    file: 'web/features/finder/x.ts',
    code: "import { readFile } from 'fs/promises';\nvoid readFile;\n",
    error: NODE_IN_WEB,
  },
  {
    name: 'common imports a Node module without node:',
    file: 'common/x.ts',
    code: "import pg from 'path';\nvoid pg;\n",
    error: NODE_IN_COMMON,
  },
  { name: 'web imports the database driver', file: 'web/lib/x.ts', code: "import pg from 'pg';\nvoid pg;\n", error: SERVER_ONLY },
  {
    name: 'common imports drizzle',
    file: 'common/schemas/x.ts',
    code: "import { sql } from 'drizzle-orm';\nvoid sql;\n",
    error: SERVER_ONLY,
  },
  { name: 'web imports fastify', file: 'web/app/x.tsx', code: "import Fastify from 'fastify';\nvoid Fastify;\n", error: SERVER_ONLY },
  {
    name: 'the router file imports a Fastify plugin',
    file: 'web/lib/router.tsx',
    code: "import cookie from '@fastify/cookie';\nvoid cookie;\n",
    error: SERVER_ONLY,
  },
  {
    name: 'common imports scripts/',
    file: 'common/x.ts',
    code: "import { seed } from '../scripts/seed-large-catalogue';\nvoid seed;\n",
    error: MESSAGES.appImportsScripts,
  },
  {
    name: 'the server imports scripts/',
    file: 'server/modules/catalogue/x.ts',
    code: "import { seed } from '../../../scripts/seed-large-catalogue';\nvoid seed;\n",
    error: MESSAGES.appImportsScripts,
  },
  {
    name: 'a repo imports a service',
    file: 'server/modules/imports/imports.repo.ts',
    code: "import { createChangesService } from '../changes/changes.service';\nvoid createChangesService;\n",
    error: MESSAGES.repoImportsService,
  },
  {
    name: 'a route imports the database client',
    file: 'server/modules/catalogue/catalogue.routes.ts',
    code: "import { openDatabase } from '../../db/client';\nvoid openDatabase;\n",
    error: MESSAGES.routeImportsDatabase,
  },
  {
    name: 'the settings import a feature',
    file: 'server/config.ts',
    code: "import { marketplaceBasesFrom } from './modules/link-health/marketplace-rules';\nvoid marketplaceBasesFrom;\n",
    error: MESSAGES.settingsImportFeature,
  },
  {
    name: 'the database layer imports the settings',
    file: 'server/db/client.ts',
    code: "import { loadConfig } from '../config';\nvoid loadConfig;\n",
    error: MESSAGES.databaseImportsSettings,
  },
  {
    name: 'a feature loads another through a template literal',
    file: 'web/features/catalogue/x.ts',
    code: "const name = 'account';\nexport const load = () => import(`../${name}/account-page`);\n",
    error: MESSAGES.importNotPlain,
  },
  {
    name: 'the web loads a module by a computed name',
    file: 'web/lib/x.ts',
    code: "const where = '../features/items/x';\nexport const load = () => import(where);\n",
    error: MESSAGES.importNotPlain,
  },
  {
    name: 'the server pieces a relative path together',
    file: 'server/modules/pages/x.ts',
    code: "const page = 'app';\nexport const load = () => import(`../../../web/app/${page}`);\n",
    error: MESSAGES.importNotPlain,
  },
  {
    name: 'a template literal without a variable is judged as its string',
    file: 'web/features/catalogue/x.ts',
    code: 'export const load = () => import(`../account/account-page`);\n',
    error: MESSAGES.featureImportsFeature,
  },
  {
    name: 'a feature imports a texts file of the old style (common/<area>-texts)',
    file: 'web/features/items/components/x.tsx',
    code: "import { ITEM_TEXTS } from '../../../../common/item-texts';\nvoid ITEM_TEXTS;\n",
    error: MESSAGES.textsOutsideHome,
  },
  {
    name: 'the server imports texts kept in a *-texts file of common/',
    file: 'server/modules/requests/x.ts',
    code: "import { REQUEST_TEXTS } from '../../../common/requests-texts';\nvoid REQUEST_TEXTS;\n",
    error: MESSAGES.textsOutsideHome,
  },
  {
    name: 'a component imports texts from a *-texts file beside it',
    file: 'web/features/items/components/x.tsx',
    code: "import { TEXTS } from './bulk-texts';\nvoid TEXTS;\n",
    error: MESSAGES.textsOutsideHome,
  },
];

/** The same places importing what they may: no boundary error (so the rules above are not simply always on). */
const ALLOWED: { name: string; file: string; code: string }[] = [
  { name: 'web imports common', file: 'web/lib/x.ts', code: "import { PAGE_SIZE } from '../../common/constants';\nvoid PAGE_SIZE;\n" },
  {
    name: 'server imports common',
    file: 'server/modules/pages/x.ts',
    code: "import { PAGE_SIZE } from '../../../common/constants';\nvoid PAGE_SIZE;\n",
  },
  { name: 'server imports a Node module', file: 'server/x.ts', code: "import fs from 'node:fs';\nvoid fs;\n" },
  {
    name: 'a feature imports its own parts and shared components',
    file: 'web/features/catalogue/components/x.tsx',
    code: "import { a } from '../api/get-products';\nimport { b } from '../../../components/ui/spinner';\nimport { c } from '../../../lib/api-client';\nvoid a; void b; void c;\n",
  },
  { name: 'the app composes features', file: 'web/app/x.tsx', code: "import { x } from '../features/items/x';\nvoid x;\n" },
  {
    name: 'the admin page passes one area into another',
    file: 'web/app/admin/x.tsx',
    code: "import { ImagePicker } from '../../features/images/components/image-picker';\nimport { ItemsTab } from '../../features/items/components/items-tab';\nvoid ImagePicker; void ItemsTab;\n",
  },
  {
    name: 'an admin area uses the shared admin code',
    file: 'web/features/items/components/x.tsx',
    code: "import { invalidateCatalogue } from '../../../lib/admin/keys';\nimport { Spinner } from '../../../components/ui/spinner';\nvoid invalidateCatalogue; void Spinner;\n",
  },
  {
    name: 'shared code uses shared code',
    file: 'web/lib/admin/x.ts',
    code: "import { apiGet } from '../api-client';\nimport { Spinner } from '../../components/ui/spinner';\nvoid apiGet; void Spinner;\n",
  },
  {
    name: 'the web imports its own constants module (not the Node module of that name)',
    file: 'web/lib/x.ts',
    code: "import { PAGE_SIZE } from '../../common/constants';\nimport { x } from './events';\nvoid PAGE_SIZE; void x;\n",
  },
  {
    name: 'a service imports its repo',
    file: 'server/modules/catalogue/catalogue.service.ts',
    code: "import { createCatalogueRepo } from './catalogue.repo';\nvoid createCatalogueRepo;\n",
  },
  {
    name: 'a route imports its service',
    file: 'server/modules/catalogue/catalogue.routes.ts',
    code: "import { x } from './catalogue.service';\nvoid x;\n",
  },
  {
    name: 'the server loads its built renderer by a computed address',
    file: 'server/modules/pages/x.ts',
    code: "const entry = new URL('file:///x.js');\nexport const load = () => import(entry.href);\n",
  },
  {
    name: "an area's texts from their home",
    file: 'web/features/requests/components/x.tsx',
    code: "import { REQUEST_TEXTS } from '../../../../common/texts/requests';\nvoid REQUEST_TEXTS;\n",
  },
  {
    name: "the mail module's own texts (the server's mails, never on screen)",
    file: 'server/modules/auth/x.ts',
    code: "import { passwordResetMail } from '../mail/mail-texts';\nvoid passwordResetMail;\n",
  },
  {
    name: "the test renderer's listed exception",
    file: 'server/test/front-end.ts',
    code: "import { render } from '../../web/entry-server';\nvoid render;\n",
  },
];

describe('lint enforces the import boundaries', () => {
  it.each(BROKEN)('$name: $file is refused', async ({ file, code, error }) => {
    // no-restricted-imports puts the import's name before the message: one error, saying the rule's words.
    const errors = await boundaryErrors(file, code);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain(error);
  });

  it.each(ALLOWED)('$name: $file passes', async ({ file, code }) => {
    expect(await boundaryErrors(file, code)).toEqual([]);
  });
});

/** The messages of eslint.config.js's no-restricted-syntax for `code` linted as the file at `file`. */
async function syntaxErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.message);
}

/** Decision 0070: a web component takes its busy label from common/texts/, never as a string of its own. */
const INLINE_LABELS: { name: string; file: string; code: string }[] = [
  {
    name: 'a busy label as a string',
    file: 'web/features/items/components/x.tsx',
    code: "export const label = (busy: boolean) => (busy ? 'Saving...' : 'Save');\n",
  },
  { name: 'a busy label as JSX text', file: 'web/components/ui/x.tsx', code: 'export const X = () => <p>Loading...</p>;\n' },
  {
    name: 'a busy label as an attribute',
    file: 'web/features/imports/components/x.tsx',
    code: 'export const X = () => <button aria-label="Undoing...">x</button>;\n',
  },
  { name: 'a busy label in a template', file: 'web/lib/x.ts', code: 'export const label = (what: string) => `Removing ${what}...`;\n' },
];

describe('lint keeps busy labels in common/texts', () => {
  it.each(INLINE_LABELS)('$name: $file is refused', async ({ file, code }) => {
    expect(await syntaxErrors(file, code)).toEqual([INLINE_BUSY_LABEL]);
  });

  it('passes the label from common/texts, and a web test that names the words', async () => {
    const fromTexts =
      "import { COMMON_TEXTS } from '../../../../common/texts/common';\nexport const label = (busy: boolean) => (busy ? COMMON_TEXTS.saving : 'Save');\n";
    expect(await syntaxErrors('web/features/items/components/x.tsx', fromTexts)).toEqual([]);
    expect(await syntaxErrors('web/features/items/components/x.test.tsx', "export const shown = 'Saving...';\n")).toEqual([]);
  });
});
