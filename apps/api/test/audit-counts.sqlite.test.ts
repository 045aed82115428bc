import type { AuditFilter, Store } from '../src/store/store';
import { openTestStore } from './helpers/test-store';
import { phone, staff } from './helpers/store-fixtures';

/**
 * The SQLite audit answers the total of a time range from per-day counts
 * (audit_counts) plus its first and last day counted in the index: over
 * entries spread across days, every range's total is the number of entries
 * it lists.
 */
describe('audit totals over days (sqlite)', () => {
  let store: Store;

  beforeEach(async () => {
    // Only the clock: the store's timers and immediates (its group commit) run as usual.
    jest.useFakeTimers({
      doNotFake: [
        'nextTick',
        'setImmediate',
        'clearImmediate',
        'setTimeout',
        'clearTimeout',
        'setInterval',
        'clearInterval',
        'queueMicrotask',
      ],
    });
    store = await openTestStore();
  });

  afterEach(async () => {
    await store.close();
    jest.useRealTimers();
  });

  it('counts every from/to range as many entries as it lists', async () => {
    for (let day = 0; day < 5; day += 1) {
      for (let hour = 0; hour < 24; hour += 7) {
        jest.setSystemTime(new Date(Date.UTC(2026, 0, 30 + day, hour, day)));
        await store.items.create(phone({ name: `Day ${day} hour ${hour}` }), staff);
      }
    }
    const all = (await store.audit.list({}, { limit: 100, skip: 0 })).entries;
    expect(all).toHaveLength(20);
    expect(new Set(all.map((entry) => entry.at.slice(0, 10))).size).toBe(5);

    const bounds = [
      undefined,
      '2026-01-29T00:00:00.000Z',
      '2026-01-30T00:00:00.000Z',
      ...all.map((entry) => entry.at),
      '2026-01-31T12:00:00.000Z',
      '2026-02-01T23:59:59.999Z',
      '2026-02-03T23:59:59.999Z',
      '2026-02-09T00:00:00.000Z',
    ];
    let checked = 0;
    for (const from of bounds) {
      for (const to of bounds) {
        const filter: AuditFilter = { ...(from ? { from } : {}), ...(to ? { to } : {}) };
        const listed = all.filter((entry) => (!from || entry.at >= from) && (!to || entry.at <= to));
        const answer = await store.audit.list(filter, { limit: 3, skip: 1 });
        expect({ filter, total: answer.total, entries: answer.entries }).toEqual({
          filter,
          total: listed.length,
          entries: listed.slice(1, 4),
        });
        checked += 1;
      }
    }
    expect(checked).toBe(bounds.length ** 2);
  });
});
