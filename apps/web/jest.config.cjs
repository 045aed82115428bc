/** jest + @testing-library in jsdom; swc compiles TS/TSX. */
module.exports = {
  testEnvironment: '<rootDir>/test/jsdom-environment.cjs',
  roots: ['<rootDir>/src', '<rootDir>/test'],
  setupFilesAfterEnv: ['<rootDir>/test/setup.ts'],
  transform: {
    '^.+\\.(t|j)sx?$': [
      '@swc/jest',
      { jsc: { parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic' } } } },
    ],
  },
  moduleNameMapper: {
    '\\.(css|scss)$': 'identity-obj-proxy',
    '\\.(svg|png|jpe?g|webp)$': '<rootDir>/test/file-stub.cjs',
    // import.meta.env exists only under Vite: tests get a fixed test double.
    '^(\\.{1,2}/)+config/env$': '<rootDir>/test/env.ts',
  },
  testMatch: ['**/*.test.ts?(x)'],
};
