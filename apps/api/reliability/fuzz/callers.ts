import { createAccessTokens } from '../../src/auth/access-token';
import { EMULATOR_PROJECT, identityToolkit } from '../../test/helpers/auth-emulator';
import { expect } from '../../bench/http';
import { JWT_SECRET } from '../server';
import type { AuthKind } from './requests';

const PASSWORD = 'reliability-pass-1';

/**
 * Every kind of caller the fuzzer plays: a staff member signed in for real
 * (emulator account → ID token → POST /api/login), and tokens that must be
 * refused (unverified, expired, another secret, `alg: none`, not a bearer).
 */
export async function callers(
  base: string,
  emulatorHost: string,
): Promise<{ authorization: Record<AuthKind, string | undefined>; emails: Record<AuthKind, string> }> {
  const email = `fuzz-staff-${Date.now()}@example.com`;
  const account = await identityToolkit(emulatorHost, 'signUp', { email, password: PASSWORD, returnSecureToken: true });
  await verifyEmail(emulatorHost, String(account.localId));
  const signedIn = await identityToolkit(emulatorHost, 'signInWithPassword', {
    email,
    password: PASSWORD,
    returnSecureToken: true,
  });
  const idToken = String(signedIn.idToken);
  const login = await expect<{ accessToken: string }>(200, `${base}/api/login`, { method: 'POST', token: idToken });

  const minted = { email: 'minted-staff@example.com', uid: 'minted-staff', verified: true };
  const unverified = { email: 'unverified@example.com', uid: 'unverified', verified: false };
  const ours = createAccessTokens(JWT_SECRET, 3600);
  const bearer = (token: string) => `Bearer ${token}`;
  const authorization: Record<AuthKind, string | undefined> = {
    none: undefined,
    staff: bearer(login.body.accessToken),
    'minted-staff': bearer(ours.sign(minted)),
    unverified: bearer(ours.sign(unverified)),
    expired: bearer(createAccessTokens(JWT_SECRET, -60).sign(minted)),
    'wrong-secret': bearer(createAccessTokens('another-secret-of-at-least-32-characters', 3600).sign(minted)),
    'alg-none': bearer(unsignedToken({ ...minted, iss: 'smart-zone', aud: 'smart-zone-api' })),
    garbage: 'Bearer abc.def.ghi',
    basic: `Basic ${Buffer.from('user:pass').toString('base64')}`,
    'empty-bearer': 'Bearer ',
    'emulator-id-token': bearer(idToken),
  };
  const emails = Object.fromEntries(Object.keys(authorization).map((kind) => [kind, email])) as Record<
    AuthKind,
    string
  >;
  emails['minted-staff'] = minted.email;
  emails.unverified = unverified.email;
  return { authorization, emails };
}

/** The emulator's admin REST API (what firebase-admin calls), as the project owner. */
async function verifyEmail(host: string, localId: string): Promise<void> {
  const response = await fetch(
    `http://${host}/identitytoolkit.googleapis.com/v1/projects/${EMULATOR_PROJECT}/accounts:update`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: 'Bearer owner' },
      body: JSON.stringify({ localId, emailVerified: true }),
    },
  );
  if (!response.ok) throw new Error(`accounts:update failed: ${response.status} ${await response.text()}`);
}

function unsignedToken(claims: object): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const now = Math.floor(Date.now() / 1000);
  return `${part({ alg: 'none', typ: 'JWT' })}.${part({ ...claims, iat: now, exp: now + 3600 })}.`;
}
