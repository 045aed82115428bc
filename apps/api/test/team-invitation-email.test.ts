import request from 'supertest';
import type { Member, Team } from '@smart-zone/types/team';
import { makeTestApp, type TestApp } from './helpers/test-app';
import { type SmtpSink, startSmtpSink } from './support/smtp-sink';

/** Invitations by email (SMTP_URL), through a real SMTP server on loopback; and what the team says without one. */
const OWNER = 'boss@shop.example';
const PUBLIC_URL = 'https://warehouse.example.com';
const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
const teamOf = (res: request.Response) => res.body as Team;
const memberOf = (res: request.Response) => res.body as Member;

let t: TestApp;
let sink: SmtpSink | undefined;
afterEach(async () => {
  await t.close();
  await sink?.close();
  sink = undefined;
});

async function appWith(smtpUrl?: string) {
  t = await makeTestApp({
    ownerEmails: [OWNER],
    staff: null,
    invitationEmail: smtpUrl ? { smtpUrl, from: 'Smart Zone <alerts@shop.example>', publicUrl: PUBLIC_URL } : undefined,
  });
  await t.store.team.ensureOwners([OWNER]);
  return t.tokenFor(OWNER);
}

/** The member as GET /api/team shows it, once its email is no longer `sending`. */
async function settledMember(owner: string, email: string, timeoutMs = 10_000): Promise<Member> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const team = teamOf(await request(t.app).get('/api/team').set(auth(owner)));
    const member = team.members.find((m) => m.email === email);
    if (member?.invitationEmail && member.invitationEmail.state !== 'sending') return member;
    if (Date.now() > deadline) throw new Error(`still ${JSON.stringify(member)} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('invitation emails', () => {
  it('with SMTP_URL: the invitee gets one email saying how to join (open the app, sign up with this address)', async () => {
    sink = await startSmtpSink();
    const owner = await appWith(sink.url);
    expect(teamOf(await request(t.app).get('/api/team').set(auth(owner))).invitationEmails).toBe(true);

    const invited = await request(t.app)
      .post('/api/team')
      .set(auth(owner))
      .send({ email: 'New.Clerk@Shop.example', role: 'clerk' });
    expect(invited.status).toBe(201);
    // The answer does not wait for the relay.
    expect(memberOf(invited).invitationEmail?.state).toBe('sending');

    const member = await settledMember(owner, 'new.clerk@shop.example');
    expect(member.invitationEmail).toMatchObject({ state: 'sent' });
    expect(member.invitationEmail?.error).toBeUndefined();
    expect(sink.messages).toHaveLength(1);
    const message = sink.messages[0]!;
    const to = Array.isArray(message.to) ? message.to : [message.to];
    expect(to.flatMap((address) => address?.value.map((v) => v.address))).toEqual(['new.clerk@shop.example']);
    expect(message.from?.value[0]?.address).toBe('alerts@shop.example');
    expect(message.subject).toBe('You are invited to Smart Zone as clerk');
    expect(message.text).toContain(`${OWNER} invited you to their Smart Zone warehouse as clerk.`);
    expect(message.text).toContain(`1. Open ${PUBLIC_URL}/signup`);
    expect(message.text).toContain('2. Sign up with this exact email address: new.clerk@shop.example');
    expect(message.text).toContain('verification link');

    // A role change sends nothing.
    const changed = await request(t.app)
      .patch('/api/team/new.clerk@shop.example')
      .set(auth(owner))
      .send({ role: 'manager' });
    expect(changed.status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(sink.messages).toHaveLength(1);
  });

  it('a relay that refuses: the invitation stands, and the owner sees that the email failed and why', async () => {
    sink = await startSmtpSink(() => 550);
    const owner = await appWith(sink.url);
    const invited = await request(t.app)
      .post('/api/team')
      .set(auth(owner))
      .send({ email: 'far@shop.example', role: 'manager' });
    expect(invited.status).toBe(201);

    const member = await settledMember(owner, 'far@shop.example');
    expect(member.role).toBe('manager');
    expect(member.invitationEmail?.state).toBe('failed');
    expect(member.invitationEmail?.error).toMatch(/550/);
    expect(sink.messages).toHaveLength(0);
  });

  it('a relay nobody answers: the invite is answered at once, the email fails visibly', async () => {
    sink = await startSmtpSink();
    const url = sink.url;
    await sink.close();
    sink = undefined;
    const owner = await appWith(url);
    const started = Date.now();
    const invited = await request(t.app)
      .post('/api/team')
      .set(auth(owner))
      .send({ email: 'x@shop.example', role: 'clerk' });
    expect(invited.status).toBe(201);
    expect(Date.now() - started).toBeLessThan(2000);
    const member = await settledMember(owner, 'x@shop.example');
    expect(member.invitationEmail?.state).toBe('failed');
    expect(member.invitationEmail?.error).toMatch(/ECONNREFUSED/);
  });

  it('without SMTP_URL: nothing is sent and the team says so (invitationEmails false, no email state)', async () => {
    const owner = await appWith(undefined);
    const invited = await request(t.app)
      .post('/api/team')
      .set(auth(owner))
      .send({ email: 'quiet@shop.example', role: 'clerk' });
    expect(invited.status).toBe(201);
    expect(memberOf(invited).invitationEmail).toBeUndefined();
    const team = teamOf(await request(t.app).get('/api/team').set(auth(owner)));
    expect(team.invitationEmails).toBe(false);
    expect(team.members.find((m) => m.email === 'quiet@shop.example')?.invitationEmail).toBeUndefined();
  });

  it('only owners may invite or see whether emails are on; a refused invite sends nothing', async () => {
    sink = await startSmtpSink();
    const owner = await appWith(sink.url);
    await request(t.app).post('/api/team').set(auth(owner)).send({ email: 'mgr@shop.example', role: 'manager' });
    await settledMember(owner, 'mgr@shop.example');
    await request(t.app).post('/api/team').set(auth(owner)).send({ email: 'clk@shop.example', role: 'clerk' });
    await settledMember(owner, 'clk@shop.example');
    const sentBefore = sink.messages.length;

    for (const who of ['mgr@shop.example', 'clk@shop.example', 'stranger@else.example']) {
      const token = await t.tokenFor(who);
      const invite = await request(t.app)
        .post('/api/team')
        .set(auth(token))
        .send({ email: `from-${who}`, role: 'clerk' });
      expect(invite.status).toBe(403);
      expect((await request(t.app).get('/api/team').set(auth(token))).status).toBe(403);
    }
    const unverified = await t.tokenFor('new@shop.example', { verified: false });
    expect(
      (await request(t.app).post('/api/team').set(auth(unverified)).send({ email: 'a@b.example', role: 'clerk' }))
        .status,
    ).toBe(403);
    expect((await request(t.app).get('/api/team')).status).toBe(401);
    expect((await request(t.app).post('/api/team').send({ email: 'a@b.example', role: 'clerk' })).status).toBe(401);
    // A member twice: refused, and no second email.
    const twice = await request(t.app)
      .post('/api/team')
      .set(auth(owner))
      .send({ email: 'clk@shop.example', role: 'clerk' });
    expect(twice.status).toBe(409);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(sink.messages.length).toBe(sentBefore);
    expect(sentBefore).toBe(2);
  });
});
