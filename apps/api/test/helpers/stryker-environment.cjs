/** jest's node environment, stopping each StrykerJS mutant run at its first failure (stryker.api.jest.config.cjs). */
const { TestEnvironment } = require('jest-environment-node');
const { bailPerMutant } = require('../../../../scripts/stryker/bail-per-mutant.cjs');

module.exports = bailPerMutant(TestEnvironment);
