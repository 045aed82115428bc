import { ACCESS_TOKEN_STORAGE_KEY } from '@smart-zone/types/auth';
import { createApiClient } from '../lib/api-client';
import { createAccessSession } from '../lib/auth/access-session';
import type { AuthGateway, AuthUser } from '../lib/auth/gateway';
import { fakeApi } from '../../test/fake-api';
import { passwordUser } from '../../test/fake-gateway';

const ann = passwordUser('ann@example.com', true);
const tokenFor = (user: AuthUser, n: number) =>
  `h.${btoa(JSON.stringify({ uid: user.uid, email: user.email, verified: true, n }))}.s`;

/** A gateway whose ID tokens the test counts (only idToken is used by the session). */
function gateway(idToken: string | null) {
  const asked: (boolean | undefined)[] = [];
  return {
    asked,
    gateway: {
      idToken: (force?: boolean) => {
        asked.push(force);
        return Promise.resolve(idToken);
      },
    } as unknown as AuthGateway,
  };
}

/** POST /login answering a new accessToken each time; the calls are returned. */
function loginApi() {
  let n = 0;
  return fakeApi({ 'POST /login': () => ({ body: { accessToken: tokenFor(ann, ++n) } }) }).calls;
}

test('renewing exchanges a fresh ID token at /login and stores the accessToken', async () => {
  const calls = loginApi();
  const { gateway: g, asked } = gateway('id-1');
  const session = createAccessSession(g, createApiClient({ baseUrl: '/api' }));
  await expect(session.renew()).resolves.toBe(tokenFor(ann, 1));
  expect(asked).toEqual([true]);
  expect(calls).toEqual([
    {
      method: 'POST',
      path: '/login',
      body: {},
      headers: { Accept: 'application/json', 'Content-Type': 'application/json', Authorization: 'Bearer id-1' },
    },
  ]);
  expect(localStorage.getItem(ACCESS_TOKEN_STORAGE_KEY)).toBe(tokenFor(ann, 1));
  expect(session.current()).toBe(tokenFor(ann, 1));
});

test('callers renewing at the same time share one exchange; a later renewal makes a new one', async () => {
  const calls = loginApi();
  const session = createAccessSession(gateway('id-1').gateway, createApiClient({ baseUrl: '/api' }));
  const [a, b] = await Promise.all([session.renew(), session.renew()]);
  expect(a).toBe(b);
  expect(calls).toHaveLength(1);
  await expect(session.renew()).resolves.toBe(tokenFor(ann, 2));
  expect(calls).toHaveLength(2);
});

test('with nobody signed in there is nothing to renew', async () => {
  const calls = loginApi();
  const session = createAccessSession(gateway(null).gateway, createApiClient({ baseUrl: '/api' }));
  await expect(session.renew()).resolves.toBeNull();
  expect(calls).toHaveLength(0);
  expect(session.current()).toBeNull();
});

test('ensureFor renews only when the stored token does not fit the user; clear forgets it', async () => {
  const calls = loginApi();
  const session = createAccessSession(gateway('id-1').gateway, createApiClient({ baseUrl: '/api' }));
  await session.ensureFor(ann);
  expect(calls).toHaveLength(1);
  await session.ensureFor(ann);
  expect(calls).toHaveLength(1);
  await session.ensureFor({ ...ann, uid: 'u2' });
  expect(calls).toHaveLength(2);
  session.clear();
  expect(localStorage.getItem(ACCESS_TOKEN_STORAGE_KEY)).toBeNull();
});
