// @ts-check
const js = require('@eslint/js');
const tseslint = require('typescript-eslint');
const reactHooks = require('eslint-plugin-react-hooks');
const globals = require('globals');
const fs = require('node:fs');
const path = require('node:path');

// ---- Import boundaries (checked on the import path as written; imports are relative) ----
const webFeatures = fs
  .readdirSync(path.join(__dirname, 'apps/web/src/features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
/**
 * The reads one feature shares with another, on purpose (issue 11, item 1):
 * deliveries show an item and refresh its queries after a delivery. Issue 32:
 * an open alert's Restock is the item page's own restock form. Issue 33: the
 * item card's Deliver is the delivery flow's own form.
 */
const sharedFeatureReads = [
  'inventory/api/get-item',
  'inventory/api/get-items',
  'inventory/components/RestockForm',
  'deliveries/components/DeliveryForm',
  // A delivery asks where its units leave from, as a removal does (issue 34).
  'inventory/components/use-stock-place',
  // The labels' dialog prints items and locations alike (issue 34).
  'inventory/components/PrintLabelsButton',
  // An item's stock is moved to, received at and named by locations found by their path (issue 34).
  'locations/api/locations',
  // A location's page scans items into it with the Scan screen's camera and lookup ("scan a bin, then its items").
  'inventory/scan/ScanIntoLocation',
  // A stock count (issue 35) reads codes as the Scan screen does (its camera, field and lookup), and opens a
  // session over a location found as the stock forms find one.
  'inventory/api/find-by-code',
  // The deliveries' and the audit's filters take an item by its name (issue 36).
  'inventory/components/ItemPicker',
  'inventory/scan/CameraMessage',
  'inventory/scan/CodeForm',
  'inventory/scan/repeat-filter',
  'inventory/scan/scan.css',
  'inventory/scan/use-camera-scanner',
  'inventory/components/LocationSearch',
];
const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const upTo = (target) => `^(\\.\\./)+(features/)?${target}`;
const otherFeatureImports = (feature) => {
  const shared = sharedFeatureReads.filter((read) => !read.startsWith(`${feature}/`)).map(escape);
  const others = webFeatures.filter((name) => name !== feature).join('|');
  const except = shared.length ? `(?!(${shared.join('|')})$)` : '';
  return {
    regex: `${upTo('')}${except}(${others})(/|$)`,
    message:
      'Features never import other features: move shared code to components/ or lib/, or share a read on purpose (eslint.config.js sharedFeatureReads).',
  };
};
const noAppImport = {
  regex: `${upTo('app')}(/|$)`,
  message: 'Only the app shell (app/) composes features; nothing imports app/.',
};
const noFeatureImport = {
  regex: '^(\\.\\./)+features(/|$)',
  message: 'Shared code (components/, lib/, config/) never imports features.',
};
const apiOuterLayers = [
  'app',
  'server',
  'config',
  'auth',
  'client-config',
  'deliveries',
  'inventory',
  'health',
  'http',
  'web',
];

module.exports = tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'e2e/artifacts/**',
      'e2e/test-results/**',
      'e2e/playwright-report/**',
      'coverage/**',
      'reports/**',
      '.stryker-tmp*/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node },
      parserOptions: { projectService: true, tsconfigRootDir: __dirname },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // launch.cjs's types sit outside every package; the e2e program (which uses them) includes them.
    files: ['scripts/lib/*.d.cts'],
    languageOptions: { parserOptions: { projectService: false, project: './e2e/tsconfig.json' } },
  },
  {
    // Plain JavaScript (configs, launch scripts) has no tsconfig: the rules that need types are off there.
    files: ['**/*.js', '**/*.cjs', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['**/*.js', '**/*.cjs'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  ...webFeatures.map((feature) => ({
    files: [`apps/web/src/features/${feature}/**/*.{ts,tsx}`],
    rules: { 'no-restricted-imports': ['error', { patterns: [otherFeatureImports(feature), noAppImport] }] },
  })),
  {
    files: ['apps/web/src/{components,lib,config}/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [noFeatureImport, noAppImport] }] },
  },
  {
    // Routes and services reach data through the Store port only, never an adapter.
    files: ['apps/api/src/*/**/*.ts'],
    ignores: ['apps/api/src/store/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./)+store/(sqlite|mongo|open-store)(/|$)',
              message: 'Routes and services use the Store port (store/store.ts); only app wiring opens an adapter.',
            },
          ],
        },
      ],
    },
  },
  {
    // The store (port and adapters) knows nothing of HTTP, auth or the features that use it.
    files: ['apps/api/src/store/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `^(\\.\\./)+(${apiOuterLayers.join('|')})(/|\\.|$)`,
              message: 'The store depends on nothing above it (routes, services, http, config).',
            },
          ],
        },
      ],
    },
  },
  {
    // The port is async (MongoDB answers over the network); better-sqlite3 answers
    // synchronously. The adapter's methods stay `async` so a thrown error becomes a
    // rejected promise, as the port promises, never a synchronous throw.
    files: ['apps/api/src/store/sqlite/**/*.ts'],
    rules: { '@typescript-eslint/require-await': 'off' },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
);
