// @ts-check
/** The mongo project's global setup: starts (or points at) the MongoDB that jest.config.js found. */
const { NOT_RUN, hostsOf, startMongo } = require('./mongo-server.cjs');

module.exports = async function mongoGlobalSetup() {
  /** @type {import('./mongo-server.cjs').MongoSource} */
  const source = JSON.parse(process.env.SMART_ZONE_TEST_MONGO_SOURCE ?? '{"kind":"none","why":[]}');
  if (source.kind === 'none') {
    process.stderr.write(
      `\n*** ${NOT_RUN}.\n*** Tried: ${source.why.join('; ')}.\n*** Every MongoDB test below is SKIPPED, none passed.\n\n`,
    );
    return;
  }
  const uri = await startMongo(source);
  process.env.SMART_ZONE_TEST_MONGODB_URI = uri;
  process.stderr.write(
    `\nMongoDB for the mongo project: ${source.kind === 'uri' ? `MONGODB_URI (${hostsOf(uri)})` : `a one-member replica set of ${source.binary}`}\n`,
  );
};
