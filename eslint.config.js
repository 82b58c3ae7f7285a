import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Imports flow one way: web -> common <- server. Lint fails on any other direction. */
const boundaries = (patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'data/**', 'test-results/**', 'playwright-report/**', 'server/db/migrations/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...boundaries([
        { group: ['**/server/**', '../../server/*'], message: 'The web may import common/, never server/.' },
        { group: ['node:*'], message: 'The web runs in the browser: no Node modules.' },
      ]),
    },
  },
  {
    files: ['common/**/*.ts'],
    rules: boundaries([
      { group: ['**/server/**', '**/web/**'], message: 'common/ is shared: it imports neither server/ nor web/.' },
      { group: ['node:*', 'react', 'react-dom'], message: 'common/ runs in both places: no Node or DOM libraries.' },
    ]),
  },
  {
    files: ['server/**/*.ts'],
    // server/test/front-end.ts renders pages from web/ sources in tests (production loads the built entry instead).
    ignores: ['server/test/front-end.ts'],
    rules: boundaries([{ group: ['**/web/**'], message: 'The server may import common/, never web/.' }]),
  },
  {
    files: ['web/features/*/**/*.{ts,tsx}'],
    ignores: ['web/features/layout/**'],
    rules: boundaries([
      { group: ['**/server/**'], message: 'The web may import common/, never server/.' },
      { group: ['node:*'], message: 'The web runs in the browser: no Node modules.' },
      {
        group: ['../../features/*', '../../*/**/!(*.css)', '!../../../**'],
        message: 'Features never import each other; share through web/components or web/lib.',
      },
    ]),
  },
  {
    files: ['scripts/**/*.{ts,mjs}', 'server/main.ts'],
    rules: { 'no-console': 'off' },
  },
);
