/** jest's `testSequencer` for StrykerJS runs: see TestFilesSequencer in ./jest-plugins.cjs. */
module.exports = require('./jest-plugins.cjs').TestFilesSequencer;
