import { ACCESS_TOKEN_STORAGE_KEY } from '@smart-zone/types/auth';
import { createApiClient } from '../lib/api-client';
import { createFirebaseGateway } from '../lib/auth/firebase-gateway';
import type { AuthUser } from '../lib/auth/gateway';
import { createLazyGateway } from '../lib/auth/lazy-gateway';
import { fakeApi } from '../../test/fake-api';
import { FakeGateway, passwordUser } from '../../test/fake-gateway';
import { accessTokenFor } from '../../test/render-app';

// The real SDK is driven by the e2e suite; here a fake stands in for what the import would load.
jest.mock('../lib/auth/firebase-gateway', () => ({ createFirebaseGateway: jest.fn() }));

const HINT = 'smart-zone:signed-in';
const CONFIG = { apiKey: 'key', authDomain: 'localhost', projectId: 'demo-smart-zone' };
const ann = passwordUser('ann@example.com', true);

/** The SDK as the lazy gateway would load it, with `user` signed in. */
function sdk(user: AuthUser | null) {
  const fake = new FakeGateway(user);
  jest.mocked(createFirebaseGateway).mockReturnValue(fake);
  return fake;
}

/** GET /config answering `status`; its calls are returned. */
const configApi = (status = 200) =>
  fakeApi({
    'GET /config': () =>
      status === 200 ? { body: CONFIG } : { status, body: { error: { code: 'internal', message: 'Down' } } },
  }).calls;

const lazy = () => createLazyGateway(createApiClient({ baseUrl: '/api' }));

/** The users a listener hears of. */
function listen(gateway: ReturnType<typeof lazy>) {
  const heard: (AuthUser | null)[] = [];
  const stop = gateway.onUserChanged((user) => heard.push(user));
  return { heard, stop };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(() => jest.mocked(createFirebaseGateway).mockReset());

test('a visitor of a browser nobody signed in on is nobody, and nothing is loaded', async () => {
  const calls = configApi();
  const gateway = lazy();
  const { heard } = listen(gateway);
  await settle();
  expect(heard).toEqual([null]);
  expect(calls).toHaveLength(0);
  expect(createFirebaseGateway).not.toHaveBeenCalled();
  await expect(gateway.idToken()).resolves.toBeNull();
  await expect(gateway.reload()).resolves.toBeNull();
  expect(gateway.googleNeedsAccount).toBe(false);
  expect(gateway.linksInStartLog).toBe(false);
  await gateway.signOut();
  expect(calls).toHaveLength(0);
});

test.each([
  ['the signed-in hint', HINT],
  ['a stored accessToken', ACCESS_TOKEN_STORAGE_KEY],
])('with %s the SDK loads at once, with the API’s settings, and tells who is signed in', async (_, key) => {
  localStorage.setItem(key, 'x');
  const calls = configApi();
  const fake = sdk(ann);
  const { heard } = listen(lazy());
  await settle();
  expect(calls.map((c) => c.path)).toEqual(['/config']);
  expect(createFirebaseGateway).toHaveBeenCalledWith(CONFIG);
  expect(heard).toEqual([ann]);
  expect(JSON.parse(localStorage.getItem(HINT)!)).toEqual(ann);
  fake.setUser(null);
  expect(heard).toEqual([ann, null]);
  expect(localStorage.getItem(HINT)).toBeNull();
});

test('with the hint but no settings, the visitor is nobody', async () => {
  localStorage.setItem(HINT, '1');
  configApi(500);
  const { heard } = listen(lazy());
  await settle();
  expect(heard).toEqual([null]);
});

test('a sign-in loads the SDK once and hands the action to it; listeners then hear from it', async () => {
  const calls = configApi();
  const fake = sdk(null);
  fake.googleNeedsAccount = true;
  fake.linksInStartLog = true;
  const gateway = lazy();
  const { heard } = listen(gateway);
  await settle();
  expect(heard).toEqual([null]);

  await expect(gateway.signIn('ann@example.com', 'pw')).resolves.toEqual(ann);
  expect(fake.signIn).toHaveBeenCalledWith('ann@example.com', 'pw');
  await gateway.ready?.();
  await gateway.signUp('bob@example.com', 'pw', 'Bob');
  expect(fake.signUp).toHaveBeenCalledWith('bob@example.com', 'pw', 'Bob');
  await gateway.signInWithGoogle({ email: 'g@example.com' });
  expect(fake.signInWithGoogle).toHaveBeenCalledWith({ email: 'g@example.com' });
  await gateway.sendVerification();
  expect(fake.sendVerification).toHaveBeenCalled();
  await gateway.resetPassword('ann@example.com');
  expect(fake.resetPassword).toHaveBeenCalledWith('ann@example.com');
  await expect(gateway.idToken(true)).resolves.toBe(`id-token-of-${fake.user?.email}`);
  expect(fake.idToken).toHaveBeenCalledWith(true);
  await expect(gateway.reload()).resolves.toEqual(fake.user);
  expect(gateway.googleNeedsAccount).toBe(true);
  expect(gateway.linksInStartLog).toBe(true);
  expect(calls).toHaveLength(1);
  expect(createFirebaseGateway).toHaveBeenCalledTimes(1);

  // The listener that was there before the SDK hears from it now.
  expect(heard.at(-1)).toEqual(fake.user);
  await gateway.signOut();
  expect(fake.signOut).toHaveBeenCalled();
  expect(heard.at(-1)).toBeNull();
});

test('a failed load is tried again by the next action', async () => {
  const calls = configApi(500);
  const gateway = lazy();
  await expect(gateway.signIn('ann@example.com', 'pw')).rejects.toThrow('Down');
  await expect(gateway.ready?.()).rejects.toThrow('Down');
  expect(calls).toHaveLength(2);
});

test('a listener that stopped hears nothing more, from the SDK or otherwise', async () => {
  localStorage.setItem(HINT, '1');
  configApi();
  const fake = sdk(ann);
  const gateway = lazy();
  const first = listen(gateway);
  await settle();
  first.stop();
  const second = listen(gateway);
  await settle();
  fake.setUser(null);
  expect(first.heard).toEqual([ann]);
  expect(second.heard).toEqual([ann, null]);
});

describe('a user remembered from the last visit', () => {
  const remember = (user: AuthUser, token: string) => {
    localStorage.setItem(HINT, JSON.stringify(user));
    localStorage.setItem(ACCESS_TOKEN_STORAGE_KEY, token);
  };

  test('is told at once when the stored accessToken fits them; the SDK then confirms or replaces them', async () => {
    remember(ann, accessTokenFor(ann));
    configApi();
    const fake = sdk(null); // signed out meanwhile (another tab, an expired session)
    const gateway = lazy();
    const { heard } = listen(gateway);
    await Promise.resolve();
    expect(heard).toEqual([ann]);
    // Asked for an ID token meanwhile, the gateway waits for the SDK rather than answering "nobody".
    const idToken = gateway.idToken(true);
    await settle();
    expect(heard).toEqual([ann, null]);
    await expect(idToken).resolves.toBeNull();
    expect(fake.idToken).toHaveBeenCalledWith(true);
    expect(localStorage.getItem(HINT)).toBeNull();
  });

  test.each([
    ['no accessToken', ''],
    ["another user's accessToken", accessTokenFor(passwordUser('bob@example.com', true))],
    ['an accessToken minted before they verified', accessTokenFor(passwordUser('ann@example.com', false))],
    ['a remembered hint that is not a user', 'not a user'],
  ])('is not told with %s: the SDK answers first', async (name, token) => {
    remember(ann, token);
    if (name.includes('hint')) localStorage.setItem(HINT, '1');
    configApi();
    sdk(ann);
    const { heard } = listen(lazy());
    await Promise.resolve();
    expect(heard).toEqual([]);
    await settle();
    expect(heard).toEqual([ann]);
  });

  test('signing out forgets them, even before the SDK has loaded', async () => {
    remember(ann, accessTokenFor(ann));
    configApi();
    const fake = sdk(ann);
    const gateway = lazy();
    listen(gateway);
    await gateway.signOut();
    expect(localStorage.getItem(HINT)).toBeNull();
    expect(fake.signOut).toHaveBeenCalled();
  });
});
