// The translation files (issue 41, decision 0090), with Lingui's own extractor and compiler:
//   npm run i18n          extracts the messages into locales/{language}/{catalogue}.po and compiles each into a .ts
//                         module beside it (what the site loads);
//   npm run i18n -- --check  changes nothing and fails when a message of the source is missing from a PO file, a PO
//                         file holds a message the source no longer has, a storefront message has no translation in
//                         a language, or a compiled module is not what its PO file compiles to.
// A compiled module leaves out the messages that read as their own id (an English sentence without placeholders):
// Lingui's runtime answers a message it does not hold with its id, so the English pages load almost nothing.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { getConfig } from '@lingui/conf';
import { createCompiledCatalog, getCatalogs } from '@lingui/cli/api';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** The catalogues every language must translate whole; the dashboard's stays English for now (issue 41). */
const MUST_TRANSLATE = new Set(['first', 'pages']);
const check = process.argv.includes('--check');

const config = getConfig({ cwd: ROOT, configPath: path.join(ROOT, 'lingui.config.ts') });
const pseudo = config.pseudoLocale;
const problems: string[] = [];

if (!check) {
  execFileSync(process.execPath, [path.join(ROOT, 'node_modules/@lingui/cli/dist/lingui.js'), 'extract', '--clean'], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

const catalogs = await getCatalogs(config);
for (const catalog of catalogs) {
  const name = path.basename(catalog.path);
  if (check) {
    const extracted = (await catalog.collect()) ?? {};
    const ids = new Set(Object.keys(extracted));
    for (const locale of config.locales) {
      const po = await catalog.read(locale);
      const inPo = new Set(Object.keys(po ?? {}).filter((id) => !po[id]?.obsolete));
      for (const id of ids) if (!inPo.has(id)) problems.push(`${locale}/${name}.po lacks "${id}": run npm run i18n`);
      for (const id of inPo)
        if (!ids.has(id)) problems.push(`${locale}/${name}.po holds "${id}", which the source no longer has: run npm run i18n`);
      if (MUST_TRANSLATE.has(name) && locale !== config.sourceLocale && locale !== pseudo) {
        for (const id of ids) if (!po?.[id]?.translation) problems.push(`${locale}/${name}.po has no translation of "${id}"`);
      }
    }
  }
  for (const locale of config.locales) {
    const { messages } = await catalog.getTranslations(locale, {
      sourceLocale: config.sourceLocale ?? 'en',
      fallbackLocales: config.fallbackLocales ?? {},
    });
    const kept: Record<string, string> = {};
    for (const [id, message] of Object.entries(messages)) {
      // The runtime answers with the id itself: keep only what differs from it or has placeholders to fill.
      if (locale === pseudo || message !== id || /[{}]/.test(id)) kept[id] = message;
    }
    const { source, errors } = createCompiledCatalog(locale, kept, { namespace: 'ts', pseudoLocale: pseudo, strict: false });
    for (const error of errors) problems.push(`${locale}/${name}.po: "${error.id}" does not compile: ${error.error.message}`);
    const file = path.join(path.dirname(catalog.getFilename(locale)), `${name}.ts`);
    const text = `/* eslint-disable */\n// Compiled by scripts/i18n.ts from ${name}.po: do not edit.\n${source.replace(/^\/\*eslint-disable\*\//, '')}\n`;
    if (check) {
      if (!fs.existsSync(file) || fs.readFileSync(file, 'utf8') !== text)
        problems.push(`${path.relative(ROOT, file)} is stale: run npm run i18n`);
    } else {
      fs.writeFileSync(file, text);
    }
  }
}

if (problems.length > 0) {
  console.error(problems.slice(0, Number(process.env.I18N_SHOW ?? 40)).join('\n'));
  if (problems.length > 40) console.error(`… and ${problems.length - 40} more`);
  console.error(`${problems.length} translation problem(s).`);
  process.exit(1);
}
if (check) console.log('Translation files are complete and compiled.');
