import 'dotenv/config';
import type { AddressInfo } from 'node:net';
import { createApp } from './app';
import { createFirebaseVerifier } from './auth/id-token-verifier';
import { ConfigError, loadConfig } from './config';
import { demoItems } from './store/demo-items';
import { openStore } from './store/open-store';

/** Wires the real dependencies, listens, and shuts down cleanly on SIGINT/SIGTERM. */
async function main() {
  const config = loadConfig();
  // Data files (smart-zone.db and its WAL, names, addresses and phones) are the owner's alone: 0600.
  process.umask(0o077);
  const store = await openStore({
    mongodbUri: config.mongodbUri,
    mongodbDb: config.mongodbDb,
    mongodbAllowStandalone: config.mongodbAllowStandalone,
    dataDir: config.dataDir,
  });
  if (config.seedDemoData && (await store.seedOnce(demoItems))) {
    console.log(`Loaded ${demoItems.length} demo items into the empty store.`);
  }
  const verifier = createFirebaseVerifier(config.firebase.projectId, Boolean(config.authEmulatorHost));
  const app = createApp({ store, verifier, config });

  if (config.authEmulatorHost) {
    console.warn(
      `Trusting the Firebase Auth emulator at ${config.authEmulatorHost}: its tokens are unsigned, so this server is for local use only.`,
    );
  }
  if (config.staff === null && config.env === 'production') {
    console.warn(
      '\n*** STAFF is not set: EVERY verified account may add, change and delete every item. ***\n' +
        '*** Set STAFF to the emails and @domains of your staff (see docs/api.md).            ***\n',
    );
  }
  if (config.trustProxy !== false) {
    console.log(`Trusting proxy headers (X-Forwarded-For) from: ${String(config.trustProxy)}`);
  }
  if (config.jwtSecretGenerated) {
    console.warn('JWT_SECRET is not set: using a random one for this run (sessions end when the server restarts).');
  }

  const server = app.listen(config.port, config.host, () => {
    const { port } = server.address() as AddressInfo;
    const where = config.mongodbUri ? `MongoDB (${config.mongodbDb})` : `SQLite in ${config.dataDir}`;
    console.log(`Smart Zone API listening on http://${config.host}:${port} (store: ${where})`);
  });
  server.on('error', (error) => {
    console.error('Server failed:', error.message);
    process.exit(1);
  });

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal} received: closing the server and the store.`);
    server.close(() => {
      const closed = async () => {
        await verifier.close?.();
        await store.close();
      };
      closed().then(
        () => process.exit(0),
        (error: unknown) => {
          console.error('Closing failed:', error);
          process.exit(1);
        },
      );
    });
    server.closeIdleConnections();
    // A client holding a connection open must not keep us alive forever.
    setTimeout(() => server.closeAllConnections(), 5000).unref();
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
