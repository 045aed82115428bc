import { appendFileSync } from 'node:fs';
import { basename } from 'node:path';
import { answerCounts, takeViolations } from './conformance';

/**
 * Fails the test that received an answer breaking the OpenAPI document
 * (helpers/conformance.ts). An answer that ends after its test has (rare)
 * fails the next test, or the file's afterAll.
 */
function failOnViolations() {
  const violations = takeViolations();
  if (violations.length > 0) {
    throw new Error(`Answers that break docs/openapi.json:\n${violations.map((line) => `  ${line}`).join('\n')}`);
  }
}

afterEach(failOnViolations);
afterAll(() => {
  // Set to a file to get, per test file, how many answers were checked and which were not.
  const log = process.env.SMART_ZONE_CONFORMANCE_LOG;
  if (log) {
    const file = basename(expect.getState().testPath ?? 'unknown');
    const { checked, skipped } = answerCounts();
    appendFileSync(
      log,
      [`${file}\tchecked ${checked}`, ...skipped.map((line) => `${file}\tskipped ${line}`)].join('\n') + '\n',
    );
  }
  failOnViolations();
});
