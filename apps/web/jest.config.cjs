/** jest + @testing-library in jsdom; swc compiles TS/TSX. */
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
    // The app renders with Preact (vite.config.ts aliases React to preact/compat): so do its tests.
    '^react-dom/test-utils$': 'preact/test-utils',
    '^react-dom/client$': 'preact/compat/client',
    '^react-dom$': 'preact/compat',
    '^react/jsx-runtime$': 'preact/jsx-runtime',
    '^react/jsx-dev-runtime$': 'preact/jsx-dev-runtime',
    '^react$': 'preact/compat',
  },
  // Preact ships ES modules only: swc turns them into CommonJS for jest, like our own code.
  transformIgnorePatterns: ['/node_modules/(?!(\\.pnpm/preact@[^/]+/node_modules/)?preact/)'],
  testMatch: ['**/*.test.ts?(x)'],
};
