/**
 * `pnpm test:mutation` (1 of 3): mutation testing of the API and the shared
 * contract (packages/types) with the API's jest suite. Slow; not in `pnpm test`.
 * Left out: files that only start processes (server.ts, seed.ts), the Firebase
 * verifier (its own config, stryker.emulator.config.mjs), and the MongoDB
 * adapter, whose tests need a MongoDB server this machine lacks (see
 * docs/mutation-testing.md).
 *
 * Run from the repository root, as `pnpm test:mutation` does: Stryker reads
 * every path here (mutate, jest.configFile, tempDirName, the reports) from the
 * working directory, not from this file's folder.
 */
export default {
  testRunner: 'jest',
  plugins: ['@stryker-mutator/jest-runner'],
  jest: {
    projectType: 'custom',
    // apps/api's sqlite project, with the sandbox's packages/types (see the file).
    configFile: 'scripts/stryker/stryker.api.jest.config.cjs',
    enableFindRelatedTests: true,
  },
  mutate: [
    'apps/api/src/**/*.ts',
    'packages/types/src/**/*.ts',
    '!apps/api/src/server.ts',
    '!apps/api/src/seed.ts',
    '!apps/api/src/store/mongo/**',
    // Reached only by the Auth-emulator tests: stryker.emulator.config.mjs.
    '!apps/api/src/auth/id-token-verifier.ts',
  ],
  coverageAnalysis: 'perTest',
  // The machine is shared: one test process.
  concurrency: 1,
  timeoutMS: 20_000,
  ignoreStatic: true,
  // apps/web/public stays: a store test checks the demo items' pictures ship with the app.
  ignorePatterns: [
    '/.stryker-tmp*',
    '/apps/web/src',
    '/apps/web/test',
    '/e2e',
    '/data',
    '/docs/*',
    // test/openapi.test.ts compares the served document with this file.
    '!/docs/openapi.json',
    '/reports',
    '/apps/api/bench',
  ],
  tempDirName: '.stryker-tmp',
  reporters: ['clear-text', 'progress', 'json', 'html'],
  jsonReporter: { fileName: 'reports/mutation/api.json' },
  htmlReporter: { fileName: 'reports/mutation/api.html' },
  thresholds: { high: 90, low: 80, break: null },
};
