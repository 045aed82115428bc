// @ts-check
/**
 * Two projects over the same test files: `sqlite` (always) and `mongo` (the
 * whole suite again on a MongoDB replica set, when one can be had: see
 * test/helpers/mongo-server.cjs). Each test file picks its store from the
 * project (test/helpers/test-store.ts). Where no MongoDB can be had, the mongo
 * project runs one file of skipped entries, one per test file, under a title
 * that says why: nothing is reported as passed for MongoDB.
 *
 *   npx jest                          both (the mongo half skipped when no server)
 *   npx jest --selectProjects sqlite  SQLite only
 *   pnpm test:mongo                   MongoDB only, and fails when no server can be had
 */
const { NOT_RUN, findMongo, newRunId } = require('./test/helpers/mongo-server.cjs');

/** Tests of SQLite itself (its file, its migrations, its group commit), and tests that open no store. */
const SQLITE_ONLY = [
  '/test/group-commit\\.test\\.ts$',
  '/test/start-log-links\\.test\\.ts$',
  '/test/config\\.test\\.ts$',
  '\\.sqlite\\.test\\.ts$',
];
/** Tests of the MongoDB adapter itself. */
const MONGO_ONLY = ['\\.mongo\\.test\\.ts$'];

/** Every answer an app under test gives under /api is checked against docs/openapi.json (helpers/conformance.ts). */
const CONFORMANCE = '<rootDir>/test/helpers/conformance-setup.ts';

/** @type {import('jest').Config} */
const shared = {
  rootDir: __dirname,
  testEnvironment: 'node',
  roots: ['<rootDir>/src', '<rootDir>/test'],
  transform: { '^.+\\.ts$': ['@swc/jest'] },
  setupFilesAfterEnv: [CONFORMANCE],
};

/**
 * The projects `--selectProjects` names on the command line, or all when absent.
 * SMART_ZONE_TEST_STORES=sqlite (for tools that cannot pass the flag, e.g. a
 * mutation-test runner) leaves the mongo project out altogether.
 */
function selectedProjects(argv = process.argv) {
  if (process.env.SMART_ZONE_TEST_STORES) return process.env.SMART_ZONE_TEST_STORES.split(',');
  const at = argv.indexOf('--selectProjects');
  if (at === -1) return ['sqlite', 'mongo'];
  const names = [];
  for (const arg of argv.slice(at + 1)) {
    if (arg.startsWith('-')) break;
    names.push(arg);
  }
  return names;
}

module.exports = async () => {
  const required = process.env.SMART_ZONE_REQUIRE_MONGO === '1';
  const wantMongo = selectedProjects().includes('mongo');
  const source = wantMongo ? await findMongo() : { kind: 'none', why: ['mongo project not selected'] };
  if (source.kind === 'none' && required) {
    throw new Error(`${NOT_RUN}. Tried: ${source.why.join('; ')}.`);
  }
  // Read by the mongo project's global setup, in this same process.
  process.env.SMART_ZONE_TEST_MONGO_SOURCE = JSON.stringify(source);
  process.env.SMART_ZONE_TEST_RUN ??= newRunId();

  /** @type {import('jest').Config} */
  const sqlite = {
    ...shared,
    displayName: 'sqlite',
    globals: { SMART_ZONE_TEST_STORE: 'sqlite' },
    testPathIgnorePatterns: ['/node_modules/', ...MONGO_ONLY],
  };

  /** @type {import('jest').Config} */
  const mongo = {
    ...shared,
    displayName: 'mongo',
    // Transactions and a real network: slower than an in-memory SQLite
    // (jest ignores testTimeout inside a project, so a setup file sets it).
    setupFilesAfterEnv: [CONFORMANCE, '<rootDir>/test/helpers/mongo-timeout.cjs'],
    globals: { SMART_ZONE_TEST_STORE: 'mongo' },
    testPathIgnorePatterns: ['/node_modules/', ...SQLITE_ONLY],
    globalSetup: '<rootDir>/test/helpers/mongo-global-setup.cjs',
    ...(source.kind === 'none'
      ? { runner: '<rootDir>/test/helpers/mongo-not-run-runner.cjs' }
      : { globalTeardown: '<rootDir>/test/helpers/mongo-global-teardown.cjs' }),
  };

  const projects = [sqlite, mongo].filter((project) => selectedProjects().includes(String(project.displayName)));
  if (required && !projects.includes(mongo)) throw new Error('SMART_ZONE_REQUIRE_MONGO=1 needs the mongo project');
  // Jest reads testTimeout at the top level only.
  return { projects, testTimeout: 30_000 };
};
