// @ts-check
/**
 * The mongo project's jest runner where no MongoDB can be had (see
 * jest.config.js): it runs nothing, and reports every test file the project
 * would have run as SKIPPED, with one skipped test saying why. Nothing counts
 * as passed for MongoDB, and a path filter (`npx jest test/x.test.ts`) still
 * shows that file's MongoDB half as skipped.
 */
const path = require('node:path');
const { NOT_RUN } = require('./mongo-server.cjs');

/** @param {string} testFilePath @param {string} title */
function skippedResult(testFilePath, title) {
  const now = Date.now();
  return {
    leaks: false,
    numFailingTests: 0,
    numPassingTests: 0,
    numPendingTests: 1,
    numTodoTests: 0,
    openHandles: [],
    perfStats: {
      end: now,
      loadTestEnvironmentEnd: now,
      loadTestEnvironmentStart: now,
      runtime: 0,
      setupAfterEnvEnd: now,
      setupAfterEnvStart: now,
      setupFilesEnd: now,
      setupFilesStart: now,
      slow: false,
      start: now,
    },
    skipped: true,
    snapshot: {
      added: 0,
      fileDeleted: false,
      matched: 0,
      unchecked: 0,
      uncheckedKeys: [],
      unmatched: 0,
      updated: 0,
    },
    testFilePath,
    testResults: [
      {
        ancestorTitles: [],
        duration: 0,
        failureDetails: [],
        failureMessages: [],
        fullName: title,
        location: null,
        numPassingAsserts: 0,
        status: 'pending',
        title,
      },
    ],
  };
}

class MongoNotRunRunner {
  /** @param {{ rootDir: string }} globalConfig */
  constructor(globalConfig) {
    this.rootDir = globalConfig.rootDir;
  }

  /**
   * @param {Array<{ path: string }>} tests
   * @param {unknown} _watcher
   * @param {(test: unknown) => Promise<void>} onStart
   * @param {(test: unknown, result: unknown) => Promise<void>} onResult
   */
  async runTests(tests, _watcher, onStart, onResult) {
    const why = JSON.parse(process.env.SMART_ZONE_TEST_MONGO_SOURCE ?? '{"why":[]}').why ?? [];
    for (const test of tests) {
      await onStart(test);
      const file = path.relative(this.rootDir, test.path);
      process.stderr.write(`SKIPPED [mongo] ${file}: ${NOT_RUN}\n`);
      await onResult(test, skippedResult(test.path, `${NOT_RUN} (tried: ${why.join('; ')})`));
    }
  }
}

module.exports = MongoNotRunRunner;
