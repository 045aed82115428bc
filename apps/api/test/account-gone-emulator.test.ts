import request from 'supertest';
import { ACCOUNT_GONE_MESSAGE } from '../src/auth/account-check';
import { type AuthEmulator, emulatorAdmin, identityToolkit } from './helpers/auth-emulator';
import { type EmulatorApp, startEmulatorApp } from './helpers/emulator-app';
import { sampleItem } from './helpers/test-app';
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
  let t: EmulatorApp;
  let emulator: AuthEmulator;
  let app: EmulatorApp['app'];

  beforeAll(async () => {
    t = await startEmulatorApp({ accountRecheckMs: RECHECK_MS });
    ({ emulator, app } = t);
  }, 90_000);

  afterAll(() => t?.close());

  const admin = (method: 'update' | 'delete', body: object) => emulatorAdmin(emulator.host, method, body);

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
