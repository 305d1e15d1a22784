// @ts-check
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import localRules from './eslint/feature-boundaries.js';
import { featureTable } from './eslint/features.js';

/**
 * Patterns a layer may not import; type-only imports stay allowed where noted.
 * @param {unknown[]} patterns
 * @returns {import('eslint').Linter.RulesRecord}
 */
const restrict = (patterns) => ({
  'no-restricted-imports': ['error', { patterns, paths: [DATE_FNS_BARREL] }],
});

// The package's index loads all of its 300 modules: 3.2 s of every server start and every server
// test file on this machine (`npm run bench:startup`).
const DATE_FNS_BARREL = {
  name: 'date-fns',
  message: "Import each function from its own module, e.g. 'date-fns/format'.",
};

const SPA_NOT_SERVER = { group: ['**/server/**'], message: 'The SPA never imports the server.' };
// src/messages.ts gathers every screen's texts for tests; in the SPA it would ship them all at once.
const SCREEN_MESSAGES = {
  group: ['**/messages.ts'],
  message: 'Import the texts of a screen from its module in src/messages/ (decision 0026).',
};

const SERVER_SPA_IMPORTS = {
  // A folder excluded once cannot be re-included, so each level is opened explicitly.
  group: [
    '**/src/*',
    '!**/src/api',
    '!**/src/data',
    // Pure helpers both sides share: prices, Zagreb months and wall times (decision 0050).
    '!**/src/lib',
    '!**/src/routes.ts',
    '**/src/api/*',
    '!**/src/api/contract.ts',
    '!**/src/api/serverMessages.ts',
    '!**/src/api/productWrites.ts',
    '!**/src/api/partnerWrites.ts',
    '!**/src/api/text.ts',
  ],
  message:
    'The server imports from src/ only the wire contract, the route table, src/lib and bundled data.',
};
const DB_BELOW_FEATURES =
  'server/db/ imports no feature, seed or command: they import the database.';

export default tseslint.config(
  {
    ignores: [
      'dist',
      'dist-ssr',
      'dist-server',
      'var',
      'coverage',
      'test-results',
      'playwright-report',
      'node_modules',
      'reports',
      '.stryker-tmp',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'tests/{machines,views,support}/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  // One-way imports (ARCHITECTURE.md "Pure views"): views get props, machines know no React,
  // the SPA never imports the server. Each layer lists every rule of its own, because a later
  // `no-restricted-imports` for the same file replaces an earlier one.
  {
    files: ['src/**/*.{ts,tsx}'],
    rules: restrict([SPA_NOT_SERVER, SCREEN_MESSAGES]),
  },
  {
    files: ['src/views/**/*.{ts,tsx}'],
    rules: restrict([
      SPA_NOT_SERVER,
      SCREEN_MESSAGES,
      {
        group: ['@xstate/react', 'xstate', 'ofetch'],
        message: 'Views are pure: props in, JSX out.',
      },
      {
        group: ['**/machines/**', '**/api/**', '**/app/**'],
        allowTypeImports: true,
        message: 'Views import only data, messages and types.',
      },
    ]),
  },
  {
    files: ['src/machines/**/*.{ts,tsx}'],
    rules: restrict([
      SPA_NOT_SERVER,
      SCREEN_MESSAGES,
      {
        group: ['react', 'react-dom', '@xstate/react', '**/views/**', '**/app/**'],
        message: 'Machines know no React and no views.',
      },
    ]),
  },
  {
    files: ['src/lib/**/*.{ts,tsx}'],
    rules: restrict([
      SPA_NOT_SERVER,
      SCREEN_MESSAGES,
      {
        group: [
          'react',
          'react-dom',
          'xstate',
          '@xstate/react',
          '**/views/**',
          '**/machines/**',
          '**/app/**',
          '**/api/**',
        ],
        message:
          'src/lib holds helpers any feature may use: it imports no feature and no framework.',
      },
    ]),
  },
  // Self-contained features (decision 0043): no feature imports another's machine, view or
  // container; the table of features is eslint/features.js.
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { local: localRules },
    rules: {
      'local/feature-boundaries': ['error', { root: import.meta.dirname, table: featureTable }],
    },
  },
  {
    files: ['server/**/*.ts'],
    rules: restrict([SERVER_SPA_IMPORTS]),
  },
  // The database layer is below every feature: connection, dialect, schema and migrations only.
  {
    files: ['server/db/*.ts'],
    rules: restrict([
      SERVER_SPA_IMPORTS,
      { regex: '^\\.\\./(?!\\.\\./src/)', message: DB_BELOW_FEATURES },
    ]),
  },
  {
    files: ['server/db/migrations/*.ts'],
    rules: restrict([
      SERVER_SPA_IMPORTS,
      { regex: '^\\.\\./\\.\\./(?!\\.\\./src/)', message: DB_BELOW_FEATURES },
    ]),
  },
);
