import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { z } from 'zod';
import { parseStaffList, type StaffList } from './auth/staff';

/**
 * The one place that reads process.env: parsed once, every bad variable
 * named, a typed object out. Nothing else reads the environment.
 */
const booleanText = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' })
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

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
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  JWT_TTL_SECONDS: z.coerce.number().int().min(60).max(86_400).default(3600),
  FIREBASE_PROJECT_ID: z.string().min(1).default('demo-smart-zone'),
  FIREBASE_API_KEY: z.string().min(1).default('demo-api-key'),
  FIREBASE_AUTH_DOMAIN: z.string().min(1).default('demo-smart-zone.firebaseapp.com'),
  FIREBASE_AUTH_EMULATOR_HOST: z
    .string()
    .regex(/^[\w.-]+:\d+$/, 'must be host:port, e.g. 127.0.0.1:9099')
    .optional(),
  CORS_ORIGINS: z.string().default(''),
  WEB_DIST: z.string().min(1).optional(),
  SEED_DEMO_DATA: booleanText.default(true),
  LOGIN_RATE_LIMIT: z.coerce.number().int().min(1).default(20),
  STAFF: z
    .string()
    .refine(
      (text) => text.split(',').every((entry) => /^\s*([^\s@,]+@[^\s@,]+|@[^\s@,]+)?\s*$/.test(entry)),
      'must be comma-separated emails and @domains, e.g. ann@shop.com,@shop.com',
    )
    .optional(),
  WRITE_RATE_LIMIT: z.coerce.number().int().min(1).default(300),
});

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  mongodbUri?: string;
  mongodbDb: string;
  jwtSecret: string;
  /** True when no JWT_SECRET was given and one was made up for this run. */
  jwtSecretGenerated: boolean;
  jwtTtlSeconds: number;
  firebase: { projectId: string; apiKey: string; authDomain: string };
  /** host:port of the Firebase Auth emulator; its tokens are unsigned, so local use only. */
  authEmulatorHost?: string;
  corsOrigins: string[];
  webDist: string;
  seedDemoData: boolean;
  loginRateLimit: number;
  /** Who may write; null: every verified user (STAFF unset). */
  staff: StaffList;
  writeRateLimit: number;
}

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const blankless = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = envSchema.safeParse(blankless);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);
  }
  const e = parsed.data;
  if (e.NODE_ENV === 'production' && e.FIREBASE_AUTH_EMULATOR_HOST) {
    throw new ConfigError(
      'Invalid configuration:\n  FIREBASE_AUTH_EMULATOR_HOST: must not be set when NODE_ENV=production ' +
        '(the emulator accepts unsigned tokens anyone can write)',
    );
  }
  if (e.NODE_ENV === 'production' && !e.JWT_SECRET) {
    throw new ConfigError('Invalid configuration:\n  JWT_SECRET: required when NODE_ENV=production');
  }
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    // Trusting the emulator means trusting anyone who can reach us: stay on loopback unless told.
    host: e.HOST ?? (e.FIREBASE_AUTH_EMULATOR_HOST ? '127.0.0.1' : '0.0.0.0'),
    dataDir: path.resolve(e.DATA_DIR),
    mongodbUri: e.MONGODB_URI,
    mongodbDb: e.MONGODB_DB,
    jwtSecret: e.JWT_SECRET ?? randomBytes(48).toString('base64url'),
    jwtSecretGenerated: !e.JWT_SECRET,
    jwtTtlSeconds: e.JWT_TTL_SECONDS,
    firebase: {
      projectId: e.FIREBASE_PROJECT_ID,
      apiKey: e.FIREBASE_API_KEY,
      authDomain: e.FIREBASE_AUTH_DOMAIN,
    },
    authEmulatorHost: e.FIREBASE_AUTH_EMULATOR_HOST,
    corsOrigins: e.CORS_ORIGINS.split(',')
      .map((origin) => origin.trim())
      .filter(Boolean),
    webDist: path.resolve(e.WEB_DIST ?? path.join(__dirname, '../../web/dist')),
    seedDemoData: e.SEED_DEMO_DATA,
    loginRateLimit: e.LOGIN_RATE_LIMIT,
    staff: parseStaffList(e.STAFF),
    writeRateLimit: e.WRITE_RATE_LIMIT,
  };
}
