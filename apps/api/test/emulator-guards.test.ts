import jwt from 'jsonwebtoken';
import request from 'supertest';
import { type ErrorBody, isErrorBody } from '@smart-zone/types/errors';
import type { LoginResult } from '@smart-zone/types/responses';
import { openStore } from '../src/store/open-store';
import { createFirebaseVerifier } from '../src/auth/id-token-verifier';
import { type AuthEmulator, EMULATOR_PROJECT, emulatorAdmin, identityToolkit } from './helpers/auth-emulator';
import { type EmulatorApp, startEmulatorApp } from './helpers/emulator-app';
import { sampleItem } from './helpers/test-app';

/**
 * The guards of emulator mode, against the real Firebase Auth emulator and
 * real firebase-admin: the emulator's tokens are unsigned, so who the caller
 * is comes from the emulator's account record, and a disabled account buys
 * nothing. (60 s a case: the emulator answers slowly on a loaded machine.)
 */
describe('POST /api/login in emulator mode', () => {
  let t: EmulatorApp;
  let emulator: AuthEmulator;
  let verifier: EmulatorApp['verifier'];
  let app: EmulatorApp['app'];

  beforeAll(async () => {
    t = await startEmulatorApp({ openStore: () => openStore({ mongodbDb: 'test', dataDir: ':memory:' }) });
    ({ emulator, verifier, app } = t);
  }, 90_000);

  afterAll(() => t?.close());

  const adminUpdate = (body: object) => emulatorAdmin(emulator.host, 'update', body);

  async function signUp(email: string) {
    const account = await identityToolkit(emulator.host, 'signUp', {
      email,
      password: 'secret-pass-1',
      returnSecureToken: true,
    });
    return { idToken: String(account.idToken), uid: String(account.localId) };
  }

  /** The emulator's tokens are unsigned: anyone holding one can rewrite its claims. */
  function editClaims(idToken: string, changes: Record<string, unknown>) {
    const [header = '', payload = ''] = idToken.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
    return `${header}.${Buffer.from(JSON.stringify({ ...claims, ...changes })).toString('base64url')}.`;
  }

  const errorOf = (body: unknown): ErrorBody['error'] => {
    if (!isErrorBody(body)) throw new Error(`Expected an error body, got ${JSON.stringify(body)}`);
    return body.error;
  };

  it("an edited token never buys another address's accessToken: email and verified come from the account", async () => {
    const victim = `victim-${Date.now()}@example.com`;
    await adminUpdate({ localId: (await signUp(victim)).uid, emailVerified: true });
    const attacker = await signUp(`attacker-${Date.now()}@example.com`);

    const edited = editClaims(attacker.idToken, {
      email: victim,
      email_verified: true,
      firebase: { identities: { email: [victim] }, sign_in_provider: 'google.com' },
    });
    // The edit is all firebase-admin alone would have believed (it does not check emulator signatures).
    expect(jwt.decode(edited)).toMatchObject({ email: victim, email_verified: true });

    const res = await request(app).post('/api/login').set('Authorization', `Bearer ${edited}`);
    expect(res.status).toBe(200);
    const { accessToken } = res.body as LoginResult;
    expect(jwt.decode(accessToken)).toMatchObject({
      email: expect.stringMatching(/^attacker-/) as unknown,
      uid: attacker.uid,
      verified: false,
    });

    const write = await request(app)
      .post('/api/inventory')
      .set('Authorization', `Bearer ${accessToken}`)
      .send(sampleItem);
    expect(write.status).toBe(403);
  }, 60_000);

  it('a disabled account gets 401 (revocation is checked at /login)', async () => {
    const account = await signUp(`disabled-${Date.now()}@example.com`);
    const before = await request(app).post('/api/login').set('Authorization', `Bearer ${account.idToken}`);
    expect(before.status).toBe(200);

    await adminUpdate({ localId: account.uid, disableUser: true });
    const after = await request(app).post('/api/login').set('Authorization', `Bearer ${account.idToken}`);
    expect(after.status).toBe(401);
    expect(errorOf(after.body).code).toBe('unauthorized');
  }, 60_000);

  describe('the verifier itself (src/auth/id-token-verifier.ts)', () => {
    it('emulator mode: who the account says, with the token’s provider only when the account has it linked', async () => {
      const email = `direct-${Date.now()}@example.com`;
      const account = await signUp(email);
      await expect(verifier.verify(account.idToken)).resolves.toEqual({
        uid: account.uid,
        email,
        emailVerified: false,
        signInProvider: 'password',
      });
      const edited = editClaims(account.idToken, { email: 'boss@example.com', email_verified: true });
      await expect(verifier.verify(edited)).resolves.toMatchObject({ email, emailVerified: false });
      const google = editClaims(account.idToken, { firebase: { identities: {}, sign_in_provider: 'google.com' } });
      await expect(verifier.verify(google)).resolves.toMatchObject({ signInProvider: 'unlinked' });
      // Once Google is linked too, each provider the account has counts.
      await adminUpdate({
        localId: account.uid,
        linkProviderUserInfo: { providerId: 'google.com', rawId: `google-${account.uid}`, email },
      });
      await expect(verifier.verify(google)).resolves.toMatchObject({ signInProvider: 'google.com' });
      await expect(verifier.verify(account.idToken)).resolves.toMatchObject({ signInProvider: 'password' });
      await adminUpdate({ localId: account.uid, disableUser: true });
      await expect(verifier.verify(account.idToken)).rejects.toMatchObject({
        status: 401,
        reason: expect.stringContaining('auth/user-disabled: The user record is disabled.') as unknown,
      });
    }, 60_000);

    it('signature-only mode (real Firebase): the identity is the verified token’s own claims', async () => {
      // Only real Firebase signs its tokens; here the emulator stands in, so this checks the mapping, not trust
      // (production-sign-in.test.ts checks the signatures).
      const signed = createFirebaseVerifier({ firebase: { projectId: EMULATOR_PROJECT } });
      expect(signed.mode).toBe('signature-only');
      try {
        const email = `signed-${Date.now()}@example.com`;
        const account = await signUp(email);
        await expect(signed.verify(account.idToken)).resolves.toEqual({
          uid: account.uid,
          email,
          emailVerified: false,
          signInProvider: 'password',
        });
        const claimed = editClaims(account.idToken, { email_verified: true });
        await expect(signed.verify(claimed)).resolves.toMatchObject({ emailVerified: true });
        const truthy = editClaims(account.idToken, { email_verified: 'yes' });
        await expect(signed.verify(truthy)).resolves.toMatchObject({ emailVerified: false });
      } finally {
        await signed.close?.();
      }
    }, 60_000);

    it('each verifier is its own firebase-admin app, gone once closed', async () => {
      const settings = { firebase: { projectId: EMULATOR_PROJECT }, authEmulatorHost: emulator.host };
      const one = createFirebaseVerifier(settings);
      const two = createFirebaseVerifier(settings);
      const account = await signUp(`apps-${Date.now()}@example.com`);
      await expect(two.verify(account.idToken)).resolves.toMatchObject({ uid: account.uid });
      await one.close?.();
      await expect(one.verify(account.idToken)).rejects.toMatchObject({
        reason: expect.stringMatching(/deleted/) as unknown,
      });
      await expect(two.verify(account.idToken)).resolves.toMatchObject({ uid: account.uid });
      await two.close?.();
    }, 60_000);
  });
});
