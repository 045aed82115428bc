/**
 * Two jest plugins that make a StrykerJS run affordable on a small machine,
 * without changing any mutant's verdict (stryker.api.jest.config.cjs,
 * stryker.web.config.mjs):
 *
 * - `strykerEnvironment(Environment)` wraps a jest test environment. In the
 *   initial run (no active mutant) it records which test file holds which test
 *   (`.stryker-tests-by-file.json` in the project's rootDir). In a mutant's run
 *   it stops at the first failing test, the way Stryker's other runners bail:
 *   @stryker-mutator/jest-runner passes `bail: false` (jest cannot bail
 *   programmatically, jestjs/jest#11766), so every killed mutant would still
 *   run every test that covers it. Once a test or hook fails while mutant N is
 *   active (Stryker names it in __STRYKER_ACTIVE_MUTANT__), every later test
 *   and describe block of that run is skipped. A survivor has no failure, so it
 *   still runs everything.
 * - `TestFilesSequencer` (a jest testSequencer): Stryker runs a mutant with a
 *   test-name pattern of the tests that cover it, but jest still loads every
 *   related test file to find out that most hold none of them. This drops the
 *   files none of whose recorded tests match the pattern; they would have run
 *   nothing. A file the record does not know is kept. The files left run
 *   quickest first, so that a unit test can kill a mutant before the slow
 *   page tests run.
 */
const { existsSync, readFileSync, writeFileSync } = require('node:fs');
const { join } = require('node:path');
const Sequencer = require('@jest/test-sequencer').default;

const ACTIVE_MUTANT = '__STRYKER_ACTIVE_MUTANT__';
const RECORD = '.stryker-tests-by-file.json';

/** The mutant whose run already failed a test. */
let failedUnder;

/** A test's name as jest matches it against --testNamePattern (and as Stryker names it). */
function fullName(test) {
  const names = [test.name];
  for (let block = test.parent; block?.parent; block = block.parent) names.unshift(block.name);
  return names.join(' ');
}

/** Whether a test under this describe block already carries an error (from a failed beforeAll). */
function hasErrors(block) {
  return block.children.some((child) => (child.type === 'test' ? child.errors.length > 0 : hasErrors(child)));
}

function strykerEnvironment(Environment) {
  return class StrykerJestPlugins extends Environment {
    #record;
    #testPath;
    #tests = [];

    constructor(config, context) {
      super(config, context);
      this.#record = join(config.projectConfig.rootDir, RECORD);
      this.#testPath = context.testPath;
    }

    async handleTestEvent(event, state) {
      await super.handleTestEvent?.(event, state);
      const mutant = process.env[ACTIVE_MUTANT];
      if (mutant === undefined) {
        if (event.name === 'test_start') this.#tests.push(fullName(event.test));
        return;
      }
      if (event.name === 'test_fn_failure' || event.name === 'hook_failure') {
        failedUnder = mutant;
      } else if (failedUnder === mutant) {
        // A failed beforeAll leaves its error on every test under its block, and those tests fail as they start:
        // skipping them would turn the failure into skips, and the killed mutant into a survivor.
        if (event.name === 'run_describe_start' && !hasErrors(event.describeBlock)) event.describeBlock.mode = 'skip';
        if (event.name === 'test_start' && event.test.errors.length === 0) event.test.mode = 'skip';
      }
    }

    async teardown() {
      if (process.env[ACTIVE_MUTANT] === undefined && this.#tests.length > 0) {
        const record = existsSync(this.#record) ? JSON.parse(readFileSync(this.#record, 'utf8')) : {};
        record[this.#testPath] = this.#tests;
        writeFileSync(this.#record, JSON.stringify(record));
      }
      await super.teardown();
    }
  };
}

class TestFilesSequencer extends Sequencer {
  #pattern;

  constructor(options) {
    super(options);
    this.#pattern = options.globalConfig.testNamePattern;
  }

  async sort(tests) {
    if (process.env[ACTIVE_MUTANT] === undefined) return super.sort(tests);
    // Quickest file first (jest's order is slowest first): with the bail above, a quick test that kills the mutant
    // spares the slow ones. Durations are those of the last runs; an unknown one counts as quick.
    const duration = (test) => this._getCache(test)[test.path]?.[1] ?? 0;
    const sorted = [...tests].sort((a, b) => duration(a) - duration(b));
    if (!this.#pattern || sorted.length === 0) return sorted;
    const record = join(sorted[0].context.config.rootDir, RECORD);
    if (!existsSync(record)) return sorted;
    const testsByFile = JSON.parse(readFileSync(record, 'utf8'));
    const pattern = new RegExp(this.#pattern, 'i');
    return sorted.filter((test) => {
      const names = testsByFile[test.path];
      return names === undefined || names.some((name) => pattern.test(name));
    });
  }
}

module.exports = { strykerEnvironment, TestFilesSequencer };
