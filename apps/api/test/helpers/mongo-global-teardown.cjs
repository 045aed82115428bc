// @ts-check
/** The mongo project's global teardown: stops the replica set we started, or drops this run's databases. */
const { stopMongo } = require('./mongo-server.cjs');

module.exports = async function mongoGlobalTeardown() {
  const uri = process.env.SMART_ZONE_TEST_MONGODB_URI;
  if (uri) await stopMongo(uri, process.env.SMART_ZONE_TEST_RUN ?? '');
};
