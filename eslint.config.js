import { builtinModules } from 'node:module';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import finder, { INLINE_BUSY_LABEL } from './lint/import-boundaries.js';

/**
 * Imports flow one way: web -> common <- server, and features never import each other. Paths between our own
 * folders are judged by lint/import-boundaries.js (relative imports resolved first); these patterns keep the
 * packages each side must not use. lint/import-boundaries.test.ts proves each rule fires.
 */
const boundaries = (patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });
/**
 * Node's own modules under every spelling (`node:fs`, `fs`, `fs/promises`), as one anchored pattern: the
 * gitignore-style groups would also match a folder of ours of the same name (`../common/constants`).
 */
const NODE_MODULES = `^(node:.*|(${builtinModules.filter((m) => !m.startsWith('_')).join('|')})(/.*)?)$`;
/** Packages that only make sense in the server process (database, HTTP server, mail, files, job queue). */
const SERVER_ONLY = `^(${[
  'drizzle-orm',
  'fastify',
  '@fastify/[^/]+',
  'pg',
  'pg-boss',
  '@electric-sql/[^/]+',
  'nodemailer',
  'sharp',
  'pino',
  'exceljs',
  'csv-parse',
  'better-auth/adapters',
  'better-auth/node',
].join('|')})(/.*)?$`;
const SERVER_ONLY_MESSAGE = 'A server-only package: the server uses it and hands the result over through the API.';
/** zod's global registry is shared by every copy of common/ in a process (common/schemas/registry.ts). */
const NO_META_ID = {
  selector: "CallExpression[callee.property.name='meta'] > ObjectExpression > Property[key.name='id']",
  message: 'Name an API schema with .register(apiSchemas, { id }) (common/schemas/registry.ts), not .meta({ id }).',
};
/** A busy label ('Saving...'), or any web string ending in '...', comes from common/texts/ (decision 0070). */
const NO_INLINE_BUSY_LABEL = [
  'Literal[value=/\\.\\.\\.$/]',
  'JSXText[value=/\\.\\.\\.\\s*$/]',
  'TemplateElement[value.raw=/\\.\\.\\.$/]',
].map((selector) => ({ selector, message: INLINE_BUSY_LABEL }));

export default tseslint.config(
  {
    ignores: ['dist/**', 'node_modules/**', 'data/**', 'locales/**', 'test-results/**', 'playwright-report/**', 'server/db/migrations/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { finder },
    rules: {
      'finder/import-boundaries': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
      'no-restricted-syntax': ['error', NO_META_ID],
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...boundaries([
        { regex: NODE_MODULES, message: 'The web runs in the browser: no Node modules.' },
        { regex: SERVER_ONLY, message: SERVER_ONLY_MESSAGE },
        {
          group: ['wouter', 'wouter/*', 'react-router', 'react-router-dom'],
          message: 'Links and routing hooks come from web/lib/router.tsx.',
        },
      ]),
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    ignores: ['web/**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-syntax': ['error', NO_META_ID, ...NO_INLINE_BUSY_LABEL] },
  },
  {
    files: ['web/lib/router.tsx'],
    rules: boundaries([
      { regex: NODE_MODULES, message: 'The web runs in the browser: no Node modules.' },
      { regex: SERVER_ONLY, message: SERVER_ONLY_MESSAGE },
    ]),
  },
  {
    files: ['common/**/*.ts'],
    rules: boundaries([
      { regex: NODE_MODULES, message: 'common/ runs in both places: no Node or DOM libraries.' },
      { group: ['react', 'react-dom'], message: 'common/ runs in both places: no Node or DOM libraries.' },
      { regex: SERVER_ONLY, message: SERVER_ONLY_MESSAGE },
    ]),
  },
  {
    files: ['scripts/**/*.{ts,mjs}', 'server/main.ts'],
    rules: { 'no-console': 'off' },
  },
);
