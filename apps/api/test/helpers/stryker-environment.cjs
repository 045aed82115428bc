/** jest's node environment with the StrykerJS plugins (scripts/stryker/jest-plugins.cjs; stryker.api.jest.config.cjs). */
const { TestEnvironment } = require('jest-environment-node');
const { strykerEnvironment } = require('../../../../scripts/stryker/jest-plugins.cjs');

module.exports = strykerEnvironment(TestEnvironment);
