import { MAIN_LOCATION_ID } from '@smart-zone/types/location';
import type { Count } from '@smart-zone/types/count';
import type { CountOpening, Store } from '../src/store/store';
import { openTestStore, TEST_STORE } from './helpers/test-store';
import { ada, bob, delivery, phone, staff } from './helpers/store-fixtures';

/**
 * Stock counts on every adapter (issue 35): a recording keeps the ledger's units of its moment, so the apply
 * keeps a delivery made between counting and applying; counters adding to one line at once lose nothing; an
 * apply is once, all in one transaction, and each of its movements undoes.
 */

const ok = <T extends { ok: boolean }>(outcome: T): Extract<T, { ok: true }> => {
  if (!outcome.ok) throw new Error(`refused: ${JSON.stringify(outcome)}`);
  return outcome as Extract<T, { ok: true }>;
};

describe(`counts: ${TEST_STORE}`, () => {
  let store: Store;

  beforeEach(async () => {
    store = await openTestStore();
  });

  afterEach(async () => {
    await store.close();
  });

  const opened = async (opening: Partial<CountOpening> = {}): Promise<Count> =>
    ok(await store.counts.open({ name: 'Shelf check', blind: false, scope: {}, candidates: null, ...opening }, ada))
      .value;
  const quantityOf = async (id: string) => (await store.items.get(id))!.quantity;

  it('opens over its scope: every item, the ones named, the low ones, a location’s', async () => {
    const a = await store.items.create(phone({ name: 'Alpha', quantity: 10 }), ada);
    const b = await store.items.create(phone({ name: 'Bravo', quantity: 1, minStock: 2 }), ada);
    const c = await store.items.create(phone({ name: 'Charlie', quantity: 4 }), ada);
    const shelf = ok(await store.locations.create({ name: 'Shelf A' }, ada)).location._id;
    ok(await store.items.transfer(c._id, { from: MAIN_LOCATION_ID, to: shelf, quantity: 4 }, ada));

    const all = await opened();
    expect(all).toMatchObject({ name: 'Shelf check', state: 'open', blind: false, lines: 3, counted: 0 });
    expect(all.variance).toEqual({ units: 0, value: 0 });
    expect((await store.counts.lines(all._id, undefined, { limit: 10, skip: 0 }))!.lines.map((l) => l.name)).toEqual([
      'Alpha',
      'Bravo',
      'Charlie',
    ]);
    expect((await opened({ candidates: [b._id, a._id] })).lines).toBe(2);
    expect((await opened({ stock: 'low' })).lines).toBe(1);
    const atShelf = await opened({ locationId: shelf, scope: { locationId: shelf } });
    expect(atShelf).toMatchObject({ lines: 1, scope: { locationId: shelf, path: 'Shelf A' } });
    const [line] = (await store.counts.lines(atShelf._id, 'uncounted', { limit: 10, skip: 0 }))!.lines;
    // At a location, what the ledger expects is what that location holds.
    expect(line).toMatchObject({ itemId: c._id, name: 'Charlie', expected: 4 });
    expect((await opened({ locationId: MAIN_LOCATION_ID })).lines).toBe(2);
    expect(
      await store.counts.open(
        { name: 'x', blind: false, scope: {}, candidates: null, locationId: 'f'.repeat(24) },
        ada,
      ),
    ).toEqual({
      ok: false,
      reason: 'location_not_found',
    });
    const listed = await store.counts.list({ state: 'open' }, { limit: 10, skip: 0 });
    expect(listed.total).toBe(5);
    expect(listed.counts[0]!._id).not.toBe(all._id);
    const [entry] = (await store.audit.list({ action: 'count.open' }, { limit: 1, skip: 0 })).entries;
    expect(entry).toMatchObject({ actor: ada, target: { kind: 'count' } });
  });

  it('keeps a delivery made between counting and applying: counted 10, delivered 3, applied → 7', async () => {
    const item = await store.items.create(phone({ name: 'Widget', quantity: 10 }), ada);
    const other = await store.items.create(phone({ name: 'Gadget', quantity: 5 }), ada);
    const count = await opened();
    const line = ok(await store.counts.record(count._id, item._id, { set: 10 }, staff)).value;
    expect(line).toMatchObject({ itemId: item._id, counted: 10, expected: 10, variance: 0, countedBy: staff.email });
    ok(await store.deliveries.create(delivery(item._id, { quantity: 3 })));
    // The other item: counted 4 of 5 (one lost), then restocked by 6 before the apply.
    ok(await store.counts.record(count._id, other._id, { set: 4 }, staff));
    ok(await store.items.changeStock(other._id, { delta: 6 }, ada));

    const applied = ok(await store.counts.apply(count._id, 'keep', ada)).value;
    expect(applied).toMatchObject({
      movements: 1,
      skipped: 0,
      count: { state: 'applied', closedBy: ada.email, movements: 1 },
    });
    expect(await quantityOf(item._id)).toBe(7);
    expect(await quantityOf(other._id)).toBe(10);
    const history = (await store.items.history(other._id, { limit: 10, skip: 0 })).movements;
    // Newest first.
    expect(history[0]).toMatchObject({ reason: 'count', delta: -1, note: 'Shelf check' });
    const [entry] = (await store.audit.list({ action: 'count.apply' }, { limit: 1, skip: 0 })).entries;
    expect(entry).toMatchObject({ actor: ada, changes: { lines: [null, 2], movements: [null, 1] } });
    const recorded = await store.audit.list({ action: 'count.record' }, { limit: 10, skip: 0 });
    expect(recorded.entries.map((e) => e.actor.email)).toEqual([staff.email, staff.email]);
  });

  it('two counters adding to one line 50 times at once come to 50', async () => {
    const item = await store.items.create(phone({ name: 'Bolt', quantity: 40 }), ada);
    const count = await opened();
    await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        store.counts.record(count._id, item._id, { add: 1 }, index % 2 ? bob : staff),
      ),
    ).then((outcomes) => outcomes.forEach(ok));
    const [line] = (await store.counts.lines(count._id, 'counted', { limit: 10, skip: 0 }))!.lines;
    expect(line).toMatchObject({ counted: 50, expected: 40, variance: 10 });
    expect((await store.counts.get(count._id))!).toMatchObject({ counted: 1, variance: { units: 10 } });
    // −1 takes a wrong scan back; never below 0.
    expect(ok(await store.counts.record(count._id, item._id, { add: -1 }, bob)).value.counted).toBe(49);
    expect(await store.counts.record(count._id, item._id, { add: -50 }, bob)).toEqual({
      ok: false,
      reason: 'below_zero',
    });
  });

  it('applies once: again is refused and nothing doubles; a cancelled count takes no line and applies nothing', async () => {
    const item = await store.items.create(phone({ name: 'Nut', quantity: 8 }), ada);
    const count = await opened();
    ok(await store.counts.record(count._id, item._id, { set: 5 }, staff));
    const [first, second] = await Promise.all([
      store.counts.apply(count._id, 'keep', ada),
      store.counts.apply(count._id, 'keep', bob),
    ]);
    expect([first.ok, second.ok].sort()).toEqual([false, true]);
    expect(await store.counts.apply(count._id, 'keep', ada)).toEqual({ ok: false, reason: 'not_open' });
    expect(await quantityOf(item._id)).toBe(5);
    expect(await store.counts.record(count._id, item._id, { set: 1 }, staff)).toEqual({
      ok: false,
      reason: 'not_open',
    });

    const later = await opened();
    ok(await store.counts.record(later._id, item._id, { set: 1 }, staff));
    expect(ok(await store.counts.cancel(later._id, ada)).value).toMatchObject({
      state: 'cancelled',
      closedBy: ada.email,
    });
    expect(await store.counts.apply(later._id, 'keep', ada)).toEqual({ ok: false, reason: 'not_open' });
    expect(await store.counts.cancel(later._id, ada)).toEqual({ ok: false, reason: 'not_open' });
    expect(await quantityOf(item._id)).toBe(5);
    expect(await store.counts.get('0'.repeat(24))).toBeNull();
    expect(await store.counts.apply('0'.repeat(24), 'keep', ada)).toEqual({ ok: false, reason: 'not_found' });
  });

  it('apply then undo of each of its movements restores every quantity; uncounted lines as zero empty them', async () => {
    const items = await Promise.all(
      [3, 7, 12, 0].map((quantity, index) => store.items.create(phone({ name: `Part ${index}`, quantity }), ada)),
    );
    const shelf = ok(await store.locations.create({ name: 'Bin 1' }, ada)).location._id;
    ok(await store.items.transfer(items[2]!._id, { from: MAIN_LOCATION_ID, to: shelf, quantity: 5 }, ada));
    const before = await Promise.all(items.map((item) => quantityOf(item._id)));
    const count = await opened();
    ok(await store.counts.record(count._id, items[0]!._id, { set: 5 }, staff));
    ok(await store.counts.record(count._id, items[1]!._id, { set: 7 }, staff));
    // 12 held, 5 of them in Bin 1: counted 2 takes 10 out, where the most are first.
    ok(await store.counts.record(count._id, items[2]!._id, { set: 2 }, staff));
    const applied = ok(await store.counts.apply(count._id, 'keep', ada)).value;
    expect(applied.movements).toBe(2);
    expect(await Promise.all(items.map((item) => quantityOf(item._id)))).toEqual([5, 7, 2, 0]);
    expect(await store.items.stockByLocation(items[2]!._id)).toEqual([
      expect.objectContaining({ locationId: shelf, quantity: 2 }),
    ]);

    const counts = (await store.items.history(items[0]!._id, { limit: 10, skip: 0 })).movements
      .concat((await store.items.history(items[2]!._id, { limit: 10, skip: 0 })).movements)
      .filter((movement) => movement.reason === 'count');
    expect(counts).toHaveLength(2);
    for (const movement of counts) ok(await store.items.undo(movement._id, ada));
    expect(await Promise.all(items.map((item) => quantityOf(item._id)))).toEqual(before);
    expect(await store.items.stockByLocation(items[2]!._id)).toEqual(
      expect.arrayContaining([expect.objectContaining({ locationId: shelf, quantity: 5 })]),
    );

    const zero = await opened({ candidates: [items[1]!._id, items[3]!._id] });
    expect(ok(await store.counts.apply(zero._id, 'zero', ada)).value.movements).toBe(1);
    expect(await quantityOf(items[1]!._id)).toBe(0);
  });

  it('counts an item found where it was not expected, and applies it at the count’s location', async () => {
    const item = await store.items.create(phone({ name: 'Stray', quantity: 6 }), ada);
    const shelf = ok(await store.locations.create({ name: 'Shelf B' }, ada)).location._id;
    const count = await opened({ locationId: shelf, scope: { locationId: shelf } });
    expect(count.lines).toBe(0);
    const line = ok(await store.counts.record(count._id, item._id, { add: 1 }, staff)).value;
    expect(line).toMatchObject({ counted: 1, expected: 0, variance: 1 });
    expect((await store.counts.get(count._id))!.lines).toBe(1);
    ok(await store.counts.apply(count._id, 'keep', ada));
    expect(await quantityOf(item._id)).toBe(7);
    expect(await store.items.stockByLocation(item._id)).toEqual(
      expect.arrayContaining([expect.objectContaining({ locationId: shelf, quantity: 1 })]),
    );
    expect(await store.counts.record(count._id, '0'.repeat(24), { set: 1 }, staff)).toEqual({
      ok: false,
      reason: 'not_open',
    });
  });

  it('pages its lines by filter: uncounted by name, counted last first, variance by money; the sheet has every line', async () => {
    const cheap = await store.items.create(phone({ name: 'Cheap', quantity: 10, price: 1 }), ada);
    const dear = await store.items.create(phone({ name: 'Dear', quantity: 10, price: 100 }), ada);
    const even = await store.items.create(phone({ name: 'Even', quantity: 3 }), ada);
    await store.items.create(phone({ name: 'Untouched', quantity: 3 }), ada);
    const count = await opened();
    // A few milliseconds apart: the last counted comes first.
    for (const [item, counted] of [
      [cheap, 0],
      [dear, 9],
      [even, 3],
    ] as const) {
      ok(await store.counts.record(count._id, item._id, { set: counted }, staff));
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const page = async (filter: 'uncounted' | 'counted' | 'variance') =>
      (await store.counts.lines(count._id, filter, { limit: 10, skip: 0 }))!;
    expect((await page('uncounted')).lines.map((line) => line.name)).toEqual(['Untouched']);
    expect((await page('counted')).lines.map((line) => line.name)).toEqual(['Even', 'Dear', 'Cheap']);
    const variance = await page('variance');
    expect(variance.total).toBe(2);
    expect(variance.lines.map((line) => [line.name, line.variance, line.value])).toEqual([
      ['Dear', -1, -100],
      ['Cheap', -10, -10],
    ]);
    expect((await store.counts.get(count._id))!.variance).toEqual({ units: -11, value: -110 });
    const sheet = [];
    for await (const lines of store.counts.sheet(count._id)) sheet.push(...lines);
    expect(sheet.map((line) => [line.name, line.counted])).toEqual([
      ['Cheap', 0],
      ['Dear', 9],
      ['Even', 3],
      ['Untouched', undefined],
    ]);
  });

  it('the alerts and the dashboard follow: a count down to the reorder point opens the alert, its units a correction', async () => {
    const item = await store.items.create(phone({ name: 'Washer', quantity: 10, minStock: 3 }), ada);
    const before = (await store.stats.read()).movementsByDay.at(-1)!;
    const count = await opened();
    ok(await store.counts.record(count._id, item._id, { set: 2 }, staff));
    expect((await store.alerts.list({ state: 'open', limit: 10, skip: 0 })).total).toBe(0);
    ok(await store.counts.apply(count._id, 'keep', ada));
    const { alerts } = await store.alerts.list({ state: 'open', limit: 10, skip: 0 });
    expect(alerts).toEqual([expect.objectContaining({ itemId: item._id, quantity: 2 })]);
    const after = (await store.stats.read()).movementsByDay.at(-1)!;
    expect(after.corrections - before.corrections).toBe(-8);
    expect([after.received, after.removed, after.delivered]).toEqual([
      before.received,
      before.removed,
      before.delivered,
    ]);
  });
});
