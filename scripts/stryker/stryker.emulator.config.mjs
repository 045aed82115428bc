/**
 * `pnpm test:mutation` (2 of 3): the Firebase verifier, which only the tests
 * against the real Auth emulator reach. Kept apart from stryker.config.mjs:
 * those tests start an emulator per run, and in the main run they would cover
 * (and slow) nearly every API mutant.
 */
import api from './stryker.config.mjs';

export default {
  ...api,
  jest: { ...api.jest, configFile: 'scripts/stryker/stryker.emulator.jest.config.cjs' },
  mutate: ['apps/api/src/auth/id-token-verifier.ts'],
  timeoutMS: 60_000,
  tempDirName: '.stryker-tmp-emulator',
  jsonReporter: { fileName: 'reports/mutation/api-emulator.json' },
  htmlReporter: { fileName: 'reports/mutation/api-emulator.html' },
};
