/** The web tests' jsdom environment with the StrykerJS plugins (scripts/stryker/jest-plugins.cjs; stryker.web.config.mjs). */
const { strykerEnvironment } = require('../../../scripts/stryker/jest-plugins.cjs');

module.exports = strykerEnvironment(require('./jsdom-environment.cjs'));
