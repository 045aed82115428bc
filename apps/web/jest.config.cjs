/** jest + @testing-library in jsdom; swc compiles TS/TSX. */
const preactAliases = require('./preact-aliases.json');

module.exports = {
  testEnvironment: '<rootDir>/test/jsdom-environment.cjs',
  roots: ['<rootDir>/src', '<rootDir>/test'],
  setupFilesAfterEnv: ['<rootDir>/test/setup.ts'],
  transform: {
    '^.+\\.(t|j)sx?$|\\.mjs$': [
      '@swc/jest',
      { jsc: { parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic' } } } },
    ],
  },
  moduleNameMapper: {
    '\\.(css|scss)$': 'identity-obj-proxy',
    '\\.(svg|png|jpe?g|webp)$': '<rootDir>/test/file-stub.cjs',
    // import.meta.env exists only under Vite: tests get a fixed test double.
    '^(\\.{1,2}/)+config/env$': '<rootDir>/test/env.ts',
    // The app renders with Preact (decision 024): React's names resolve to Preact's, as in vite.config.ts.
    ...Object.fromEntries(Object.entries(preactAliases).map(([name, target]) => [`^${name}$`, target])),
  },
  // Preact ships ES modules only: swc turns them into CommonJS for jest, like our own code.
  transformIgnorePatterns: ['/node_modules/(?!(\\.pnpm/preact@[^/]+/node_modules/)?preact/)'],
  testMatch: ['**/*.test.ts?(x)'],
};
