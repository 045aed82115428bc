import 'dotenv/config';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Logger } from 'pino';
import { createApp, liveEventsOf } from './app';
import { startAlertDispatch } from './alerts/alert-dispatch';
import { createHttpServer } from './http/http-server';
import { createFirebaseVerifier } from './auth/id-token-verifier';
import { ConfigError, loadConfig } from './config';
import { createLogger } from './logging/logger';
import { demoItems } from './store/demo-items';
import { openStore } from './store/open-store';
import { diskPhotos } from './photos/photo-store';
import { s3Photos } from './photos/s3-photos';
import { isOpenWarehouse } from './team/team-roles';

/** Set once the settings are read; before that (a bad setting) there is no level to log at, only stderr. */
let startLogger: Logger | undefined;

/** Wires the real dependencies, listens, and shuts down cleanly on SIGINT/SIGTERM. */
async function main() {
  const config = loadConfig();
  const logger = createLogger(config.logLevel);
  startLogger = logger;
  // Data files (smart-zone.db and its WAL, names, addresses and phones) are the owner's alone: 0600.
  process.umask(0o077);
  const store = await openStore({
    mongodbUri: config.mongodbUri,
    mongodbDb: config.mongodbDb,
    mongodbAllowStandalone: config.mongodbAllowStandalone,
    dataDir: config.dataDir,
  });
  if (config.seedDemoData && (await store.seedOnce(demoItems))) {
    logger.info(`Loaded ${demoItems.length} demo items into the empty store.`);
  }
  // The owners the settings name are members (the Team page lists them); nobody can demote them from the app.
  if (config.ownerEmails.length > 0) await store.team.ensureOwners(config.ownerEmails);
  // Alerts raised while we were down (or sends cut short by a crash) go out now: the outbox is in the store.
  const alertDispatch = startAlertDispatch(store, config.alerts, logger);
  if (alertDispatch.channels.length) {
    logger.info(`Sending low-stock alerts by ${alertDispatch.channels.join(' and ')}.`);
  }
  if (config.invitationEmail) logger.info('Emailing each invitation from the Team page to the invitee (SMTP_URL).');
  const verifier = createFirebaseVerifier(config);
  logger.info(verifier.summary);
  // Items' photos: in the data folder (backed up with it) unless a bucket is set.
  const photos = config.photosS3 ? s3Photos(config.photosS3) : diskPhotos(path.join(config.dataDir, 'photos'));
  logger.info(`Keeping items' photos in ${photos.where}.`);
  const app = createApp({ store, verifier, config, logger, photos });

  if (config.authEmulatorHost) {
    logger.warn(
      `Trusting the Firebase Auth emulator at ${config.authEmulatorHost}: its tokens are unsigned, so this server is for local use only.`,
    );
  }
  if (isOpenWarehouse(config) && config.env === 'production') {
    logger.warn(
      'Neither OWNER_EMAILS nor STAFF is set: EVERY verified account is a manager, who may add, change and delete ' +
        'every item. Set OWNER_EMAILS to your own email and invite your team from the Team page (see README).',
    );
  }
  if (config.trustProxy !== false) {
    logger.info(`Trusting proxy headers (X-Forwarded-For, X-Request-Id) from: ${String(config.trustProxy)}`);
  }
  if (config.jwtSecretGenerated) {
    logger.warn('JWT_SECRET is not set: using a random one for this run (sessions end when the server restarts).');
  }

  const server = createHttpServer(app).listen(config.port, config.host, () => {
    const { port } = server.address() as AddressInfo;
    const where = config.mongodbUri ? `MongoDB (${config.mongodbDb})` : `SQLite in ${config.dataDir}`;
    logger.info(`Smart Zone API listening on http://${config.host}:${port} (store: ${where})`);
    // What was said at start goes out now, not with the first requests' lines.
    logger.flush();
  });
  server.on('error', (error) => {
    logger.fatal({ err: error }, 'Server failed');
    process.exit(1);
  });

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info(`${signal} received: closing the server and the store.`);
    // Live event streams never end by themselves: end them, and their clients reconnect to another instance.
    liveEventsOf(app).close();
    server.close(() => {
      const closed = async () => {
        await alertDispatch.stop();
        await verifier.close?.();
        await store.close();
      };
      closed().then(
        () => process.exit(0),
        (error: unknown) => {
          logger.error({ err: error }, 'Closing failed');
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
  if (error instanceof ConfigError || !startLogger) console.error(error instanceof ConfigError ? error.message : error);
  else startLogger.fatal({ err: error }, 'Start failed');
  process.exit(1);
});
