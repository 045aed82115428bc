import jwt from 'jsonwebtoken';
import request from 'supertest';
import { createApp } from '../src/app';
import { createFirebaseVerifier, type IdTokenVerifier } from '../src/auth/id-token-verifier';
import { openStore } from '../src/store/open-store';
import type { Store } from '../src/store/store';
import {
  type AuthEmulator,
  EMULATOR_PROJECT,
  identityToolkit,
  oobCodes,
  startAuthEmulator,
} from './helpers/auth-emulator';
import { sampleItem, testConfig } from './helpers/test-app';

/** Real ID tokens from the real Firebase Auth emulator, verified by real firebase-admin. */
describe('POST /api/login with the Firebase Auth emulator', () => {
  let emulator: AuthEmulator;
  let verifier: IdTokenVerifier;
  let store: Store;
  let app: ReturnType<typeof createApp>;
  const previousHost = process.env.FIREBASE_AUTH_EMULATOR_HOST;

  beforeAll(async () => {
    emulator = await startAuthEmulator();
    process.env.FIREBASE_AUTH_EMULATOR_HOST = emulator.host;
    verifier = createFirebaseVerifier('demo-smart-zone');
    store = await openStore({ mongodbDb: 'test', dataDir: ':memory:' });
    app = createApp({ store, verifier, config: { ...testConfig, authEmulatorHost: emulator.host }, log: () => {} });
  }, 90_000);

  afterAll(async () => {
    await verifier?.close?.();
    await store?.close();
    await emulator?.stop();
    if (previousHost === undefined) delete process.env.FIREBASE_AUTH_EMULATOR_HOST;
    else process.env.FIREBASE_AUTH_EMULATOR_HOST = previousHost;
  });

  it('signs up, is refused writes until the email is verified, then adds an item', async () => {
    const email = `staff-${Date.now()}@example.com`;
    const signUp = await identityToolkit(emulator.host, 'signUp', {
      email,
      password: 'secret-pass-1',
      returnSecureToken: true,
    });

    const first = await request(app).post('/api/login').set('Authorization', `Bearer ${signUp.idToken}`);
    expect(first.status).toBe(200);
    const unverifiedWrite = await request(app)
      .post('/api/inventory')
      .set('Authorization', `Bearer ${first.body.accessToken}`)
      .send(sampleItem);
    expect(unverifiedWrite.status).toBe(403);

    await identityToolkit(emulator.host, 'sendOobCode', { requestType: 'VERIFY_EMAIL', idToken: signUp.idToken });
    const code = (await oobCodes(emulator.host)).find((c) => c.email === email && c.requestType === 'VERIFY_EMAIL');
    expect(code).toBeDefined();
    await identityToolkit(emulator.host, 'update', { oobCode: code!.oobCode });

    const signIn = await identityToolkit(emulator.host, 'signInWithPassword', {
      email,
      password: 'secret-pass-1',
      returnSecureToken: true,
    });
    const second = await request(app).post('/api/login').set('Authorization', `Bearer ${signIn.idToken}`);
    expect(second.status).toBe(200);
    const write = await request(app)
      .post('/api/inventory')
      .set('Authorization', `Bearer ${second.body.accessToken}`)
      .send(sampleItem);
    expect(write.status).toBe(201);
  });

  /** The emulator's admin REST API (what firebase-admin calls), as the project owner. */
  async function adminUpdate(body: object) {
    const res = await fetch(
      `http://${emulator.host}/identitytoolkit.googleapis.com/v1/projects/${EMULATOR_PROJECT}/accounts:update`,
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: 'Bearer owner' },
        body: JSON.stringify(body),
      },
    );
    if (!res.ok) throw new Error(`accounts:update failed: ${res.status} ${await res.text()}`);
  }

  /** The emulator's tokens are unsigned: anyone holding one can rewrite its claims. */
  function editClaims(idToken: string, changes: Record<string, unknown>) {
    const [header, payload] = idToken.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as Record<string, unknown>;
    return `${header}.${Buffer.from(JSON.stringify({ ...claims, ...changes })).toString('base64url')}.`;
  }

  it("an edited token never buys another address's accessToken: email and verified come from the account", async () => {
    const victim = `victim-${Date.now()}@example.com`;
    const victimAccount = await identityToolkit(emulator.host, 'signUp', {
      email: victim,
      password: 'secret-pass-1',
      returnSecureToken: true,
    });
    await adminUpdate({ localId: victimAccount.localId, emailVerified: true });
    const attacker = `attacker-${Date.now()}@example.com`;
    const signUp = await identityToolkit(emulator.host, 'signUp', {
      email: attacker,
      password: 'secret-pass-1',
      returnSecureToken: true,
    });

    const edited = editClaims(signUp.idToken as string, {
      email: victim,
      email_verified: true,
      firebase: { identities: { email: [victim] }, sign_in_provider: 'google.com' },
    });
    // The edit is what firebase-admin alone would have believed.
    expect(JSON.parse(Buffer.from(edited.split('.')[1]!, 'base64url').toString())).toMatchObject({ email: victim });

    const res = await request(app).post('/api/login').set('Authorization', `Bearer ${edited}`);
    expect(res.status).toBe(200);
    const claims = jwt.decode(res.body.accessToken) as jwt.JwtPayload;
    expect(claims).toMatchObject({ email: attacker, uid: signUp.localId, verified: false });

    const write = await request(app)
      .post('/api/inventory')
      .set('Authorization', `Bearer ${res.body.accessToken}`)
      .send(sampleItem);
    expect(write.status).toBe(403);
  });

  it('a disabled account gets 401 (revocation is checked at /login)', async () => {
    const email = `disabled-${Date.now()}@example.com`;
    const signUp = await identityToolkit(emulator.host, 'signUp', {
      email,
      password: 'secret-pass-1',
      returnSecureToken: true,
    });
    const before = await request(app).post('/api/login').set('Authorization', `Bearer ${signUp.idToken}`);
    expect(before.status).toBe(200);

    await adminUpdate({ localId: signUp.localId, disableUser: true });
    const after = await request(app).post('/api/login').set('Authorization', `Bearer ${signUp.idToken}`);
    expect(after.status).toBe(401);
    expect(after.body.error.code).toBe('unauthorized');
  });

  it("refuses a token that is not the emulator's", async () => {
    const res = await request(app).post('/api/login').set('Authorization', 'Bearer eyJhbGciOiJub25lIn0.e30.');
    expect(res.status).toBe(401);
  });
});
