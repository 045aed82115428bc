/** The web tests' jsdom environment, stopping each StrykerJS mutant run at its first failure (stryker.web.config.mjs). */
const { bailPerMutant } = require('../../../scripts/stryker/bail-per-mutant.cjs');

module.exports = bailPerMutant(require('./jsdom-environment.cjs'));
