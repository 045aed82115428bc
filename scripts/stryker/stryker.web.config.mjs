/**
 * `pnpm test:mutation` (3 of 3): mutation testing of the web app's shared
 * library (apps/web/src/lib) with the web jest suite. Slow; not in `pnpm test`.
 * Run from the repository root: every path here is read from the working directory.
 */
export default {
  testRunner: 'jest',
  plugins: ['@stryker-mutator/jest-runner'],
  jest: {
    projectType: 'custom',
    configFile: 'apps/web/jest.config.cjs',
    enableFindRelatedTests: true,
    // Stryker wraps the test environment and resolves it from the sandbox root, where <rootDir> means nothing.
    config: {
      testEnvironment: './apps/web/test/stryker-environment.cjs',
      setupFilesAfterEnv: ['<rootDir>/test/setup.ts', '<rootDir>/src/__tests__/stryker-setup.ts'],
    },
  },
  mutate: [
    'apps/web/src/lib/**/*.{ts,tsx}',
    // The real Firebase SDK: jest uses the FakeGateway; e2e drives this file against the real emulator.
    '!apps/web/src/lib/auth/firebase-gateway.ts',
  ],
  coverageAnalysis: 'perTest',
  concurrency: 1,
  timeoutMS: 20_000,
  ignoreStatic: true,
  ignorePatterns: ['/.stryker-tmp*', '/apps/api', '/e2e', '/data', '/docs', '/reports', '/apps/web/dist'],
  tempDirName: '.stryker-tmp',
  reporters: ['clear-text', 'progress', 'json', 'html'],
  jsonReporter: { fileName: 'reports/mutation/web.json' },
  htmlReporter: { fileName: 'reports/mutation/web.html' },
  thresholds: { high: 90, low: 80, break: null },
};
