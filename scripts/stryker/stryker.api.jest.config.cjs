/**
 * The API's jest configuration as StrykerJS runs it (stryker.config.mjs): the
 * `sqlite` project of apps/api/jest.config.js alone (no MongoDB here), made a
 * plain config because Stryker's overrides do not reach into `projects`.
 */
module.exports = async () => {
  process.env.SMART_ZONE_TEST_STORES = 'sqlite';
  const { projects, testTimeout } = await require('../../apps/api/jest.config.js')();
  const [sqlite] = projects;
  if (!sqlite) throw new Error('apps/api/jest.config.js gave no sqlite project');
  const { displayName: _name, ...config } = sqlite;
  return {
    ...config,
    testTimeout,
    // Each mutant's run stops at its first failing test and loads only the test
    // files that hold its tests (scripts/stryker/jest-plugins.cjs). Stryker
    // resolves the environment from the sandbox root.
    testEnvironment: './apps/api/test/helpers/stryker-environment.cjs',
    testSequencer: '<rootDir>/../../scripts/stryker/test-files-sequencer.cjs',
    // The sandbox's node_modules links to the real packages/types: point the
    // tests at the sandbox's (mutated) copy instead.
    moduleNameMapper: { '^@smart-zone/types/(.*)$': '<rootDir>/../../packages/types/src/$1' },
    testPathIgnorePatterns: [
      ...(config.testPathIgnorePatterns ?? []),
      // Starts a real Firebase emulator per run (minutes per mutant); the same
      // code paths run in the fake-verifier tests of auth.test.ts.
      '/test/login-emulator\\.test\\.ts$',
      '/test/emulator-guards\\.test\\.ts$',
    ],
  };
};
