import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import jwt from 'jsonwebtoken';
import nock from 'nock';
import request from 'supertest';
import { createApp } from '../src/app';
import {
  createFirebaseVerifier,
  type FirebaseVerifier,
  SIGN_IN_NOT_VERIFIED,
  SIGNATURE_ONLY,
} from '../src/auth/id-token-verifier';
import { loadConfig } from '../src/config';
import type { Store } from '../src/store/store';
import { recordAnswers } from './helpers/conformance';
import { GOOGLE_CERTS, makeSigningKey, signIdToken, writeServiceAccountFile } from './helpers/google-tokens';
import { sampleItem, testConfig } from './helpers/test-app';
import { openTestStore } from './helpers/test-store';
import { errorOf, loginOf } from './support/bodies';

/**
 * The production sign-in path for real: RS256 ID tokens signed with a key made
 * here, verified by real firebase-admin, whose calls to Google (its public
 * certificates, the OAuth token, the account lookup) are answered by nock at
 * the network boundary. Any other call to the internet fails the test.
 */
const PROJECT = 'acme-warehouse';
const KID = 'test-kid-1';
const production = {
  NODE_ENV: 'production',
  JWT_SECRET: 'p'.repeat(40),
  FIREBASE_PROJECT_ID: PROJECT,
  FIREBASE_API_KEY: 'AIzaSyExampleExampleExample',
  FIREBASE_AUTH_DOMAIN: `${PROJECT}.firebaseapp.com`,
};

const google = makeSigningKey();
const impostor = makeSigningKey();
const now = () => Math.floor(Date.now() / 1000);
const idToken = (claims: Partial<Parameters<typeof signIdToken>[3]> = {}, key = google.privateKey) =>
  signIdToken(PROJECT, key, KID, { uid: 'ann-uid', email: 'ann@acme.example', ...claims });

/** Google's certificate endpoint, once: firebase-admin keeps the keys for the max-age it is told. */
const googleCerts = () =>
  nock(GOOGLE_CERTS.origin)
    .get(GOOGLE_CERTS.path)
    .reply(200, { [KID]: google.certificate }, { 'Cache-Control': 'public, max-age=3600' });

/** The error body of a 401, whatever request id it carries. */
const refused = (message: string) => expect.objectContaining({ code: 'unauthorized', message }) as unknown;
const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
const previousEmulator = process.env.FIREBASE_AUTH_EMULATOR_HOST;
let store: Store;

beforeAll(async () => {
  // firebase-admin would trust the emulator if this were set: these tests are about real tokens.
  delete process.env.FIREBASE_AUTH_EMULATOR_HOST;
  nock.disableNetConnect();
  nock.enableNetConnect(/^(127\.0\.0\.1|localhost|\[::1\])(:\d+)?$/);
  store = await openTestStore();
});
afterEach(() => {
  const unused = nock.pendingMocks();
  nock.cleanAll();
  expect(unused).toEqual([]);
});
afterAll(async () => {
  nock.enableNetConnect();
  // nock patches node:http for the whole jest worker, and jest shares core modules between the files a worker
  // runs: left on, it holds back the answer to any later request whose body is not sent yet (import-limits).
  nock.restore();
  await store?.close();
  if (previousEmulator !== undefined) process.env.FIREBASE_AUTH_EMULATOR_HOST = previousEmulator;
});

function appWith(verifier: FirebaseVerifier) {
  return recordAnswers(createApp({ store, verifier, config: testConfig }));
}

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

describe('without a service account (signature-only)', () => {
  let verifier: FirebaseVerifier;
  beforeEach(() => {
    const config = loadConfig(production);
    expect(config.serviceAccount).toBeUndefined();
    verifier = createFirebaseVerifier(config);
  });
  afterEach(() => verifier.close?.());

  it('says so, and a good ID token buys a short accessToken that writes with no call to Google', async () => {
    expect(verifier.mode).toBe('signature-only');
    expect(verifier.summary).toMatch(/signature, audience, issuer and expiry only/);
    const certs = googleCerts();
    const app = appWith(verifier);

    const login = await request(app).post('/api/login').set(auth(idToken()));
    expect(login.status).toBe(200);
    expect(certs.isDone()).toBe(true);
    const { accessToken } = loginOf(login);
    const claims = jwt.decode(accessToken) as {
      email: string;
      uid: string;
      verified: boolean;
      iat: number;
      exp: number;
    };
    expect(claims).toMatchObject({ email: 'ann@acme.example', uid: 'ann-uid', verified: true });
    expect(claims.exp - claims.iat).toBe(SIGNATURE_ONLY.accessTokenSeconds);
    expect(SIGNATURE_ONLY.accessTokenSeconds + SIGNATURE_ONLY.idTokenMaxAgeSeconds).toBeLessThanOrEqual(60);

    // No account lookup in this mode: nock refuses any request it was not told of.
    const write = await request(app).post('/api/inventory').set(auth(accessToken)).send(sampleItem);
    expect(write.status).toBe(201);
  });

  // Audience and issuer are checked before the signature, so those two never fetch Google's keys.
  it.each([
    ['another project (audience)', { aud: 'someone-elses-project' }, /auth\/argument-error: .*incorrect "aud"/, false],
    ['another issuer', { iss: 'https://evil.example/acme-warehouse' }, /incorrect "iss"/, false],
    ['an expired token', { iat: now() - 7200, exp: now() - 3600 }, /auth\/id-token-expired/, true],
    ['an ID token renewed more than 30 s ago', { iat: now() - 45 }, /issued 4\d s ago/, true],
  ])('refuses %s with 401, the reason logged and the token not', async (_case, claims, reason, checksSignature) => {
    if (checksSignature) googleCerts();
    const token = idToken(claims);
    const res = await request(appWith(verifier)).post('/api/login').set(auth(token));
    expect([res.status, errorOf(res)]).toEqual([401, refused(SIGN_IN_NOT_VERIFIED)]);
    const refusal = await verifier.verify(token).then(
      () => null,
      (error: unknown) => error as { status: number; reason: string },
    );
    expect(refusal).toMatchObject({ status: 401, reason: expect.stringMatching(reason) as unknown });
    expect(refusal?.reason).not.toContain(token);
    expect(refusal?.reason).not.toContain(token.split('.')[1]);
  });

  it('refuses a token signed with another key under Google’s key id (bad signature)', async () => {
    googleCerts();
    const forged = idToken({}, impostor.privateKey);
    const res = await request(appWith(verifier)).post('/api/login').set(auth(forged));
    expect([res.status, errorOf(res).code]).toEqual([401, 'unauthorized']);
    await expect(verifier.verify(forged)).rejects.toMatchObject({
      reason: expect.stringMatching(/invalid signature/) as unknown,
    });
    // The control: the same claims under Google's own key pass.
    await expect(verifier.verify(idToken())).resolves.toMatchObject({ uid: 'ann-uid' });
  });

  it('when Google’s certificates cannot be had, refuses with the reason', async () => {
    nock(GOOGLE_CERTS.origin).get(GOOGLE_CERTS.path).reply(500, 'unavailable');
    await expect(verifier.verify(idToken())).rejects.toMatchObject({
      status: 401,
      reason: expect.stringMatching(/public keys/) as unknown,
    });
  });
});

describe('with a service account (the real server, Google answered by test/helpers/google-boundary.cjs)', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'smart-zone-prod-'));
  const files = {
    certs: path.join(dir, 'certs.json'),
    accounts: path.join(dir, 'accounts.json'),
    log: path.join(dir, 'google.log'),
  };
  let server: ChildProcess;
  let base: string;
  let output = '';

  beforeAll(async () => {
    writeFileSync(files.certs, JSON.stringify({ [KID]: google.certificate }));
    writeFileSync(files.accounts, JSON.stringify({ 'ann-uid': 'active', 'bob-uid': 'disabled' }));
    writeFileSync(files.log, '');
    const port = await freePort();
    const env: NodeJS.ProcessEnv = {
      PATH: process.env.PATH,
      ...production,
      FIREBASE_SERVICE_ACCOUNT: writeServiceAccountFile(PROJECT),
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: path.join(dir, 'data'),
      WEB_DIST: path.join(dir, 'no-web'),
      // Ann is the owner the settings name (a manager's write below); the rest of acme are clerks.
      OWNER_EMAILS: 'ann@acme.example',
      STAFF: '@acme.example',
      GOOGLE_TEST_CERTS: files.certs,
      GOOGLE_TEST_ACCOUNTS: files.accounts,
      GOOGLE_TEST_LOG: files.log,
    };
    // cwd: a fresh folder, so no .env of the developer's is read (dotenv).
    server = spawn(
      process.execPath,
      [
        '--require',
        require.resolve('tsx/cjs'),
        '--require',
        path.join(__dirname, 'helpers/google-boundary.cjs'),
        path.join(__dirname, '../src/server.ts'),
      ],
      { cwd: dir, env, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    server.stdout?.on('data', (chunk) => (output += String(chunk)));
    server.stderr?.on('data', (chunk) => (output += String(chunk)));
    base = `http://127.0.0.1:${port}`;
    const deadline = Date.now() + 30_000;
    while (
      !(await fetch(`${base}/api/health`).then(
        (res) => res.ok,
        () => false,
      ))
    ) {
      if (server.exitCode !== null || Date.now() > deadline) throw new Error(`The API did not start:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }, 60_000);

  afterAll(async () => {
    if (!server || server.exitCode !== null) return;
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  });

  const googleLog = () => readFileSync(files.log, 'utf8').split('\n').filter(Boolean);

  it('says at start, once, that the service account checks accounts (and never shows its key)', () => {
    const lines = output.split('\n').filter((line) => line.includes('Sign-in:'));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(`verified with the service account smart-zone@${PROJECT}.iam.gserviceaccount.com`);
    expect(output).not.toMatch(/PRIVATE KEY/);
  });

  it('an enabled account signs in and writes; its account is read from Google on the way', async () => {
    const login = await request(base).post('/api/login').set(auth(idToken()));
    expect(login.status).toBe(200);
    const { accessToken } = loginOf(login);
    const claims = jwt.decode(accessToken) as { iat: number; exp: number };
    expect(claims.exp - claims.iat).toBe(3600);
    const write = await request(base).post('/api/inventory').set(auth(accessToken)).send(sampleItem);
    expect(write.status).toBe(201);
    // Once for the revocation check at /login, once for the write's account check.
    expect(googleLog()).toEqual(['certs', 'oauth', 'lookup ann-uid: active', 'lookup ann-uid: active']);
  });

  it('a disabled account gets 401 at /login', async () => {
    const res = await request(base)
      .post('/api/login')
      .set(auth(idToken({ uid: 'bob-uid', email: 'bob-uid@acme.example' })));
    expect([res.status, errorOf(res)]).toEqual([401, refused(SIGN_IN_NOT_VERIFIED)]);
    expect(googleLog().at(-1)).toBe('lookup bob-uid: disabled');
  });

  it('a deleted account gets 401 at /login', async () => {
    const res = await request(base)
      .post('/api/login')
      .set(auth(idToken({ uid: 'gone-uid', email: 'gone-uid@acme.example' })));
    expect([res.status, errorOf(res)]).toEqual([401, refused(SIGN_IN_NOT_VERIFIED)]);
    expect(googleLog().at(-1)).toBe('lookup gone-uid: deleted');
  });
});
