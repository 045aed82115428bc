import { accessFits, readAccessClaims } from '../lib/auth/access-claims';
import { decodedAccessClaimsSchema } from '@smart-zone/types/access-claims';
import { passwordUser } from '../../test/fake-gateway';

/** A JWT-shaped token with these claims (unsigned: the app never checks signatures, the API does). */
function token(claims: object, { base64url = true } = {}) {
  let payload = btoa(JSON.stringify(claims));
  if (base64url) payload = payload.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  return `header.${payload}.signature`;
}

const ann = passwordUser('ann@example.com', true);
const claims = { uid: ann.uid, email: ann.email, verified: true };
const inSeconds = (s: number) => Math.floor(Date.now() / 1000) + s;

test('reads the claims of a token, base64url or not', () => {
  // "~~~" and "???" encode to "+" and "/" in base64: the token must be decoded as base64url.
  const odd = { ...claims, email: '~~~???@example.com' };
  expect(readAccessClaims(token(odd))).toEqual(odd);
  expect(readAccessClaims(token(odd, { base64url: false }))).toEqual(odd);
  expect(readAccessClaims(token({ ...claims, exp: 99 }))).toEqual({ ...claims, exp: 99 });
});

test.each([
  ['no token', null],
  ['an empty token', ''],
  ['no payload', 'header'],
  ['an empty payload', 'header..sig'],
  ['a payload that is not base64', 'header.%%%.sig'],
  ['a payload that is not JSON', `header.${btoa('not json')}.sig`],
  ['claims of the wrong shape', token({ uid: ann.uid })],
])('%s reads as no claims', (_, value) => {
  expect(readAccessClaims(value)).toBeNull();
});

test('a token fits its own user, verified as they are now, and fresh', () => {
  expect(accessFits(token(claims), ann)).toBe(true);
  expect(accessFits(token({ ...claims, exp: inSeconds(3600) }), ann)).toBe(true);
  expect(accessFits(token(claims), { ...ann, uid: 'u2' })).toBe(false);
  expect(accessFits(token(claims), { ...ann, emailVerified: false })).toBe(false);
  expect(accessFits(token({ ...claims, verified: false }), ann)).toBe(false);
  expect(accessFits(token({ ...claims, verified: false }), { ...ann, emailVerified: false })).toBe(true);
  expect(accessFits(token(claims), { ...ann, emailVerified: false, providerId: 'google.com' })).toBe(true);
  expect(accessFits(null, ann)).toBe(false);
});

test('a token is renewed a minute before it runs out', () => {
  expect(accessFits(token({ ...claims, exp: inSeconds(-10) }), ann)).toBe(false);
  expect(accessFits(token({ ...claims, exp: inSeconds(30) }), ann)).toBe(false);
  expect(accessFits(token({ ...claims, exp: inSeconds(90) }), ann)).toBe(true);
});

test('a short token (the API without a service account) is renewed a quarter of its life before it runs out', () => {
  const issued = inSeconds(0);
  expect(accessFits(token({ ...claims, iat: issued, exp: issued + 30 }), ann)).toBe(true);
  expect(accessFits(token({ ...claims, iat: issued - 20, exp: issued + 10 }), ann)).toBe(true);
  expect(accessFits(token({ ...claims, iat: issued - 25, exp: issued + 5 }), ann)).toBe(false);
  // An hour-long token keeps the minute's margin.
  expect(accessFits(token({ ...claims, iat: issued - 3540, exp: issued + 30 }), ann)).toBe(false);
  expect(accessFits(token({ ...claims, iat: issued - 3500, exp: issued + 100 }), ann)).toBe(true);
});

test.each([
  ['the claims', claims],
  ['with issue and expiry times', { ...claims, iat: 1, exp: 2 }],
  ['with an extra claim', { ...claims, role: 'admin' }],
  ['an empty uid', { ...claims, uid: '' }],
  ['an empty email', { ...claims, email: '' }],
  ['a uid that is a number', { ...claims, uid: 7 }],
  ['verified as text', { ...claims, verified: 'true' }],
  ['no verified', { uid: ann.uid, email: ann.email }],
  ['an expiry as text', { ...claims, exp: '2' }],
  ['a null expiry', { ...claims, exp: null }],
  ['an array', [claims]],
  ['a number', 7],
  ['null', null],
])('reads %s as the shared schema does', (_, value) => {
  const expected = decodedAccessClaimsSchema.safeParse(value);
  expect(readAccessClaims(token(value as object))).toEqual(expected.success ? expected.data : null);
});
