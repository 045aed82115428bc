import request from 'supertest';
import type { AuditEntry } from '@smart-zone/types/audit';
import { SYSTEM_ACTOR } from '@smart-zone/types/item';
import type { Member, Team } from '@smart-zone/types/team';
import { errorOf, loginOf, meOf } from './support/bodies';
import { type AuthEmulator, identityToolkit, oobCodes } from './helpers/auth-emulator';
import { type EmulatorApp, startEmulatorApp } from './helpers/emulator-app';
import { makeTestApp, sampleItem, type TestApp } from './helpers/test-app';

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
const teamOf = (res: request.Response) => res.body as Team;
const memberOf = (res: request.Response) => res.body as Member;
const entriesOf = (res: request.Response) => res.body as AuditEntry[];

describe('the team, with real accounts from the Auth emulator', () => {
  const OWNER = 'boss@shop.example';
  let t: EmulatorApp;
  let emulator: AuthEmulator;

  beforeAll(async () => {
    t = await startEmulatorApp({ config: { ownerEmails: [OWNER] } });
    emulator = t.emulator;
    await t.store.team.ensureOwners([OWNER]);
  }, 90_000);
  afterAll(() => t?.close());

  /** Signs up (or in) through the emulator and exchanges the ID token: a real accessToken. */
  async function signIn(email: string, { signUp = false, verify = false } = {}) {
    const password = 'secret-pass-1';
    if (signUp) {
      const made = await identityToolkit(emulator.host, 'signUp', { email, password, returnSecureToken: true });
      if (verify) {
        await identityToolkit(emulator.host, 'sendOobCode', { requestType: 'VERIFY_EMAIL', idToken: made.idToken });
        const code = (await oobCodes(emulator.host)).find((c) => c.email === email && c.requestType === 'VERIFY_EMAIL');
        await identityToolkit(emulator.host, 'update', { oobCode: code!.oobCode });
      }
    }
    const signedIn = await identityToolkit(emulator.host, 'signInWithPassword', {
      email,
      password,
      returnSecureToken: true,
    });
    const login = await request(t.app)
      .post('/api/login')
      .set(auth(String(signedIn.idToken)));
    expect(login.status).toBe(200);
    return loginOf(login).accessToken;
  }

  it('invite → that email signs up and verifies → has the role at once; demote → the next write is 403, no new sign-in', async () => {
    const owner = await signIn(OWNER, { signUp: true, verify: true });
    const clerkEmail = `Clerk-${Date.now()}@Shop.example`;
    const invited = await request(t.app)
      .post('/api/team')
      .set(auth(owner))
      .send({ email: clerkEmail, role: 'clerk', reason: 'new hire' });
    expect(invited.status).toBe(201);
    expect(memberOf(invited)).toMatchObject({
      email: clerkEmail.toLowerCase(),
      role: 'clerk',
      invitedBy: OWNER,
      fixed: false,
    });

    const clerk = await signIn(clerkEmail.toLowerCase(), { signUp: true, verify: true });
    expect(meOf(await request(t.app).get('/api/me').set(auth(clerk)))).toMatchObject({ role: 'clerk', staff: true });
    const itemId = (await t.store.items.create({ ...sampleItem, quantity: 10 }, SYSTEM_ACTOR))._id;
    const restock = await request(t.app).post(`/api/inventory/${itemId}/stock`).set(auth(clerk)).send({ delta: 2 });
    expect(restock.status).toBe(200);
    const deleting = await request(t.app).delete(`/api/inventory/${itemId}`).set(auth(clerk));
    expect(deleting.status).toBe(403);
    expect(errorOf(deleting).message).toBe(
      'This needs the manager role; you are a clerk. Ask an owner of this warehouse.',
    );

    const demoted = await request(t.app)
      .patch(`/api/team/${encodeURIComponent(clerkEmail.toLowerCase())}`)
      .set(auth(owner))
      .send({ role: 'viewer' });
    expect(memberOf(demoted).role).toBe('viewer');
    // The same accessToken, the very next request.
    const refused = await request(t.app).post(`/api/inventory/${itemId}/stock`).set(auth(clerk)).send({ delta: 2 });
    expect(refused.status).toBe(403);
    expect(errorOf(refused).message).toContain('needs the clerk role; you are a viewer');
    expect((await t.store.items.get(itemId))?.quantity).toBe(12);

    await request(t.app)
      .delete(`/api/team/${encodeURIComponent(clerkEmail.toLowerCase())}`)
      .set(auth(owner))
      .expect(200);
    expect(meOf(await request(t.app).get('/api/me').set(auth(clerk)))).toMatchObject({ role: null, staff: false });

    // Every step is in the audit, with its diff and reason.
    const audit = entriesOf(await request(t.app).get('/api/audit?limit=10').set(auth(owner)));
    const teamSteps = audit.filter((entry) => entry.target.kind === 'member' && entry.actor.email === OWNER).reverse();
    expect(teamSteps.map((e) => [e.action, e.actor.email, e.changes?.role])).toEqual([
      ['member.add', OWNER, [null, 'clerk']],
      ['member.role', OWNER, ['clerk', 'viewer']],
      ['member.remove', OWNER, ['viewer', null]],
    ]);
    expect(teamSteps[0]?.reason).toBe('new hire');
  });

  it('an invited email that is not verified has no role until it is', async () => {
    const owner = await signIn(OWNER);
    const email = `late-${Date.now()}@shop.example`;
    await request(t.app).post('/api/team').set(auth(owner)).send({ email, role: 'manager' }).expect(201);
    const unverified = await signIn(email, { signUp: true });
    expect(meOf(await request(t.app).get('/api/me').set(auth(unverified)))).toMatchObject({ role: null });
    const write = await request(t.app).post('/api/inventory').set(auth(unverified)).send(sampleItem);
    expect(write.status).toBe(403);
  });
});

describe('the team rules', () => {
  let t: TestApp;
  const FIXED = 'first@shop.example';

  beforeEach(async () => {
    t = await makeTestApp({ ownerEmails: [FIXED], staff: ['@staff.example'] });
    await t.store.team.ensureOwners([FIXED]);
  });
  afterEach(() => t.close());

  it('an owner the settings name is listed as fixed and cannot be demoted or removed from the app (409)', async () => {
    const owner = await t.tokenFor(FIXED);
    const team = teamOf(await request(t.app).get('/api/team').set(auth(owner)));
    expect(team.members).toEqual([expect.objectContaining({ email: FIXED, role: 'owner', fixed: true })]);
    expect(team.staff).toEqual(['@staff.example']);
    expect(team.open).toBe(false);
    for (const res of [
      await request(t.app).patch(`/api/team/${FIXED}`).set(auth(owner)).send({ role: 'viewer' }),
      await request(t.app).delete(`/api/team/${FIXED}`).set(auth(owner)),
      await request(t.app).post('/api/team').set(auth(owner)).send({ email: FIXED, role: 'clerk' }),
    ]) {
      expect(res.status).toBe(409);
      expect(errorOf(res).code).toBe('owner_from_settings');
    }
  });

  it('the last owner cannot demote or remove themself (409 last_owner); with two, one may step down', async () => {
    // Without an owner in the settings, Ann and Bo are the team's only owners.
    const free = await makeTestApp({ staff: ['@staff.example'] });
    try {
      await free.store.team.add({ email: 'ann@shop.example', role: 'owner' }, SYSTEM_ACTOR);
      await free.store.team.add({ email: 'bo@shop.example', role: 'owner' }, SYSTEM_ACTOR);
      const ann = await free.tokenFor('ann@shop.example');
      await request(free.app).patch('/api/team/bo@shop.example').set(auth(ann)).send({ role: 'manager' }).expect(200);
      const demoteSelf = await request(free.app)
        .patch('/api/team/ann@shop.example')
        .set(auth(ann))
        .send({ role: 'manager' });
      expect([demoteSelf.status, errorOf(demoteSelf).code]).toEqual([409, 'last_owner']);
      const leave = await request(free.app).delete('/api/team/ann@shop.example').set(auth(ann));
      expect([leave.status, errorOf(leave).code]).toEqual([409, 'last_owner']);
      expect((await free.store.team.get('ann@shop.example'))?.role).toBe('owner');
    } finally {
      await free.close();
    }
  });

  it('two owners demoting each other at once leave exactly one owner (10 rounds)', async () => {
    for (let round = 0; round < 10; round++) {
      const free = await makeTestApp({ staff: ['@staff.example'] });
      try {
        const [a, b] = ['a@shop.example', 'b@shop.example'];
        await free.store.team.add({ email: a, role: 'owner' }, SYSTEM_ACTOR);
        await free.store.team.add({ email: b, role: 'owner' }, SYSTEM_ACTOR);
        const [tokenA, tokenB] = [await free.tokenFor(a), await free.tokenFor(b)];
        const [ab, ba] = await Promise.all([
          request(free.app).patch(`/api/team/${b}`).set(auth(tokenA)).send({ role: 'viewer' }),
          request(free.app).patch(`/api/team/${a}`).set(auth(tokenB)).send({ role: 'viewer' }),
        ]);
        // The loser is refused by the store (409 last_owner), or by the guard when it came second (403: a viewer now).
        const [won, lost] = [ab.status, ba.status].sort();
        expect([won, [403, 409].includes(lost!)]).toEqual([200, true]);
        expect((await free.store.team.list()).filter((m) => m.role === 'owner')).toHaveLength(1);
      } finally {
        await free.close();
      }
    }
  });

  it('refuses bad input with nothing written: a bad email, an unknown role, a member twice, an unknown member', async () => {
    const owner = await t.tokenFor(FIXED);
    const bad = await request(t.app).post('/api/team').set(auth(owner)).send({ email: 'not-an-email', role: 'clerk' });
    expect([bad.status, errorOf(bad).fields?.email]).toEqual([400, 'Email must be a valid email address']);
    const role = await request(t.app)
      .post('/api/team')
      .set(auth(owner))
      .send({ email: 'x@shop.example', role: 'admin' });
    expect(role.status).toBe(400);
    await request(t.app)
      .post('/api/team')
      .set(auth(owner))
      .send({ email: 'X@Shop.example', role: 'clerk' })
      .expect(201);
    const twice = await request(t.app)
      .post('/api/team')
      .set(auth(owner))
      .send({ email: 'x@shop.example', role: 'viewer' });
    expect([twice.status, errorOf(twice).code]).toEqual([409, 'member_exists']);
    const unknown = await request(t.app)
      .patch('/api/team/nobody@shop.example')
      .set(auth(owner))
      .send({ role: 'viewer' });
    expect(unknown.status).toBe(404);
    expect((await request(t.app).delete('/api/team/nobody@shop.example').set(auth(owner))).status).toBe(404);
    expect((await t.store.team.list()).map((m) => [m.email, m.role])).toEqual([
      [FIXED, 'owner'],
      ['x@shop.example', 'clerk'],
    ]);
  });

  it('STAFF still makes clerks; a member role wins over it; removed, they are a clerk again', async () => {
    const owner = await t.tokenFor(FIXED);
    const sam = await t.tokenFor('sam@staff.example');
    expect(meOf(await request(t.app).get('/api/me').set(auth(sam))).role).toBe('clerk');
    await request(t.app).post('/api/team').set(auth(owner)).send({ email: 'sam@staff.example', role: 'manager' });
    expect(meOf(await request(t.app).get('/api/me').set(auth(sam))).role).toBe('manager');
    await request(t.app).delete('/api/team/sam@staff.example').set(auth(owner)).expect(200);
    expect(meOf(await request(t.app).get('/api/me').set(auth(sam))).role).toBe('clerk');
    const outsider = await t.tokenFor('eve@gmail.com');
    expect(meOf(await request(t.app).get('/api/me').set(auth(outsider))).role).toBeNull();
  });

  it('the open warehouse (neither OWNER_EMAILS nor STAFF): every verified user is a manager, and nobody runs a team', async () => {
    const open = await makeTestApp();
    try {
      const ann = await open.tokenFor('ann@anywhere.example');
      expect(meOf(await request(open.app).get('/api/me').set(auth(ann))).role).toBe('manager');
      expect((await request(open.app).post('/api/inventory').set(auth(ann)).send(sampleItem)).status).toBe(201);
      expect((await request(open.app).get('/api/team').set(auth(ann))).status).toBe(403);
      const unverified = await open.tokenFor('new@anywhere.example', { verified: false });
      expect(meOf(await request(open.app).get('/api/me').set(auth(unverified))).role).toBeNull();
    } finally {
      await open.close();
    }
  });
});
