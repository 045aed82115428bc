import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import jwt from 'jsonwebtoken';
import request from 'supertest';
import { isErrorBody } from '@smart-zone/types/errors';
import { makeTestApp, type TestApp, TEST_SECRET } from './helpers/test-app';
import { errorOf } from './support/bodies';

const apiDir = path.resolve(__dirname, '..');

/** The code of the one error shape, checked (not assumed). */
function errorCode(body: unknown): string {
  if (!isErrorBody(body)) throw new Error(`Expected an error body, got ${JSON.stringify(body)}`);
  return body.error.code;
}

describe('TRUST_PROXY and the login limiter', () => {
  const login = (t: TestApp, forwardedFor: string) =>
    request(t.app)
      .post('/api/login')
      .set('X-Forwarded-For', forwardedFor)
      .set('Authorization', 'Bearer id:a@x.com:verified:password');

  it('behind one proxy (TRUST_PROXY=1) each forwarded client has its own limit', async () => {
    const t = await makeTestApp({ loginRateLimit: 2, trustProxy: 1 });
    try {
      const first = [];
      for (let i = 0; i < 3; i++) first.push((await login(t, '203.0.113.1')).status);
      expect(first).toEqual([200, 200, 429]);
      // Another client behind the same proxy (same socket address) is not locked out.
      expect((await login(t, '203.0.113.2')).status).toBe(200);
      // A client cannot pick its own address: only the proxy's last hop counts.
      expect((await login(t, '198.51.100.9, 203.0.113.1')).status).toBe(429);
    } finally {
      await t.close();
    }
  });

  it('with the proxies named by address the forwarded client counts too', async () => {
    const t = await makeTestApp({ loginRateLimit: 1, trustProxy: ['loopback'] });
    try {
      expect((await login(t, '203.0.113.1')).status).toBe(200);
      expect((await login(t, '203.0.113.1')).status).toBe(429);
      expect((await login(t, '203.0.113.2')).status).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('without TRUST_PROXY X-Forwarded-For is ignored: a client cannot dodge the limit by inventing addresses', async () => {
    const t = await makeTestApp({ loginRateLimit: 2 });
    const warn = jest.spyOn(console, 'error').mockImplementation(() => {}); // express-rate-limit notes the header
    try {
      const statuses = [];
      for (const client of ['203.0.113.1', '203.0.113.2', '203.0.113.3'])
        statuses.push((await login(t, client)).status);
      expect(statuses).toEqual([200, 200, 429]);
    } finally {
      warn.mockRestore();
      await t.close();
    }
  });
});

describe('emulator mode answers only requests addressed to loopback (DNS rebinding)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp({ authEmulatorHost: '127.0.0.1:9099' });
  });
  afterAll(() => t.close());

  it.each(['127.0.0.1:5000', 'localhost:5000', 'localhost', '[::1]:5000', 'app.localhost:5000'])(
    'Host %s is served',
    async (host) => {
      expect((await request(t.app).get('/api/health').set('Host', host)).status).toBe(200);
    },
  );

  it.each([
    'evil.example',
    'evil.example:5000',
    '192.168.1.10:5000',
    '127.0.0.1.evil.example',
    // Loopback names with something around them: the whole Host must be a name and an optional port.
    'evil.example:x:localhost',
    'localhost:5000x',
    'localhost:5000:evil.example',
    '[::1]x:5000',
  ])('Host %s gets 403 in the error shape, on the API and the web app alike', async (host) => {
    for (const url of ['/api/inventory', '/api/login', '/']) {
      const res = await request(t.app).get(url).set('Host', host);
      expect([url, res.status, { error: errorOf(res) }]).toEqual([
        url,
        403,
        {
          error: {
            code: 'forbidden',
            message: 'This server trusts the local Auth emulator and answers only requests addressed to localhost.',
          },
        },
      ]);
    }
  });

  it('without the emulator any Host is served', async () => {
    const plain = await makeTestApp();
    try {
      expect((await request(plain.app).get('/api/health').set('Host', 'warehouse.example')).status).toBe(200);
    } finally {
      await plain.close();
    }
  });
});

describe('accessTokens must carry exp', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp();
  });
  afterAll(() => t.close());
  const claims = { email: 'a@x.com', uid: 'uid-a', verified: true };
  const options = { algorithm: 'HS256', issuer: 'smart-zone', audience: 'smart-zone-api' } as const;

  it('a token signed with our secret but without exp → 401', async () => {
    const forever = jwt.sign(claims, TEST_SECRET, { ...options, noTimestamp: true });
    expect((jwt.decode(forever) as jwt.JwtPayload).exp).toBeUndefined();
    const res = await request(t.app).get('/api/me').set('Authorization', `Bearer ${forever}`);
    expect(res.status).toBe(401);
    expect(errorCode(res.body)).toBe('unauthorized');
  });

  it('the same token with exp is accepted (the check is exp, not the signature)', async () => {
    const bounded = jwt.sign(claims, TEST_SECRET, { ...options, expiresIn: 60 });
    expect((await request(t.app).get('/api/me').set('Authorization', `Bearer ${bounded}`)).status).toBe(200);
  });
});

/** The real server process (tsx src/server.ts): what it refuses at start, and the modes of what it writes. */
describe('server start', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'smart-zone-guards-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  function startServer(env: Record<string, string>, waitFor?: RegExp) {
    const child = spawn(process.execPath, [path.join(apiDir, 'node_modules/tsx/dist/cli.mjs'), 'src/server.ts'], {
      // cwd has no .env, so only what we pass counts (dotenv never overrides set variables anyway).
      cwd: apiDir,
      env: { PATH: process.env.PATH ?? '', DOTENV_CONFIG_PATH: path.join(dir, 'none.env'), ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    return new Promise<{ code: number | null; output: string; stop(): Promise<void> }>((resolve) => {
      const stop = () =>
        new Promise<void>((done) => {
          if (child.exitCode !== null) return done();
          child.once('exit', () => done());
          child.kill('SIGTERM');
        });
      const onData = (chunk: Buffer) => {
        output += chunk.toString();
        if (waitFor?.test(output)) resolve({ code: null, output, stop });
      };
      child.stdout.on('data', onData);
      child.stderr.on('data', onData);
      child.on('exit', (code) => resolve({ code, output, stop }));
    });
  }

  it('refuses to start in production with the demo Firebase project, naming the variable', async () => {
    const result = await startServer({
      NODE_ENV: 'production',
      JWT_SECRET: 'p'.repeat(40),
      FIREBASE_PROJECT_ID: 'demo-smart-zone',
      FIREBASE_API_KEY: 'AIzaSyExample',
      FIREBASE_AUTH_DOMAIN: 'acme.firebaseapp.com',
      DATA_DIR: dir,
      PORT: '0',
    });
    expect(result.code).toBe(1);
    expect(result.output).toContain('FIREBASE_PROJECT_ID: "demo-smart-zone" is a demo project');
  }, 30_000);

  it('refuses to start with the emulator on a non-loopback HOST, naming HOST', async () => {
    const result = await startServer({
      FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099',
      HOST: '0.0.0.0',
      DATA_DIR: dir,
      PORT: '0',
    });
    expect(result.code).toBe(1);
    expect(result.output).toContain('HOST: "0.0.0.0" is not loopback');
  }, 30_000);

  it('creates its data files 0600 and its data folder 0700', async () => {
    const dataDir = path.join(dir, 'data');
    const result = await startServer(
      { DATA_DIR: dataDir, HOST: '127.0.0.1', PORT: '0', SEED_DEMO_DATA: 'true' },
      /listening on/,
    );
    try {
      expect(result.output).toMatch(/listening on/);
      expect(statSync(dataDir).mode & 0o777).toBe(0o700);
      expect(statSync(path.join(dataDir, 'smart-zone.db')).mode & 0o777).toBe(0o600);
      expect(statSync(path.join(dataDir, 'smart-zone.db-wal')).mode & 0o777).toBe(0o600);
    } finally {
      await result.stop();
    }
  }, 30_000);
});
