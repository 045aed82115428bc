import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import type { ItemInput } from '@smart-zone/types/item';
import { createApp, type AppConfig } from '../../src/app';
import type { FirebaseIdentity, IdTokenVerifier } from '../../src/auth/id-token-verifier';
import { diskPhotos, type PhotoStore } from '../../src/photos/photo-store';
import type { Store } from '../../src/store/store';
import { recordAnswers } from './conformance';
import { openTestStore } from './test-store';

export const TEST_SECRET = 'test-secret-that-is-long-enough-for-hs256-0123456789';

export const testConfig: AppConfig = {
  jwtSecret: TEST_SECRET,
  jwtTtlSeconds: 3600,
  corsOrigins: ['http://allowed.example'],
  loginRateLimit: 1000,
  firebase: { projectId: 'demo-smart-zone', apiKey: 'demo-api-key', authDomain: 'demo-smart-zone.firebaseapp.com' },
  authEmulatorHost: undefined,
  webDist: '/nonexistent-web-dist',
  ownerEmails: [],
  staff: null,
  writeRateLimit: 100_000,
};

/** Who the helpers' own items are made by. */
export const TEST_ACTOR = { uid: 'uid-setup@example.com', email: 'setup@example.com' };

/**
 * Stands in for Firebase at its boundary: an ID token here is
 * `id:<email>:<verified|unverified>:<provider>`. Anything else is refused,
 * as firebase-admin refuses a token it cannot verify.
 */
export const fakeVerifier: IdTokenVerifier = {
  verify(idToken: string): Promise<FirebaseIdentity> {
    const [tag, email, state, provider] = idToken.split(':');
    if (tag !== 'id' || !email || !state || !provider) return Promise.reject(new Error('invalid ID token'));
    return Promise.resolve({
      uid: `uid-${email}`,
      email,
      emailVerified: state === 'verified',
      signInProvider: provider,
    });
  },
};

export interface TestApp {
  app: ReturnType<typeof createApp>;
  store: Store;
  /** A real accessToken from POST /login for that user. */
  tokenFor(email: string, options?: { verified?: boolean; provider?: string }): Promise<string>;
  addItem(overrides?: Partial<ItemInput>): Promise<string>;
  close(): Promise<void>;
}

export const sampleItem: ItemInput = {
  name: 'Pixel 9',
  supplier: 'Google',
  price: 799,
  quantity: 10,
  description: 'A phone with a good camera.',
  img: '/images/pixel-9.svg',
};

/**
 * The app on a fresh, empty store of this jest project's kind (test-store.ts): SQLite or MongoDB; or on
 * `store` (one on a file, say), which its close() closes too. Photos go to `photos`, else to a folder of
 * their own under the system's temporary folder (made at the first photo, removed by close()).
 */
export async function makeTestApp(
  config: Partial<AppConfig> = {},
  onStore?: Store,
  photos?: PhotoStore,
): Promise<TestApp> {
  const store = onStore ?? (await openTestStore());
  const photoDir = path.join(os.tmpdir(), `smart-zone-photos-${randomBytes(6).toString('hex')}`);
  const app = recordAnswers(
    createApp({
      store,
      verifier: fakeVerifier,
      config: { ...testConfig, ...config },
      photos: photos ?? diskPhotos(photoDir),
    }),
  );
  const tokenFor: TestApp['tokenFor'] = async (email, { verified = true, provider = 'password' } = {}) => {
    const res = await request(app)
      .post('/api/login')
      .set('Authorization', `Bearer id:${email}:${verified ? 'verified' : 'unverified'}:${provider}`);
    if (res.status !== 200) throw new Error(`login failed: ${res.status} ${JSON.stringify(res.body)}`);
    return (res.body as { accessToken: string }).accessToken;
  };
  return {
    app,
    store,
    tokenFor,
    async addItem(overrides = {}) {
      const item = await store.items.create({ ...sampleItem, ...overrides }, TEST_ACTOR);
      return item._id;
    },
    async close() {
      await store.close();
      await rm(photoDir, { recursive: true, force: true });
    },
  };
}

export const UNKNOWN_ID = 'aaaaaaaaaaaaaaaaaaaaaaaa';
