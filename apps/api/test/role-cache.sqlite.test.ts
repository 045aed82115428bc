import path from 'node:path';
import { openStore } from '../src/store/open-store';
import type { Store } from '../src/store/store';
import { roleResolver } from '../src/team/team-roles';
import { nextTurn, openSqliteFile, type SqliteFile } from './helpers/sqlite-file';
import { ada } from './helpers/store-fixtures';

/**
 * The SQLite team keeps each caller's member row (sqlite-team.ts), so a signed-in request reads no row: a role
 * change, ours or one another connection commits, still counts from the very next request.
 */
let file: SqliteFile;
let store: Store;
beforeEach(async () => {
  file = await openSqliteFile('role-cache');
  ({ store } = file);
});
afterEach(() => file.close());

const clara = { uid: 'uid-clara', email: 'clara@example.com', verified: true };
// Not an open warehouse: someone who is not a member has no role.
const settings = { ownerEmails: ['owner@example.com'], staff: null };

it('answers each change of the team from the next read', async () => {
  const roleOf = roleResolver(store, settings);
  expect(await roleOf(clara)).toBeNull();
  expect(await roleOf(clara)).toBeNull();
  await store.team.add({ email: clara.email, role: 'clerk' }, ada);
  expect(await roleOf(clara)).toBe('clerk');
  expect(await roleOf(clara)).toBe('clerk');
  await store.team.setRole(clara.email, 'manager', ada);
  expect(await roleOf(clara)).toBe('manager');
  await store.team.remove(clara.email, ada);
  expect(await roleOf(clara)).toBeNull();
  await store.team.ensureOwners([clara.email]);
  expect(await roleOf(clara)).toBe('owner');
  // The same member each time, and not one a caller could change for the next.
  const member = await store.team.get(clara.email);
  expect(await store.team.get(clara.email)).toEqual(member);
  expect(Object.isFrozen(member)).toBe(true);
});

it('keeps what it read right when a change is refused', async () => {
  const roleOf = roleResolver(store, settings);
  await store.team.ensureOwners([clara.email]);
  expect(await roleOf(clara)).toBe('owner');
  expect(await store.team.setRole(clara.email, 'clerk', ada)).toEqual({ ok: false, reason: 'last_owner' });
  expect(await roleOf(clara)).toBe('owner');
});

it("answers another connection's change from the next read", async () => {
  const roleOf = roleResolver(store, settings);
  await store.team.add({ email: clara.email, role: 'clerk' }, ada);
  expect(await roleOf(clara)).toBe('clerk');
  // A second store on the same file: a second API process.
  const second = await openStore({ mongodbDb: 'unused', dataDir: path.dirname(file.other.name) });
  try {
    await second.team.setRole(clara.email, 'manager', ada);
    await nextTurn();
    expect(await roleOf(clara)).toBe('manager');
    await second.team.remove(clara.email, ada);
    await nextTurn();
    expect(await roleOf(clara)).toBeNull();
  } finally {
    await second.close();
  }
  // A bare connection's write, which no store of ours saw.
  file.other
    .prepare('INSERT INTO members (email, role, invited_by, at) VALUES (?, ?, ?, ?)')
    .run(clara.email, 'clerk', ada.email, new Date().toISOString());
  await nextTurn();
  expect(await roleOf(clara)).toBe('clerk');
});
