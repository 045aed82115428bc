import request from 'supertest';
import { loginOf } from './support/bodies';
import { type AuthEmulator, identityToolkit, oobCodes } from './helpers/auth-emulator';
import { type EmulatorApp, startEmulatorApp } from './helpers/emulator-app';
import { sampleItem } from './helpers/test-app';

/** Real ID tokens from the real Firebase Auth emulator, verified by real firebase-admin. */
describe('POST /api/login with the Firebase Auth emulator', () => {
  let t: EmulatorApp;
  let emulator: AuthEmulator;
  let app: EmulatorApp['app'];

  beforeAll(async () => {
    t = await startEmulatorApp();
    ({ emulator, app } = t);
  }, 90_000);

  afterAll(() => t?.close());

  it('signs up, is refused writes until the email is verified, then adds an item', async () => {
    const email = `staff-${Date.now()}@example.com`;
    const signUp = await identityToolkit(emulator.host, 'signUp', {
      email,
      password: 'secret-pass-1',
      returnSecureToken: true,
    });

    const first = await request(app)
      .post('/api/login')
      .set('Authorization', `Bearer ${String(signUp.idToken)}`);
    expect(first.status).toBe(200);
    const unverifiedWrite = await request(app)
      .post('/api/inventory')
      .set('Authorization', `Bearer ${loginOf(first).accessToken}`)
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
    const second = await request(app)
      .post('/api/login')
      .set('Authorization', `Bearer ${String(signIn.idToken)}`);
    expect(second.status).toBe(200);
    const write = await request(app)
      .post('/api/inventory')
      .set('Authorization', `Bearer ${loginOf(second).accessToken}`)
      .send(sampleItem);
    expect(write.status).toBe(201);
  });

  it("refuses a token that is not the emulator's", async () => {
    const res = await request(app).post('/api/login').set('Authorization', 'Bearer eyJhbGciOiJub25lIn0.e30.');
    expect(res.status).toBe(401);
  });
});
