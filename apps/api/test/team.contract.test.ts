import type { AuditEntry } from '@smart-zone/types/audit';
import { SYSTEM_ACTOR } from '@smart-zone/types/item';
import type { Author, Store } from '../src/store/store';
import { openTestStore, TEST_STORE } from './helpers/test-store';
import { ada, bob } from './helpers/store-fixtures';

/**
 * The team, on every adapter: members by email, their roles, the last owner
 * who can never be demoted or removed (whatever runs at once), the owners the
 * settings name, and one audit entry per change, none for a refusal.
 * Emails are stored as given (the API normalises them).
 */

const owner: Author = { ...ada, reason: 'New hire', requestId: 'req-team-1' };
const anyTime: unknown = expect.any(String);
const anyObjectId: unknown = expect.stringMatching(/^[0-9a-f]{24}$/);

async function audit(store: Store): Promise<AuditEntry[]> {
  return (await store.audit.list({}, { limit: 200, skip: 0 })).entries;
}

describe(`team: ${TEST_STORE}`, () => {
  let store: Store;

  beforeEach(async () => {
    store = await openTestStore();
  });

  afterEach(async () => {
    await store.close();
  });

  it('adds a member, reads it back, lists by email, and writes one member.add entry', async () => {
    const added = await store.team.add({ email: 'zed@example.com', role: 'clerk' }, owner);
    expect(added).toEqual({
      ok: true,
      member: { email: 'zed@example.com', role: 'clerk', invitedBy: ada.email, at: anyTime, fixed: false },
    });
    await store.team.add({ email: 'amy@example.com', role: 'viewer' }, ada);
    expect(await store.team.get('zed@example.com')).toEqual(added.ok && added.member);
    expect(await store.team.get('nobody@example.com')).toBeNull();
    expect((await store.team.list()).map((member) => member.email)).toEqual(['amy@example.com', 'zed@example.com']);

    const entries = await audit(store);
    expect(entries).toHaveLength(2);
    expect(entries[1]).toEqual({
      _id: anyObjectId,
      at: added.ok && added.member?.at,
      actor: ada,
      action: 'member.add',
      target: { kind: 'member', id: 'zed@example.com', name: 'zed@example.com' },
      changes: { role: [null, 'clerk'] },
      reason: 'New hire',
      requestId: 'req-team-1',
    });
    expect(entries[0]).toMatchObject({ action: 'member.add', requestId: '', changes: { role: [null, 'viewer'] } });
    expect(entries[0]).not.toHaveProperty('reason');
  });

  it('refuses to add a member twice (exists, with the member as stored) and writes nothing', async () => {
    await store.team.add({ email: 'zed@example.com', role: 'clerk' }, owner);
    const stored = await store.team.get('zed@example.com');
    expect(await store.team.add({ email: 'zed@example.com', role: 'owner' }, bob)).toEqual({
      ok: false,
      reason: 'exists',
      member: stored,
    });
    expect(await store.team.get('zed@example.com')).toEqual(stored);
    expect(await audit(store)).toHaveLength(1);
  });

  it('changes a role with a member.role entry; the same role again changes and writes nothing', async () => {
    await store.team.add({ email: 'zed@example.com', role: 'clerk' }, owner);
    const changed = await store.team.setRole('zed@example.com', 'manager', { ...bob, requestId: 'req-2' });
    expect(changed).toMatchObject({
      ok: true,
      member: { email: 'zed@example.com', role: 'manager', invitedBy: ada.email },
    });
    expect(await store.team.get('zed@example.com')).toMatchObject({ role: 'manager' });
    const [entry] = await audit(store);
    expect(entry).toMatchObject({
      actor: bob,
      action: 'member.role',
      target: { kind: 'member', id: 'zed@example.com', name: 'zed@example.com' },
      changes: { role: ['clerk', 'manager'] },
      requestId: 'req-2',
    });

    expect(await store.team.setRole('zed@example.com', 'manager', bob)).toMatchObject({
      ok: true,
      member: { role: 'manager' },
    });
    expect(await audit(store)).toHaveLength(2);
  });

  it('removes a member with a member.remove entry, answering the member removed', async () => {
    await store.team.add({ email: 'zed@example.com', role: 'clerk' }, owner);
    const member = await store.team.get('zed@example.com');
    expect(await store.team.remove('zed@example.com', { ...bob, reason: 'Left' })).toEqual({ ok: true, member });
    expect(await store.team.get('zed@example.com')).toBeNull();
    expect((await audit(store))[0]).toMatchObject({
      actor: bob,
      action: 'member.remove',
      target: { kind: 'member', id: 'zed@example.com', name: 'zed@example.com' },
      changes: { role: ['clerk', null] },
      reason: 'Left',
    });
  });

  it('answers not_found for a role change or removal of no member, and writes nothing', async () => {
    expect(await store.team.setRole('nobody@example.com', 'clerk', owner)).toEqual({ ok: false, reason: 'not_found' });
    expect(await store.team.remove('nobody@example.com', owner)).toEqual({ ok: false, reason: 'not_found' });
    expect(await store.team.list()).toEqual([]);
    expect(await audit(store)).toEqual([]);
  });

  it('never leaves the team without an owner: the last one is neither demoted nor removed', async () => {
    await store.team.add({ email: 'one@example.com', role: 'owner' }, owner);
    await store.team.add({ email: 'clerk@example.com', role: 'clerk' }, owner);
    expect(await store.team.setRole('one@example.com', 'manager', owner)).toEqual({ ok: false, reason: 'last_owner' });
    expect(await store.team.remove('one@example.com', owner)).toEqual({ ok: false, reason: 'last_owner' });
    expect(await store.team.get('one@example.com')).toMatchObject({ role: 'owner' });
    expect(await audit(store)).toHaveLength(2);

    // With a second owner, either may go.
    await store.team.setRole('clerk@example.com', 'owner', owner);
    expect(await store.team.setRole('one@example.com', 'manager', owner)).toMatchObject({ ok: true });
    expect(await store.team.remove('clerk@example.com', owner)).toEqual({ ok: false, reason: 'last_owner' });
    expect(await store.team.remove('one@example.com', owner)).toMatchObject({ ok: true });
    expect(await store.team.list()).toEqual([expect.objectContaining({ email: 'clerk@example.com', role: 'owner' })]);
  });

  it('two owners demoting (or removing) each other at once leave exactly one owner', async () => {
    let left: string | undefined;
    for (let round = 0; round < 10; round += 1) {
      const a = `a${round}@example.com`;
      const b = `b${round}@example.com`;
      await store.team.add({ email: a, role: 'owner' }, owner);
      await store.team.add({ email: b, role: 'owner' }, owner);
      // The owner the last round left steps down, so a and b are the only owners.
      if (left) expect(await store.team.setRole(left, 'viewer', owner)).toMatchObject({ ok: true });
      const before = (await audit(store)).length;
      const [first, second] = await Promise.all([
        store.team.setRole(a, 'manager', { uid: `uid-${b}`, email: b }),
        round % 2 === 0
          ? store.team.setRole(b, 'clerk', { uid: `uid-${a}`, email: a })
          : store.team.remove(b, { uid: `uid-${a}`, email: a }),
      ]);
      expect([first, second].filter((outcome) => outcome.ok)).toHaveLength(1);
      expect([first, second].filter((outcome) => !outcome.ok)).toEqual([{ ok: false, reason: 'last_owner' }]);
      const owners = (await store.team.list()).filter((member) => member.role === 'owner');
      expect(owners.map((member) => member.email)).toEqual([first.ok ? b : a]);
      expect((await audit(store)).length).toBe(before + 1);
      left = owners[0]!.email;
    }
  });

  it('a change whose acting owner is no longer an owner when it is written changes nothing (not_owner)', async () => {
    await store.team.add({ email: 'ann@example.com', role: 'owner' }, owner);
    await store.team.add({ email: 'cat@example.com', role: 'owner' }, owner);
    await store.team.add({ email: 'zed@example.com', role: 'clerk' }, owner);
    const ann: Author = { uid: 'uid-ann', email: 'ann@example.com' };
    const guard = { actingOwner: 'ann@example.com' };
    // While an owner, ann's changes go through.
    expect(await store.team.setRole('zed@example.com', 'manager', ann, guard)).toMatchObject({ ok: true });
    // Cat demotes ann; ann's requests already on their way then write nothing.
    await store.team.setRole('ann@example.com', 'viewer', { uid: 'uid-cat', email: 'cat@example.com' });
    const before = await audit(store);
    const team = await store.team.list();
    expect(await store.team.add({ email: 'new@example.com', role: 'owner' }, ann, guard)).toEqual({
      ok: false,
      reason: 'not_owner',
    });
    expect(await store.team.setRole('zed@example.com', 'owner', ann, guard)).toEqual({
      ok: false,
      reason: 'not_owner',
    });
    expect(await store.team.remove('cat@example.com', ann, guard)).toEqual({ ok: false, reason: 'not_owner' });
    expect(await store.team.list()).toEqual(team);
    expect(await audit(store)).toEqual(before);
  });

  it("a demotion and the demoted owner's own change at once: never both", async () => {
    for (let round = 0; round < 10; round += 1) {
      const a = `ao${round}@example.com`;
      const b = `bo${round}@example.com`;
      const target = `t${round}@example.com`;
      await store.team.add({ email: a, role: 'owner' }, owner);
      await store.team.add({ email: b, role: 'owner' }, owner);
      await store.team.add({ email: target, role: 'clerk' }, owner);
      const [demoted, promoted] = await Promise.all([
        store.team.setRole(a, 'viewer', { uid: `uid-${b}`, email: b }, { actingOwner: b }),
        store.team.setRole(target, 'owner', { uid: `uid-${a}`, email: a }, { actingOwner: a }),
      ]);
      expect(demoted).toMatchObject({ ok: true });
      // a's promotion of target went first (a still an owner), or it was refused: never written after.
      const roles = Object.fromEntries((await store.team.list()).map((member) => [member.email, member.role]));
      expect(roles[a]).toBe('viewer');
      expect(roles[target]).toBe(promoted.ok ? 'owner' : 'clerk');
      if (!promoted.ok) expect(promoted).toEqual({ ok: false, reason: 'not_owner' });
    }
  });

  it('ensureOwners adds or promotes each email to owner, by the system, once', async () => {
    await store.team.add({ email: 'clerk@example.com', role: 'clerk' }, owner);
    await store.team.add({ email: 'boss@example.com', role: 'owner' }, owner);
    await store.team.ensureOwners(['new@example.com', 'clerk@example.com', 'boss@example.com']);

    expect(await store.team.list()).toEqual([
      { email: 'boss@example.com', role: 'owner', invitedBy: ada.email, at: anyTime, fixed: false },
      { email: 'clerk@example.com', role: 'owner', invitedBy: 'OWNER_EMAILS', at: anyTime, fixed: false },
      { email: 'new@example.com', role: 'owner', invitedBy: 'OWNER_EMAILS', at: anyTime, fixed: false },
    ]);
    const written = await audit(store);
    expect(written).toHaveLength(4);
    expect(
      written
        .slice(0, 2)
        .map(({ actor, action, target, changes, requestId }) => ({ actor, action, target, changes, requestId })),
    ).toEqual(
      expect.arrayContaining([
        {
          actor: SYSTEM_ACTOR,
          action: 'member.add',
          target: { kind: 'member', id: 'new@example.com', name: 'new@example.com' },
          changes: { role: [null, 'owner'] },
          requestId: '',
        },
        {
          actor: SYSTEM_ACTOR,
          action: 'member.role',
          target: { kind: 'member', id: 'clerk@example.com', name: 'clerk@example.com' },
          changes: { role: ['clerk', 'owner'] },
          requestId: '',
        },
      ]),
    );

    const team = await store.team.list();
    await store.team.ensureOwners(['new@example.com', 'clerk@example.com', 'boss@example.com']);
    expect(await store.team.list()).toEqual(team);
    expect(await audit(store)).toHaveLength(4);
  });
});
