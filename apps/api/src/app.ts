import cors from 'cors';
import express, { type RequestHandler } from 'express';
import type { Logger } from 'pino';
import { TOTAL_COUNT_HEADER } from '@smart-zone/types/item';
import { createAccessTokens } from './auth/access-token';
import { createAccountCheck } from './auth/account-check';
import { authRoutes } from './auth/auth.routes';
import type { IdTokenVerifier } from './auth/id-token-verifier';
import { createGuards } from './auth/require-user';
import { type Config, isLoopbackName } from './config';
import { locationsRoutes } from './locations/locations.routes';
import { countsRoutes } from './counts/counts.routes';
import { demoDataRoutes } from './inventory/demo-data.routes';
import { peopleRoutes } from './team/people.routes';
import { alertsRoutes } from './alerts/alerts.routes';
import { auditRoutes } from './audit/audit.routes';
import { deliveriesRoutes } from './deliveries/deliveries.routes';
import { AppError } from './errors/app-error';
import { apiNotFound, errorHandler } from './errors/error-handler';
import { chain } from './http/chain';
import { compressJson } from './http/compress';
import { idempotentWrites } from './http/idempotency';
import { mountRoutes, type Route } from './http/route';
import { IDEMPOTENT_REPLAYED_HEADER } from '@smart-zone/types/idempotency';
import { securityHeaders } from './http/security-headers';
import { inventoryRoutes, type ListDownloadOptions } from './inventory/inventory.routes';
import { placesRoutes } from './inventory/places.routes';
import type { PhotoStore } from './photos/photo-store';
import { photosRoutes } from './photos/photos.routes';
import { silentLogger } from './logging/logger';
import { eventsRoutes } from './events/events.routes';
import { liveEvents, type LiveEvents, type LiveEventsOptions } from './events/live-events';
import { importsRoutes } from './imports/imports.routes';
import { labelsRoutes } from './labels/labels.routes';
import { movementsRoutes } from './movements/movements.routes';
import { learnRoutes, REQUEST_ID_HEADER, requestLog } from './logging/request-log';
import { openApiRoutes } from './openapi/openapi';
import { serviceRoutes } from './service/service.routes';
import { statsRoutes } from './stats/stats.routes';
import { roleResolver } from './team/team-roles';
import { invitationMailer } from './team/invitation-email';
import { teamRoutes } from './team/team.routes';
import { contentSecurityPolicy } from './web/content-security-policy';
import type { Store } from './store/store';
import { webAppRoutes } from './web/web-app';

export type AppConfig = Partial<Pick<Config, 'trustProxy'>> & {
  /** Whole-list downloads at once and the stalled-reader timeout (defaults in http/); tests lower them. */
  listDownloads?: Partial<ListDownloadOptions>;
  /** The live event streams' limits and window (defaults in packages/types/src/live.ts); tests shorten them. */
  liveEvents?: LiveEventsOptions;
} & Pick<
    Config,
    | 'jwtSecret'
    | 'jwtTtlSeconds'
    | 'corsOrigins'
    | 'loginRateLimit'
    | 'firebase'
    | 'authEmulatorHost'
    | 'webDist'
    | 'ownerEmails'
    | 'staff'
    | 'writeRateLimit'
    | 'invitationEmail'
  > &
  Partial<Pick<Config, 'importRowsMax' | 'publicUrl' | 'publicUrlGiven' | 'currency'>>;

export interface AppDeps {
  store: Store;
  verifier: IdTokenVerifier;
  config: AppConfig;
  /** Where the request lines go; silent when absent (tests that do not read the log). */
  logger?: Logger;
  /** How long an account's state is believed (default ACCOUNT_RECHECK_MS); tests shorten it. */
  accountRecheckMs?: number;
  /** Where items' photos are kept (the data folder or a bucket); without it, photo routes answer 503. */
  photos?: PhotoStore;
}

/**
 * While trusting the Auth emulator (whose tokens are unsigned) answer only
 * requests addressed to this machine by name: a web page whose domain was
 * re-pointed at 127.0.0.1 (DNS rebinding) sends its own Host and is refused.
 */
const loopbackHostOnly: RequestHandler = (req, _res, next) => {
  const host = /^(\[[^\]]*\]|[^:]*)(:\d+)?$/.exec(req.headers.host ?? '')?.[1] ?? '';
  if (!isLoopbackName(host)) {
    throw new AppError(
      403,
      'forbidden',
      'This server trusts the local Auth emulator and answers only requests addressed to localhost.',
      undefined,
      'Host is not loopback while the Auth emulator is trusted',
    );
  }
  next();
};

/** Every route under /api, each declared once in its feature's *.routes.ts (see http/route.ts). */
function apiRoutes(deps: {
  store: Store;
  verifier: IdTokenVerifier;
  config: AppConfig;
  tokens: ReturnType<typeof createAccessTokens>;
  guards: ReturnType<typeof createGuards>;
  live: LiveEvents;
  logger: Logger;
  photos?: PhotoStore;
}): Route[] {
  const { store, verifier, config, tokens, guards, live, logger, photos } = deps;
  // The hot paths first: Express tries the routes in this order on every request.
  const routes = [
    ...inventoryRoutes({ store, downloads: config.listDownloads }),
    ...placesRoutes({ store }),
    ...photosRoutes({ store, photos }),
    ...deliveriesRoutes({ store }),
    ...locationsRoutes({ store }),
    ...countsRoutes({ store }),
    ...demoDataRoutes({ store }),
    ...peopleRoutes({ store }),
    ...alertsRoutes({ store }),
    ...movementsRoutes({ store, stalledReaderMs: config.listDownloads?.stalledReaderMs }),
    ...importsRoutes({ store, rowsMax: config.importRowsMax }),
    ...labelsRoutes({ store, config }),
    ...eventsRoutes({ live }),
    ...auditRoutes({ store }),
    ...statsRoutes({ store }),
    ...teamRoutes({
      store,
      settings: config,
      mailer: config.invitationEmail && invitationMailer(config.invitationEmail, logger),
    }),
    ...serviceRoutes({ store, config }),
    ...authRoutes({
      verifier,
      tokens,
      loginRateLimit: config.loginRateLimit,
      roleOf: guards.roleOf,
      people: store.people,
    }),
  ];
  return [...routes, ...openApiRoutes(routes)];
}

/** The whole HTTP surface, without listening: tests drive it with supertest. */
export function createApp({ store, verifier, config, logger = silentLogger(), accountRecheckMs, photos }: AppDeps) {
  // Where the account cannot be read after sign-in, the accessToken is short instead (docs/decisions/007).
  const tokens = createAccessTokens(
    config.jwtSecret,
    Math.min(config.jwtTtlSeconds, verifier.maxAccessTokenSeconds ?? Infinity),
  );
  const accounts = verifier.accountStatus
    ? createAccountCheck(verifier.accountStatus, { ttlMs: accountRecheckMs })
    : undefined;
  const guards = createGuards({
    tokens,
    roleOf: roleResolver(store, config),
    writeRateLimit: config.writeRateLimit,
    accounts,
  });

  // One subscription to the change feed for every live stream; closed with the server (liveEventsOf).
  const live = liveEvents(store.changes, config.liveEvents);
  // The routes' own router is the API's: compression and CORS one layer before them, the 404 after.
  const api = mountRoutes(
    apiRoutes({ store, verifier, config, tokens, guards, live, logger, photos }),
    guards,
    [
      compressJson(),
      cors({
        origin: config.corsOrigins,
        maxAge: 600,
        exposedHeaders: [TOTAL_COUNT_HEADER, 'ETag', 'Retry-After', REQUEST_ID_HEADER, IDEMPOTENT_REPLAYED_HEADER],
      }),
    ],
    idempotentWrites(store, (message) => logger.warn(message)),
  );
  api.use(apiNotFound);

  const app = express();
  app.disable('x-powered-by');
  // Behind a proxy req.ip is the forwarded client (the login limiter keys on it); unset, the socket's address.
  app.set('trust proxy', config.trustProxy ?? false);
  app.set('query parser', 'simple');
  // One layer that every request passes through. The request log first, so every answer (the Host guard's 403
  // and the web app's included) has its id and its line.
  app.use(
    chain(
      requestLog(app, logger, Boolean(config.trustProxy)),
      ...(config.authEmulatorHost ? [loopbackHostOnly] : []),
      securityHeaders({
        contentSecurityPolicy: { directives: contentSecurityPolicy(config) },
        // Google sign-in opens a popup on another origin and must still see it close.
        crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
      }),
    ),
  );
  app.use('/api', api);
  app.use(webAppRoutes(config.webDist));
  app.use(errorHandler());
  learnRoutes(app);
  app.locals.live = live;
  return app;
}

/** The app's live event streams: ended at shutdown, so that the server can close. */
export const liveEventsOf = (app: ReturnType<typeof createApp>) => app.locals.live as LiveEvents;
