/**
 * Stops a StrykerJS mutant run at its first failing test, the way Stryker's
 * other runners bail: @stryker-mutator/jest-runner passes `bail: false` to
 * jest (jest cannot bail programmatically, jestjs/jest#11766), so without this
 * every killed mutant still runs every test that covers it.
 *
 * Wraps a jest test environment: once a test or hook fails while mutant N is
 * active (Stryker names it in __STRYKER_ACTIVE_MUTANT__), every later test and
 * describe block of that run is skipped, in this file and the files after it
 * (jest runs them in band, in this process). The mutant is killed either way;
 * a survivor has no failure, so it still runs everything. The initial run (no
 * active mutant) runs every test, for Stryker's per-test coverage.
 */
const ACTIVE_MUTANT = '__STRYKER_ACTIVE_MUTANT__';

/** The mutant whose run already failed a test. */
let failedUnder;

function bailPerMutant(Environment) {
  return class BailPerMutant extends Environment {
    async handleTestEvent(event, state) {
      await super.handleTestEvent?.(event, state);
      const mutant = process.env[ACTIVE_MUTANT];
      if (mutant === undefined) return;
      if (event.name === 'test_fn_failure' || event.name === 'hook_failure') {
        failedUnder = mutant;
      } else if (failedUnder === mutant) {
        if (event.name === 'run_describe_start') event.describeBlock.mode = 'skip';
        if (event.name === 'test_start') event.test.mode = 'skip';
      }
    }
  };
}

module.exports = { bailPerMutant };
