import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { IMPORT_ROWS_DEFAULT } from '@smart-zone/types/imports';
import type { AlertChannelSettings } from './alerts/alert-dispatch';
import { readServiceAccount, type ServiceAccountInfo } from './auth/service-account';
import { parseStaffList, type StaffList } from './auth/staff';
import type { InvitationEmailSettings } from './team/invitation-email';
import type { S3Settings } from './photos/s3-photos';

/**
 * The one place that reads process.env: parsed once, every bad variable
 * named, a typed object out. Nothing else reads the environment.
 */
const booleanText = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' })
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

/** The demo project's settings: fine locally and in tests, refused in production. */
const DEMO_FIREBASE = {
  projectId: 'demo-smart-zone',
  apiKey: 'demo-api-key',
  authDomain: 'demo-smart-zone.firebaseapp.com',
} as const;

const LOG_LEVELS = ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'] as const;

/** ISO 4217 codes this runtime knows: a typo (EUT) stops the start rather than showing "EUT 14.50". */
const KNOWN_CURRENCIES = new Set(Intl.supportedValuesOf('currency'));

/** CURRENCY unless set. */
export const DEFAULT_CURRENCY = 'USD';

const currencyCode = z
  .string()
  .refine(
    (code) => /^[A-Z]{3}$/.test(code) && KNOWN_CURRENCIES.has(code),
    'must be an ISO 4217 currency code in capitals, e.g. USD, EUR or GBP',
  );

const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' });

/** `ann@shop.com` or `Smart Zone <alerts@shop.com>`. */
const mailbox = z
  .string()
  .refine(
    (text) => z.email().safeParse(/^[^<>]*<([^<>]+)>\s*$/.exec(text)?.[1] ?? text.trim()).success,
    'must be an email address, e.g. alerts@shop.com or Smart Zone <alerts@shop.com>',
  );

const emailList = z
  .string()
  .transform((text) => text.split(',').map((entry) => entry.trim()))
  .refine(
    (entries) => entries.every((entry) => z.email().safeParse(entry).success),
    'must be comma-separated email addresses, e.g. ann@shop.com,orders@shop.com',
  );

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(5000),
  HOST: z.string().min(1).optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  MONGODB_URI: z
    .string()
    .regex(/^mongodb(\+srv)?:\/\//, 'must start with mongodb:// or mongodb+srv://')
    .optional(),
  MONGODB_DB: z.string().min(1).default('smart-zone'),
  MONGODB_ALLOW_STANDALONE: booleanText.optional(),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  JWT_TTL_SECONDS: z.coerce.number().int().min(60).max(86_400).default(3600),
  FIREBASE_PROJECT_ID: z.string().min(1).default(DEMO_FIREBASE.projectId),
  FIREBASE_API_KEY: z.string().min(1).default(DEMO_FIREBASE.apiKey),
  FIREBASE_AUTH_DOMAIN: z.string().min(1).default(DEMO_FIREBASE.authDomain),
  FIREBASE_AUTH_EMULATOR_HOST: z
    .string()
    .regex(/^[\w.-]+:\d+$/, 'must be host:port, e.g. 127.0.0.1:9099')
    .optional(),
  /** A service account's key file: turns on the disabled/revoked checks (see auth/id-token-verifier.ts). */
  FIREBASE_SERVICE_ACCOUNT: z.string().min(1).optional(),
  /** Google's standard name for the same file. */
  GOOGLE_APPLICATION_CREDENTIALS: z.string().min(1).optional(),
  CORS_ORIGINS: z.string().default(''),
  WEB_DIST: z.string().min(1).optional(),
  /** Default: on outside production, off in production (a fresh warehouse starts empty). */
  SEED_DEMO_DATA: booleanText.optional(),
  TRUST_PROXY: z
    .string()
    .transform((text, ctx) => {
      const trust = parseTrustProxy(text);
      if (trust === null) {
        ctx.addIssue({
          code: 'custom',
          message:
            'must be a hop count (e.g. 1 behind one proxy) or a comma-separated list of proxy addresses/CIDRs ' +
            '(e.g. 10.0.0.0/8,172.16.0.0/12, or loopback, linklocal, uniquelocal)',
        });
        return z.NEVER;
      }
      return trust;
    })
    .optional(),
  /** Default 20; 120 when sign-in is signature-only (every user then signs in again twice a minute, docs/decisions/007). */
  LOGIN_RATE_LIMIT: z.coerce.number().int().min(1).optional(),
  OWNER_EMAILS: z
    .string()
    .refine(
      (text) => text.split(',').every((entry) => /^\s*([^\s@,]+@[^\s@,]+)?\s*$/.test(entry)),
      'must be comma-separated emails, e.g. ann@shop.com,bo@shop.com',
    )
    .optional(),
  STAFF: z
    .string()
    .refine(
      (text) => text.split(',').every((entry) => /^\s*([^\s@,]+@[^\s@,]+|@[^\s@,]+)?\s*$/.test(entry)),
      'must be comma-separated emails and @domains, e.g. ann@shop.com,@shop.com',
    )
    .optional(),
  WRITE_RATE_LIMIT: z.coerce.number().int().min(1).default(300),
  IMPORT_ROWS_MAX: z.coerce.number().int().min(1).max(2_000_000).default(IMPORT_ROWS_DEFAULT),
  /** The currency every price and value is in: the web app shows them with its symbol (GET /api/config). */
  CURRENCY: currencyCode.default(DEFAULT_CURRENCY),
  LOG_LEVEL: z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` }).default('info'),
  /** The web app's address as its users reach it: alert emails link to items there. */
  PUBLIC_URL: httpUrl.optional(),
  SMTP_URL: z
    .url({
      protocol: /^smtps?$/,
      error: 'must be an smtp:// or smtps:// URL, e.g. smtp://user:password@relay.example.com:587',
    })
    .optional(),
  ALERT_EMAIL_TO: emailList.optional(),
  ALERT_EMAIL_FROM: mailbox.optional(),
  ALERT_WEBHOOK_URL: httpUrl.optional(),
  ALERT_WEBHOOK_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  /** Whether the email and webhook also say when an alert resolves (its item is above its reorder point again). */
  ALERT_SEND_RESOLVED: booleanText.default(false),
  /** Items' photos in an S3-compatible bucket instead of DATA_DIR/photos: all four of endpoint, bucket and keys. */
  PHOTOS_S3_ENDPOINT: httpUrl.optional(),
  PHOTOS_S3_BUCKET: z
    .string()
    .regex(
      /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
      'must be a bucket name: 3–63 lower-case letters, digits, dots, hyphens',
    )
    .optional(),
  PHOTOS_S3_REGION: z.string().min(1).default('us-east-1'),
  PHOTOS_S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  PHOTOS_S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
});

/** Every variable loadConfig reads: README's settings table lists exactly these (test/config.test.ts). */
export const SETTING_NAMES = Object.keys(envSchema.shape);

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  mongodbUri?: string;
  mongodbDb: string;
  /** MONGODB_ALLOW_STANDALONE: accept a standalone mongod (no transactions). */
  mongodbAllowStandalone: boolean;
  jwtSecret: string;
  /** True when no JWT_SECRET was given and one was made up for this run. */
  jwtSecretGenerated: boolean;
  jwtTtlSeconds: number;
  firebase: { projectId: string; apiKey: string; authDomain: string };
  /** host:port of the Firebase Auth emulator; its tokens are unsigned, so local use only. */
  authEmulatorHost?: string;
  /**
   * FIREBASE_SERVICE_ACCOUNT or GOOGLE_APPLICATION_CREDENTIALS, checked; unused (and unchecked) with the
   * emulator. Not under `firebase`, which the web app is sent.
   */
  serviceAccount?: ServiceAccountInfo;
  corsOrigins: string[];
  webDist: string;
  seedDemoData: boolean;
  /**
   * Express `trust proxy`: false (the socket's address is the client), a hop
   * count, or the proxies' addresses/CIDRs. The login limiter keys on req.ip,
   * which then is the forwarded client behind the proxy.
   */
  trustProxy: TrustProxy;
  loginRateLimit: number;
  /** The first owners (OWNER_EMAILS), normalised: the app cannot demote or remove them. */
  ownerEmails: readonly string[];
  /** STAFF: emails and @domains who are clerks unless the team says otherwise; null when unset. */
  staff: StaffList;
  writeRateLimit: number;
  /** IMPORT_ROWS_MAX: the most data rows one CSV import may have (413 past it, while reading). */
  importRowsMax: number;
  /** The least severe log entries written: `info` has one line per request, `warn` only refusals and failures. */
  logLevel: (typeof LOG_LEVELS)[number];
  /** CURRENCY: the ISO 4217 code prices and values are in, for the web app (GET /api/config). */
  currency: string;
  /** PUBLIC_URL, without a trailing slash; default http://localhost:<PORT>. */
  publicUrl: string;
  /** PUBLIC_URL as given (without a trailing slash), or undefined: labels' QR codes then name the request's origin. */
  publicUrlGiven?: string;
  /** Where low-stock alerts go besides the app: only the channels whose settings are all given. */
  alerts: AlertChannelSettings;
  /** SMTP_URL set: each invitation from the Team page is emailed to the invitee. */
  invitationEmail?: InvitationEmailSettings;
  /** PHOTOS_S3_*: photos in that bucket; undefined: in DATA_DIR/photos. */
  photosS3?: S3Settings;
}

type TrustProxy = false | number | string[];

export class ConfigError extends Error {}

/** .env.example's JWT_SECRET placeholder starts so: anyone could sign accessTokens with it. */
const EXAMPLE_SECRET_PREFIX = 'replace-me';

const TRUST_PRESETS = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** `1` → 1 hop; `10.0.0.0/8, 127.0.0.1` → that list; anything else → null. `true` (trust everyone) is refused. */
function parseTrustProxy(text: string): TrustProxy | null {
  const trimmed = text.trim();
  if (/^\d+$/.test(trimmed)) {
    const hops = Number(trimmed);
    return hops === 0 ? false : hops <= 10 ? hops : null;
  }
  const entries = trimmed.split(',').map((entry) => entry.trim());
  const valid = entries.every((entry) => {
    if (TRUST_PRESETS.has(entry)) return true;
    const [address = '', prefix, ...rest] = entry.split('/');
    const family = isIP(address);
    if (!family || rest.length) return false;
    if (prefix === undefined) return true;
    if (!/^\d+$/.test(prefix)) return false;
    return Number(prefix) <= (family === 4 ? 32 : 128);
  });
  return valid && entries.length ? entries : null;
}

const LOOPBACK_HOSTS = new Set(['127.0.0.1', '::1', 'localhost']);

/** Whether a listen address or a Host name (without port or brackets) is this machine only. */
export function isLoopbackName(host: string): boolean {
  const name = host.toLowerCase().replace(/^\[(.*)\]$/, '$1');
  return LOOPBACK_HOSTS.has(name) || /^127(\.\d{1,3}){3}$/.test(name) || name.endsWith('.localhost');
}

/** The service-account file, when one is named: its problems go to `problems`, one line each. */
function checkServiceAccount(
  e: Pick<
    z.output<typeof envSchema>,
    'FIREBASE_SERVICE_ACCOUNT' | 'GOOGLE_APPLICATION_CREDENTIALS' | 'FIREBASE_PROJECT_ID'
  >,
  problems: string[],
): ServiceAccountInfo | undefined {
  const { FIREBASE_SERVICE_ACCOUNT: ours, GOOGLE_APPLICATION_CREDENTIALS: google } = e;
  if (ours && google && path.resolve(ours) !== path.resolve(google)) {
    problems.push(
      'FIREBASE_SERVICE_ACCOUNT: names another file than GOOGLE_APPLICATION_CREDENTIALS; set one of them (same meaning)',
    );
    return undefined;
  }
  const file = ours ?? google;
  if (!file) return undefined;
  const read = readServiceAccount(
    ours ? 'FIREBASE_SERVICE_ACCOUNT' : 'GOOGLE_APPLICATION_CREDENTIALS',
    file,
    e.FIREBASE_PROJECT_ID,
  );
  if ('problems' in read) {
    problems.push(...read.problems);
    return undefined;
  }
  return read;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const blankless = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = envSchema.safeParse(blankless);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);
  }
  const e = parsed.data;
  const problems: string[] = [];
  const production = e.NODE_ENV === 'production';
  if (production && e.FIREBASE_AUTH_EMULATOR_HOST) {
    problems.push(
      'FIREBASE_AUTH_EMULATOR_HOST: must not be set when NODE_ENV=production ' +
        '(the emulator accepts unsigned tokens anyone can write)',
    );
  }
  if (production && !e.JWT_SECRET) problems.push('JWT_SECRET: required when NODE_ENV=production');
  if (production && e.JWT_SECRET?.startsWith(EXAMPLE_SECRET_PREFIX)) {
    problems.push('JWT_SECRET: still the placeholder from .env.example; set a random one, e.g. `openssl rand -hex 32`');
  }
  if (production && e.FIREBASE_PROJECT_ID.startsWith('demo-')) {
    problems.push(
      `FIREBASE_PROJECT_ID: "${e.FIREBASE_PROJECT_ID}" is a demo project (offline, emulator only); ` +
        'set your real Firebase project id when NODE_ENV=production',
    );
  }
  if (production && e.FIREBASE_API_KEY === DEMO_FIREBASE.apiKey) {
    problems.push("FIREBASE_API_KEY: the demo key; set your Firebase web app's API key when NODE_ENV=production");
  }
  if (
    production &&
    (e.FIREBASE_AUTH_DOMAIN === DEMO_FIREBASE.authDomain || e.FIREBASE_AUTH_DOMAIN.startsWith('demo-'))
  ) {
    problems.push(
      "FIREBASE_AUTH_DOMAIN: the demo domain; set your project's auth domain (e.g. <project>.firebaseapp.com) " +
        'when NODE_ENV=production',
    );
  }
  // Trusting the emulator means trusting anyone who can reach us: loopback only, never a wider address.
  const host = e.HOST ?? (e.FIREBASE_AUTH_EMULATOR_HOST ? '127.0.0.1' : '0.0.0.0');
  if (e.FIREBASE_AUTH_EMULATOR_HOST && !isLoopbackName(host)) {
    problems.push(
      `HOST: "${host}" is not loopback, but FIREBASE_AUTH_EMULATOR_HOST is set and the emulator's tokens are ` +
        'unsigned: listen on 127.0.0.1, ::1 or localhost, or unset FIREBASE_AUTH_EMULATOR_HOST',
    );
  }
  const serviceAccount = e.FIREBASE_AUTH_EMULATOR_HOST ? undefined : checkServiceAccount(e, problems);
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  const alerts = alertChannels(e, publicUrl, problems);
  const photosS3 = photoBucket(e, problems);
  if (problems.length) throw new ConfigError(`Invalid configuration:\n${problems.map((p) => `  ${p}`).join('\n')}`);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host,
    dataDir: path.resolve(e.DATA_DIR),
    mongodbUri: e.MONGODB_URI,
    mongodbDb: e.MONGODB_DB,
    mongodbAllowStandalone: e.MONGODB_ALLOW_STANDALONE ?? false,
    jwtSecret: e.JWT_SECRET ?? randomBytes(48).toString('base64url'),
    jwtSecretGenerated: !e.JWT_SECRET,
    jwtTtlSeconds: e.JWT_TTL_SECONDS,
    firebase: {
      projectId: e.FIREBASE_PROJECT_ID,
      apiKey: e.FIREBASE_API_KEY,
      authDomain: e.FIREBASE_AUTH_DOMAIN,
    },
    authEmulatorHost: e.FIREBASE_AUTH_EMULATOR_HOST,
    serviceAccount,
    corsOrigins: e.CORS_ORIGINS.split(',')
      .map((origin) => origin.trim())
      .filter(Boolean),
    webDist: path.resolve(e.WEB_DIST ?? path.join(__dirname, '../../web/dist')),
    seedDemoData: e.SEED_DEMO_DATA ?? !production,
    trustProxy: e.TRUST_PROXY ?? false,
    loginRateLimit: e.LOGIN_RATE_LIMIT ?? (!e.FIREBASE_AUTH_EMULATOR_HOST && !serviceAccount ? 120 : 20),
    ownerEmails: parseStaffList(e.OWNER_EMAILS) ?? [],
    staff: parseStaffList(e.STAFF),
    writeRateLimit: e.WRITE_RATE_LIMIT,
    importRowsMax: e.IMPORT_ROWS_MAX,
    logLevel: e.LOG_LEVEL,
    currency: e.CURRENCY,
    publicUrl,
    publicUrlGiven: e.PUBLIC_URL && publicUrl,
    alerts,
    invitationEmail: e.SMTP_URL
      ? { smtpUrl: e.SMTP_URL, from: e.ALERT_EMAIL_FROM ?? defaultSender(publicUrl), publicUrl }
      : undefined,
    photosS3,
  };
}

/** The photo bucket: its four settings together, or none of them (photos then go to DATA_DIR/photos). */
function photoBucket(e: z.output<typeof envSchema>, problems: string[]): S3Settings | undefined {
  const given = {
    PHOTOS_S3_ENDPOINT: e.PHOTOS_S3_ENDPOINT,
    PHOTOS_S3_BUCKET: e.PHOTOS_S3_BUCKET,
    PHOTOS_S3_ACCESS_KEY_ID: e.PHOTOS_S3_ACCESS_KEY_ID,
    PHOTOS_S3_SECRET_ACCESS_KEY: e.PHOTOS_S3_SECRET_ACCESS_KEY,
  };
  const missing = Object.entries(given).filter(([, value]) => value === undefined);
  if (missing.length === 4) return undefined;
  if (missing.length > 0) {
    for (const [name] of missing)
      problems.push(`${name}: required with the other PHOTOS_S3_ settings (photos in a bucket)`);
    return undefined;
  }
  return {
    endpoint: e.PHOTOS_S3_ENDPOINT!,
    bucket: e.PHOTOS_S3_BUCKET!,
    region: e.PHOTOS_S3_REGION,
    accessKeyId: e.PHOTOS_S3_ACCESS_KEY_ID!,
    secretAccessKey: e.PHOTOS_S3_SECRET_ACCESS_KEY!,
  };
}

/** Where emails come from unless ALERT_EMAIL_FROM says otherwise. */
const defaultSender = (publicUrl: string) => `Smart Zone <alerts@${new URL(publicUrl).hostname}>`;

/** The alert channels: each setting of a pair needs the other, else the start stops naming the missing one. */
function alertChannels(e: z.output<typeof envSchema>, publicUrl: string, problems: string[]): AlertChannelSettings {
  const pair = (a: string, aValue: unknown, b: string, bValue: unknown, what: string) => {
    if (aValue !== undefined && bValue === undefined) problems.push(`${b}: required with ${a} (${what})`);
    if (bValue !== undefined && aValue === undefined) problems.push(`${a}: required with ${b} (${what})`);
    return aValue !== undefined && bValue !== undefined;
  };
  // SMTP_URL alone sends invitations (invitationEmail below); alert emails need recipients too.
  if (e.ALERT_EMAIL_TO !== undefined && e.SMTP_URL === undefined) {
    problems.push('SMTP_URL: required with ALERT_EMAIL_TO (alert emails need a relay and recipients)');
  }
  const email = e.SMTP_URL !== undefined && e.ALERT_EMAIL_TO !== undefined;
  if (e.ALERT_EMAIL_FROM !== undefined && e.SMTP_URL === undefined) {
    problems.push('ALERT_EMAIL_FROM: set, but SMTP_URL is not (no email would be sent)');
  }
  if (e.SMTP_URL !== undefined && e.NODE_ENV === 'production' && e.PUBLIC_URL === undefined) {
    problems.push(
      "PUBLIC_URL: required with SMTP_URL when NODE_ENV=production (emails link to the app and the item's page)",
    );
  }
  const webhook = pair(
    'ALERT_WEBHOOK_URL',
    e.ALERT_WEBHOOK_URL,
    'ALERT_WEBHOOK_SECRET',
    e.ALERT_WEBHOOK_SECRET,
    'every webhook call is signed',
  );
  return {
    ...(email && e.SMTP_URL && e.ALERT_EMAIL_TO
      ? {
          email: {
            smtpUrl: e.SMTP_URL,
            to: e.ALERT_EMAIL_TO,
            from: e.ALERT_EMAIL_FROM ?? defaultSender(publicUrl),
            publicUrl,
          },
        }
      : {}),
    ...(webhook && e.ALERT_WEBHOOK_URL && e.ALERT_WEBHOOK_SECRET
      ? { webhook: { url: e.ALERT_WEBHOOK_URL, secret: e.ALERT_WEBHOOK_SECRET } }
      : {}),
    ...(e.ALERT_SEND_RESOLVED ? { sendResolved: true } : {}),
  };
}
