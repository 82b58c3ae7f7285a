import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import finder from './lint/import-boundaries.js';

/**
 * Imports flow one way: web -> common <- server, and features never import each other. Paths between our own
 * folders are judged by lint/import-boundaries.js (relative imports resolved first); these patterns keep the
 * packages each side must not use. lint/import-boundaries.test.ts proves each rule fires.
 */
const boundaries = (patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'data/**', 'test-results/**', 'playwright-report/**', 'server/db/migrations/**'] },
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
      'no-restricted-syntax': [
        'error',
        {
          // zod's global registry is shared by every copy of common/ in a process (common/schemas/registry.ts).
          selector: "CallExpression[callee.property.name='meta'] > ObjectExpression > Property[key.name='id']",
          message: "Name an API schema with .register(apiSchemas, { id }) (common/schemas/registry.ts), not .meta({ id }).",
        },
      ],
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...boundaries([
        { group: ['node:*'], message: 'The web runs in the browser: no Node modules.' },
        { group: ['wouter', 'wouter/*', 'react-router', 'react-router-dom'], message: 'Links and routing hooks come from web/lib/router.tsx.' },
      ]),
    },
  },
  {
    files: ['web/lib/router.tsx'],
    rules: boundaries([{ group: ['node:*'], message: 'The web runs in the browser: no Node modules.' }]),
  },
  {
    files: ['common/**/*.ts'],
    rules: boundaries([{ group: ['node:*', 'react', 'react-dom'], message: 'common/ runs in both places: no Node or DOM libraries.' }]),
  },
  {
    files: ['scripts/**/*.{ts,mjs}', 'server/main.ts'],
    rules: { 'no-console': 'off' },
  },
);
