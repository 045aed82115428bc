/**
 * `pnpm test:mutation` (2 of 2): mutation testing of the web app's shared
 * library (apps/web/src/lib) with the web jest suite. Slow; not in `pnpm test`.
 */
export default {
  testRunner: 'jest',
  plugins: ['@stryker-mutator/jest-runner'],
  jest: {
    projectType: 'custom',
    configFile: 'apps/web/jest.config.cjs',
    enableFindRelatedTests: true,
  },
  mutate: ['apps/web/src/lib/**/*.{ts,tsx}'],
  coverageAnalysis: 'perTest',
  concurrency: 1,
  timeoutMS: 20_000,
  ignoreStatic: true,
  ignorePatterns: ['/apps/api', '/e2e', '/data', '/docs', '/reports', '/apps/web/dist'],
  tempDirName: '.stryker-tmp',
  reporters: ['clear-text', 'progress', 'json', 'html'],
  jsonReporter: { fileName: 'reports/mutation/web.json' },
  htmlReporter: { fileName: 'reports/mutation/web.html' },
  thresholds: { high: 90, low: 80, break: null },
};
