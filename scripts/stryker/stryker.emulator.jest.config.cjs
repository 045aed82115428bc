/**
 * The API's jest configuration for stryker.emulator.config.mjs: the two test
 * files that start the real Firebase Auth emulator, and nothing else.
 */
const api = require('./stryker.api.jest.config.cjs');

module.exports = async () => {
  const { testPathIgnorePatterns: _ignored, ...config } = await api();
  return { ...config, testMatch: ['<rootDir>/test/login-emulator.test.ts', '<rootDir>/test/emulator-guards.test.ts'] };
};
