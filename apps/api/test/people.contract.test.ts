import type { Store } from '../src/store/store';
import { openTestStore, TEST_STORE } from './helpers/test-store';
import { ada } from './helpers/store-fixtures';

/** People's display names on every adapter (issue 36): the account's until they set their own, and their sign-ins. */
describe(`people: ${TEST_STORE}`, () => {
  let store: Store;

  beforeEach(async () => {
    store = await openTestStore();
  });

  afterEach(async () => {
    await store.close();
  });

  it("keeps the account's name until they set their own, and each sign-in's time", async () => {
    expect(await store.people.get('ada@example.com')).toBeNull();
    await store.people.signedIn('ada@example.com', '  Ada\tLovelace ', '2026-11-27T08:00:00.000Z');
    expect(await store.people.get('ada@example.com')).toEqual({
      email: 'ada@example.com',
      name: 'Ada Lovelace',
      signedInAt: '2026-11-27T08:00:00.000Z',
    });
    expect(await store.people.setName('ada@example.com', 'Ada', ada)).toEqual({
      email: 'ada@example.com',
      name: 'Ada',
      signedInAt: '2026-11-27T08:00:00.000Z',
    });
    // A later sign-in moves the time on, never over the name they chose.
    await store.people.signedIn('ada@example.com', 'Augusta Ada King', '2026-11-27T09:00:00.000Z');
    expect(await store.people.get('ada@example.com')).toMatchObject({
      name: 'Ada',
      signedInAt: '2026-11-27T09:00:00.000Z',
    });
    // No account name: none kept; someone who named themselves before signing in.
    await store.people.signedIn('bob@example.com', undefined, '2026-11-27T10:00:00.000Z');
    await store.people.setName('cy@example.com', 'Cy', { uid: 'uid-cy', email: 'cy@example.com' });
    expect(await store.people.list()).toEqual([
      { email: 'ada@example.com', name: 'Ada', signedInAt: '2026-11-27T09:00:00.000Z' },
      { email: 'bob@example.com', signedInAt: '2026-11-27T10:00:00.000Z' },
      { email: 'cy@example.com', name: 'Cy' },
    ]);
    const { entries } = await store.audit.list({ action: 'member.name' }, { limit: 10, skip: 0 });
    expect(entries.map((entry) => [entry.actor.email, entry.changes])).toEqual([
      ['cy@example.com', { name: [null, 'Cy'] }],
      ['ada@example.com', { name: ['Ada Lovelace', 'Ada'] }],
    ]);
  });
});
