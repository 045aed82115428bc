import request from 'supertest';
import { createApp } from '../src/app';
import { ACCOUNT_GONE_MESSAGE } from '../src/auth/account-check';
import { createFirebaseVerifier, type FirebaseVerifier } from '../src/auth/id-token-verifier';
import type { Store } from '../src/store/store';
import { type AuthEmulator, EMULATOR_PROJECT, identityToolkit, startAuthEmulator } from './helpers/auth-emulator';
import { sampleItem, testConfig } from './helpers/test-app';
import { openTestStore } from './helpers/test-store';
import { errorOf, insertedOf, loginOf } from './support/bodies';

/**
 * Tokens die with the account: after an account is disabled or deleted in the
 * real Auth emulator (through its admin REST API, as the Firebase console
 * does), its accessToken's signed-in requests are refused. The account is
 * re-read every RECHECK_MS here instead of every 30 s (account-check.test.ts
 * holds the default to that).
 */
const RECHECK_MS = 200;

describe('an accessToken whose account is disabled or deleted', () => {
  let emulator: AuthEmulator;
  let verifier: FirebaseVerifier;
  let store: Store;
  let app: ReturnType<typeof createApp>;
  const previousHost = process.env.FIREBASE_AUTH_EMULATOR_HOST;

  beforeAll(async () => {
    emulator = await startAuthEmulator();
    process.env.FIREBASE_AUTH_EMULATOR_HOST = emulator.host;
    verifier = createFirebaseVerifier({ firebase: { projectId: EMULATOR_PROJECT }, authEmulatorHost: emulator.host });
    store = await openTestStore();
    app = createApp({
      store,
      verifier,
      config: { ...testConfig, authEmulatorHost: emulator.host },
      accountRecheckMs: RECHECK_MS,
    });
  }, 90_000);

  afterAll(async () => {
    await verifier?.close?.();
    await store?.close();
    await emulator?.stop();
    if (previousHost === undefined) delete process.env.FIREBASE_AUTH_EMULATOR_HOST;
    else process.env.FIREBASE_AUTH_EMULATOR_HOST = previousHost;
  });

  /** The emulator's admin REST API (what firebase-admin and the console call), as the project owner. */
  async function admin(method: 'update' | 'delete', body: object) {
    const res = await fetch(
      `http://${emulator.host}/identitytoolkit.googleapis.com/v1/projects/${EMULATOR_PROJECT}/accounts:${method}`,
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: 'Bearer owner' },
        body: JSON.stringify(body),
      },
    );
    if (!res.ok) throw new Error(`accounts:${method} failed: ${res.status} ${await res.text()}`);
  }

  /** A verified staff member with an accessToken who has written once (the control). */
  async function signedInStaff(name: string) {
    const email = `${name}-${Date.now()}@example.com`;
    const account = await identityToolkit(emulator.host, 'signUp', {
      email,
      password: 'secret-pass-1',
      returnSecureToken: true,
    });
    const uid = String(account.localId);
    await admin('update', { localId: uid, emailVerified: true });
    const signIn = await identityToolkit(emulator.host, 'signInWithPassword', {
      email,
      password: 'secret-pass-1',
      returnSecureToken: true,
    });
    const login = await request(app)
      .post('/api/login')
      .set('Authorization', `Bearer ${String(signIn.idToken)}`);
    expect(login.status).toBe(200);
    const bearer = { Authorization: `Bearer ${loginOf(login).accessToken}` };
    const write = await request(app).post('/api/inventory').set(bearer).send(sampleItem);
    expect(write.status).toBe(201);
    return { uid, email, bearer, itemId: insertedOf(write).insertedId };
  }

  /** Every kind of signed-in request: a write, /me, /myitem and an item's history. */
  async function expectAllRefused(user: Awaited<ReturnType<typeof signedInStaff>>) {
    const answers = await Promise.all([
      request(app).post('/api/inventory').set(user.bearer).send(sampleItem),
      request(app).post(`/api/inventory/${user.itemId}/stock`).set(user.bearer).send({ delta: 1 }),
      request(app).get('/api/me').set(user.bearer),
      request(app)
        .get(`/api/myitem?email=${encodeURIComponent(user.email)}`)
        .set(user.bearer),
      request(app).get(`/api/inventory/${user.itemId}/history`).set(user.bearer),
    ]);
    for (const res of answers) {
      expect([res.status, errorOf(res)]).toEqual([401, { code: 'unauthorized', message: ACCOUNT_GONE_MESSAGE }]);
    }
  }

  const pastTheRecheck = () => new Promise((resolve) => setTimeout(resolve, RECHECK_MS + 100));

  it('disabled: its writes, /me, /myitem and history are refused with 401', async () => {
    const ann = await signedInStaff('disabled');
    await admin('update', { localId: ann.uid, disableUser: true });
    await pastTheRecheck();
    await expectAllRefused(ann);
  }, 60_000);

  it('deleted: the same', async () => {
    const bob = await signedInStaff('deleted');
    await admin('delete', { localId: bob.uid });
    await pastTheRecheck();
    await expectAllRefused(bob);
  }, 60_000);

  it('re-enabled: it works again (the control: the refusals above are the account, not the token)', async () => {
    const carl = await signedInStaff('reenabled');
    await admin('update', { localId: carl.uid, disableUser: true });
    await pastTheRecheck();
    expect((await request(app).get('/api/me').set(carl.bearer)).status).toBe(401);
    await admin('update', { localId: carl.uid, disableUser: false });
    await pastTheRecheck();
    expect((await request(app).get('/api/me').set(carl.bearer)).status).toBe(200);
  }, 60_000);
});
