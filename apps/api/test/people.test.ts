import request from 'supertest';
import { SYSTEM_ACTOR } from '@smart-zone/types/item';
import type { Member, Person } from '@smart-zone/types/team';
import { errorOf } from './support/bodies';
import { makeTestApp, type TestApp } from './helpers/test-app';

/**
 * Display names over HTTP (issue 36): a verified sign-in is recorded; staff read everyone's names, a visitor no
 * one's; each verified person names themselves; the team lists names and who signed in.
 */
let t: TestApp;
const OWNER = 'owner@shop.com';

beforeAll(async () => {
  t = await makeTestApp({ ownerEmails: [OWNER] });
  await t.store.team.ensureOwners([OWNER]);
  await t.store.team.add({ email: 'clerk@shop.com', role: 'clerk' }, SYSTEM_ACTOR);
  await t.store.team.add({ email: 'later@shop.com', role: 'viewer' }, SYSTEM_ACTOR);
});
afterAll(() => t.close());

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

it('records a verified sign-in; staff read names, a visitor and an outsider do not; each names themselves', async () => {
  const owner = await t.tokenFor(OWNER);
  const clerk = await t.tokenFor('clerk@shop.com');
  const outsider = await t.tokenFor('stranger@else.com');
  await t.tokenFor('unverified@shop.com', { verified: false });
  expect((await request(t.app).get('/api/people')).status).toBe(401);
  expect((await request(t.app).get('/api/people').set(bearer(outsider))).status).toBe(403);
  const named = await request(t.app).put('/api/me/name').set(bearer(clerk)).send({ name: '  Cleo   Clerk ' });
  expect(named.status).toBe(200);
  expect(named.body).toMatchObject({ email: 'clerk@shop.com', name: 'Cleo Clerk' });
  for (const [body, text] of [
    [{ name: '' }, 'Name is required'],
    [{ name: 'x'.repeat(61) }, 'at most 60'],
    [{ name: 'Tab\there' }, 'control characters'],
    [{ nick: 'x' }, 'nick'],
  ] as const) {
    const res = await request(t.app).put('/api/me/name').set(bearer(clerk)).send(body);
    expect([text, res.status]).toEqual([text, 400]);
    const error = errorOf(res);
    expect([error.message, ...Object.values(error.fields ?? {})].join(' ')).toContain(text);
  }
  expect((await request(t.app).get('/api/me').set(bearer(clerk))).body).toMatchObject({ name: 'Cleo Clerk' });
  const people = (await request(t.app).get('/api/people').set(bearer(clerk))).body as Person[];
  const emails = people.map((person) => person.email);
  expect(emails).toEqual(expect.arrayContaining([OWNER, 'clerk@shop.com', 'stranger@else.com']));
  // An unverified sign-up is nobody yet.
  expect(emails).not.toContain('unverified@shop.com');
  expect(people.find((person) => person.email === 'clerk@shop.com')).toMatchObject({
    name: 'Cleo Clerk',
    signedInAt: expect.any(String) as unknown,
  });
  const team = (await request(t.app).get('/api/team').set(bearer(owner))).body as { members: Member[] };
  const byEmail = new Map(team.members.map((member) => [member.email, member]));
  expect(byEmail.get('clerk@shop.com')).toMatchObject({
    name: 'Cleo Clerk',
    signedInAt: expect.any(String) as unknown,
  });
  // Invited, never signed in: no time.
  expect(byEmail.get('later@shop.com')?.signedInAt).toBeUndefined();
});
