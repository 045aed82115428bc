import jwt from 'jsonwebtoken';
import request from 'supertest';
import { anyString, errorOf, loginOf } from './support/bodies';
import { makeTestApp, type TestApp, TEST_SECRET } from './helpers/test-app';

let t: TestApp;
beforeEach(async () => {
  t = await makeTestApp();
});
afterEach(() => t.close());

const claims = { email: 'a@x.com', uid: 'uid-a', verified: true };
const signed = { issuer: 'smart-zone', audience: 'smart-zone-api' };
/** Like ours in every respect (an hour to live) but what `overrides` changes. */
const tokenLikeOurs = (overrides: jwt.SignOptions = {}, secret = TEST_SECRET) =>
  jwt.sign(claims, secret, { algorithm: 'HS256', expiresIn: 3600, ...signed, ...overrides });

function unsignedToken(payload: object) {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'none', typ: 'JWT' })}.${part({ ...payload, ...{ iss: 'smart-zone', aud: 'smart-zone-api' } })}.`;
}

describe('POST /api/login', () => {
  it('exchanges a verified Firebase ID token for an accessToken carrying email, uid and verified', async () => {
    const res = await request(t.app).post('/api/login').set('Authorization', 'Bearer id:A@X.com:verified:password');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ accessToken: anyString });
    const payload = jwt.verify(loginOf(res).accessToken, TEST_SECRET) as jwt.JwtPayload;
    expect(payload).toEqual(expect.objectContaining({ email: 'a@x.com', uid: 'uid-A@X.com', verified: true }));
    expect(payload.exp! - payload.iat!).toBe(3600);
  });

  it('an email alone never buys a token', async () => {
    const res = await request(t.app).post('/api/login').send({ email: 'a@x.com' });
    expect(res.status).toBe(401);
    expect(errorOf(res).code).toBe('unauthorized');
  });

  it('answers 401 for an ID token Firebase does not accept', async () => {
    const res = await request(t.app).post('/api/login').set('Authorization', 'Bearer forged-token');
    expect(res.status).toBe(401);
  });

  it('marks an unverified password user as unverified, and a Google user as verified', async () => {
    const unverified = await request(t.app)
      .post('/api/login')
      .set('Authorization', 'Bearer id:u@x.com:unverified:password');
    expect((jwt.decode(loginOf(unverified).accessToken) as jwt.JwtPayload).verified).toBe(false);
    const google = await request(t.app)
      .post('/api/login')
      .set('Authorization', 'Bearer id:g@x.com:unverified:google.com');
    expect((jwt.decode(loginOf(google).accessToken) as jwt.JwtPayload).verified).toBe(true);
  });

  it('is rate limited: past the limit it answers 429 in the error shape', async () => {
    const limited = await makeTestApp({ loginRateLimit: 3 });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) {
        statuses.push(
          (await request(limited.app).post('/api/login').set('Authorization', 'Bearer id:a@x.com:verified:password'))
            .status,
        );
      }
      expect(statuses).toEqual([200, 200, 200, 429, 429]);
      const res = await request(limited.app).post('/api/login');
      expect(errorOf(res)).toEqual({
        code: 'rate_limited',
        message: 'Too many sign-in attempts. Please wait a minute and try again.',
      });
      // The standard RateLimit headers (draft 8), not the legacy X-RateLimit-* ones.
      expect(res.headers['ratelimit-policy']).toMatch(/q=3; w=60/);
      expect(res.headers['x-ratelimit-limit']).toBeUndefined();
    } finally {
      await limited.close();
    }
  });
});

describe('accessToken checks on protected calls', () => {
  const protectedCall = (token: string) => request(t.app).get('/api/myitem').set('Authorization', `Bearer ${token}`);

  it('accepts our own valid token, with the scheme word in any case', async () => {
    const token = await t.tokenFor('a@x.com');
    for (const scheme of ['Bearer', 'bearer', 'BEARER']) {
      const res = await request(t.app).get('/api/myitem').set('Authorization', `${scheme} ${token}`);
      expect(res.status).toBe(200);
    }
  });

  it('accepts a token made by hand exactly like ours (the control for the refusals below)', async () => {
    expect((await protectedCall(tokenLikeOurs())).status).toBe(200);
  });

  it.each([
    ['signed with the wrong secret', () => tokenLikeOurs({}, 'x'.repeat(48))],
    ['signed with another algorithm (HS512)', () => tokenLikeOurs({ algorithm: 'HS512' })],
    ['with alg: none', () => unsignedToken({ ...claims, exp: Math.floor(Date.now() / 1000) + 3600 })],
    ['expired', () => jwt.sign({ ...claims, exp: Math.floor(Date.now() / 1000) - 60 }, TEST_SECRET, signed)],
    ['for another audience', () => tokenLikeOurs({ audience: 'other' })],
    ['from another issuer', () => tokenLikeOurs({ issuer: 'someone-else' })],
    ['without an expiry', () => jwt.sign(claims, TEST_SECRET, signed)],
    [
      'missing the email claim',
      () => jwt.sign({ uid: 'u', verified: true }, TEST_SECRET, { expiresIn: 3600, ...signed }),
    ],
    ['that is not a JWT', () => 'garbage'],
  ])('refuses a token %s with 401', async (_label, make) => {
    const res = await protectedCall(make());
    expect(res.status).toBe(401);
    expect(errorOf(res).code).toBe('unauthorized');
  });

  it('refuses a token it accepted before once the token has expired (a known token is still timed)', async () => {
    const token = tokenLikeOurs({ expiresIn: 2 });
    expect((await protectedCall(token)).status).toBe(200);
    expect((await protectedCall(token)).status).toBe(200);
    const { exp } = jwt.decode(token) as jwt.JwtPayload;
    // jsonwebtoken's rule: valid to the last millisecond before `exp`, expired from that whole second on.
    const now = jest.spyOn(Date, 'now').mockReturnValue((exp! - 1) * 1000 + 999);
    try {
      expect((await protectedCall(token)).status).toBe(200);
      now.mockReturnValue(exp! * 1000);
      const res = await protectedCall(token);
      expect(res.status).toBe(401);
      expect(errorOf(res).code).toBe('unauthorized');
    } finally {
      now.mockRestore();
    }
  });

  it('refuses a Firebase ID token used directly as the accessToken', async () => {
    expect((await protectedCall('id:a@x.com:verified:password')).status).toBe(401);
  });

  it('refuses other schemes', async () => {
    const token = await t.tokenFor('a@x.com');
    const res = await request(t.app).get('/api/myitem').set('Authorization', `Basic ${token}`);
    expect(res.status).toBe(401);
  });
});
