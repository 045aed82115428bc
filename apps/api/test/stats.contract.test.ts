import { ImportRows } from '../src/store/import-rows';
import fc from 'fast-check';
import { STATS_DAYS, STATS_TOP_MOVERS, statsDays, utcDay, withInOut, type Stats } from '@smart-zone/types/stats';
import { statsSchema } from '@smart-zone/types/api-schemas';
import type { Actor, ItemInput } from '@smart-zone/types/item';
import type { Store } from '../src/store/store';
import { bucketsFromLedger, noBuckets } from './helpers/day-buckets';
import { ada, bob, delivery, phone } from './helpers/store-fixtures';
import { openTestStore, TEST_STORE } from './helpers/test-store';

const DAY_MS = 86_400_000;

/**
 * What GET /api/stats must answer, worked out here again from what the store
 * lists, on purpose apart from the adapters' totals: every item (count, units,
 * value with each price rounded to the cent), the low and out filters' counts,
 * and the whole ledger: in and out per UTC day and each existing item's out over
 * the window (most first, ties by id), each movement counted as the movement
 * kinds table says (bucketsFromLedger: dayTotalsOf, an undo in its movement's bucket).
 */
async function expectedStats(store: Store, now: Date): Promise<Stats> {
  let items = 0;
  let units = 0;
  let cents = 0;
  const names = new Map<string, string>();
  for await (const batch of store.items.stream()) {
    for (const item of batch) {
      items += 1;
      units += item.quantity;
      cents += Math.round(item.price * 100) * item.quantity;
      names.set(item._id, item.name);
    }
  }
  const days = statsDays(now);
  const inWindow = new Set(days);
  const counted = await bucketsFromLedger(store);
  const outByItem = new Map<string, number>();
  for (const [key, units] of counted.itemDays) {
    const [day, itemId] = key.split(' ') as [string, string];
    if (inWindow.has(day) && names.has(itemId)) outByItem.set(itemId, (outByItem.get(itemId) ?? 0) + units);
  }
  const topMovers = [...outByItem]
    .filter(([, out]) => out > 0)
    .sort(([idA, outA], [idB, outB]) => outB - outA || (idA < idB ? -1 : 1))
    .slice(0, STATS_TOP_MOVERS)
    .map(([itemId, out]) => ({ itemId, name: names.get(itemId)!, out }));
  return {
    items,
    units,
    stockValue: cents / 100,
    low: await store.items.count({ stock: 'low' }),
    out: await store.items.count({ stock: 'out' }),
    movementsByDay: days.map((day) => withInOut({ day, ...(counted.days.get(day) ?? noBuckets()) })),
    topMovers,
  };
}

describe(`stats: ${TEST_STORE}`, () => {
  let store: Store;

  beforeEach(async () => {
    store = await openTestStore();
  });

  afterEach(async () => {
    await store.close();
  });

  it('answers zeros for an empty store: 30 days, oldest first, today last, no movers', async () => {
    const now = new Date();
    const stats = await store.stats.read(now);
    expect(statsSchema.parse(stats)).toEqual(stats);
    expect(stats).toMatchObject({ items: 0, units: 0, stockValue: 0, low: 0, out: 0, topMovers: [] });
    expect(stats.movementsByDay).toHaveLength(STATS_DAYS);
    expect(stats.movementsByDay.at(-1)).toEqual({ day: utcDay(now), ...noBuckets(), in: 0, out: 0 });
    expect(stats.movementsByDay[0]!.day).toBe(utcDay(now.getTime() - (STATS_DAYS - 1) * DAY_MS));
  });

  it('counts every write path in its own transaction: create, stock, delivery, cancel, PUT, import, undo, delete', async () => {
    const pixel = await store.items.create(phone({ name: 'Pixel', price: 19.99, quantity: 10, minStock: 4 }), ada);
    const nokia = await store.items.create(phone({ name: 'Nokia', price: 0.335, quantity: 3 }), ada);
    const gone = await store.items.create(phone({ name: 'Gone', price: 5, quantity: 8 }), ada);
    // Opening stock 21, not `in`. Value: 10 × 19.99 + 3 × 0.34 (rounded to the cent first) + 8 × 5.
    let stats = await store.stats.read();
    expect(stats).toMatchObject({ items: 3, units: 21, stockValue: 240.92, low: 0, out: 0 });
    expect(stats.movementsByDay.at(-1)).toMatchObject({ opening: 21, received: 0, in: 0, out: 0 });

    const removed = await store.items.changeStock(pixel._id, { delta: -3 }, bob);
    expect(removed.ok).toBe(true);
    const sent = await store.deliveries.create(delivery(pixel._id, { quantity: 2 }));
    if (!sent.ok) throw new Error('delivery refused');
    await store.deliveries.create(delivery(gone._id, { quantity: 1 }));
    await store.deliveries.create(delivery(nokia._id, { quantity: 3 }));
    stats = await store.stats.read();
    // Pixel 10 → 5 (low at 4? no: 5 > 4), Nokia 3 → 0 (out), Gone 8 → 7.
    expect(stats).toMatchObject({ items: 3, units: 12, low: 0, out: 1 });
    expect(stats.movementsByDay.at(-1)).toMatchObject({ delivered: 6, removed: 3, in: 0, out: 9 });
    // Ranked by units delivered: Pixel's removal of 3 is not a sale.
    expect(stats.topMovers).toEqual([
      { itemId: nokia._id, name: 'Nokia', out: 3 },
      { itemId: pixel._id, name: 'Pixel', out: 2 },
      { itemId: gone._id, name: 'Gone', out: 1 },
    ]);

    await store.deliveries.cancel(sent.delivery._id, ada);
    const repriced = await store.items.update(
      pixel._id,
      { ...phone({ name: 'Pixel 9a', price: 20, quantity: 4 }), minStock: 4 },
      bob,
    );
    expect(repriced.ok).toBe(true);
    const undone = await store.items.changeStock(gone._id, { delta: 2 }, bob);
    if (!undone.ok) throw new Error('restock refused');
    expect((await store.items.undo(undone.movementId, bob)).ok).toBe(true);
    await store.items.remove(gone._id, bob);
    stats = await store.stats.read();
    // Pixel 5 → 7 (cancel: its delivery no longer counts) → 4 (PUT: an edit, 3 corrected down, not removed) is
    // low; Gone's restock and its undo change no bucket; Gone is deleted with its 7: a deletion, not out, and no
    // longer a mover.
    expect(stats).toMatchObject({ items: 2, units: 4, stockValue: 80, low: 1, out: 1 });
    expect(stats.movementsByDay.at(-1)).toEqual({
      day: utcDay(new Date()),
      received: 0,
      delivered: 4,
      removed: 3,
      corrections: -3,
      opening: 21,
      deletions: 7,
      in: 0,
      out: 7,
    });
    expect(stats.topMovers).toEqual([{ itemId: nokia._id, name: 'Nokia', out: 3 }]);
    expect(stats).toEqual(await expectedStats(store, new Date()));

    const imported = await store.items.importRows(
      ImportRows.of([
        { row: 2, id: nokia._id, fields: { quantity: 12, price: 1 } },
        { row: 3, fields: { ...phone({ name: 'Imported', price: 2.5, quantity: 6 }) } },
      ]),
      { by: { ...bob, reason: 'CSV import' }, apply: true },
    );
    expect(imported.ok).toBe(true);
    stats = await store.stats.read();
    expect(stats).toMatchObject({ items: 3, units: 4 + 12 + 6, stockValue: 80 + 12 + 15, low: 1, out: 0 });
    // The import's 12 more of Nokia are received; the item it creates is opening stock.
    expect(stats.movementsByDay.at(-1)).toMatchObject({ received: 12, opening: 21 + 6, in: 12 });
    expect(stats).toEqual(await expectedStats(store, new Date()));
  });

  it('keeps the last 30 UTC days: a day goes out of the window, and so do its movers', async () => {
    const item = await store.items.create(phone({ quantity: 10 }), ada);
    await store.deliveries.create(delivery(item._id, { quantity: 4 }));
    const now = new Date();
    const tomorrow = new Date(now.getTime() + DAY_MS);
    const later = await store.stats.read(tomorrow);
    const counted = { day: utcDay(now), ...noBuckets(), opening: 10, delivered: 4, in: 0, out: 4 };
    expect(later.movementsByDay.at(-1)).toEqual({ day: utcDay(tomorrow), ...noBuckets(), in: 0, out: 0 });
    expect(later.movementsByDay.at(-2)).toEqual(counted);
    expect(later.topMovers).toEqual([{ itemId: item._id, name: 'Pixel 9', out: 4 }]);
    const lastDay = await store.stats.read(new Date(now.getTime() + (STATS_DAYS - 1) * DAY_MS));
    expect(lastDay.movementsByDay[0]).toEqual(counted);
    const past = await store.stats.read(new Date(now.getTime() + STATS_DAYS * DAY_MS));
    expect(past.movementsByDay.every((day) => day.opening === 0 && day.delivered === 0 && day.out === 0)).toBe(true);
    expect(past.topMovers).toEqual([]);
    // The totals are now's, whatever the window.
    expect(past).toMatchObject({ items: 1, units: 6 });
  });

  it('names five movers at most, most out first, ties by id', async () => {
    const created = await Promise.all(
      Array.from({ length: 7 }, (_, index) => store.items.create(phone({ name: `Phone ${index}`, quantity: 50 }), ada)),
    );
    for (const [index, item] of created.entries()) {
      await store.deliveries.create(delivery(item._id, { quantity: index < 4 ? 5 : 1 + index }));
    }
    const { topMovers } = await store.stats.read();
    const ties = created
      .slice(0, 4)
      .map((item) => item._id)
      .sort();
    expect(topMovers.map((mover) => mover.out)).toEqual([7, 6, 5, 5, 5]);
    expect(topMovers.slice(2).map((mover) => mover.itemId)).toEqual(ties.slice(0, 3));
  });

  it('agrees with the ledger and the catalogue after any sequence of writes', async () => {
    const actors: Actor[] = [ada, bob];
    type Op =
      | { kind: 'create'; price: number; quantity: number; minStock: number }
      | { kind: 'stock'; item: number; delta: number }
      | { kind: 'deliver'; item: number; quantity: number }
      | { kind: 'cancel'; delivery: number }
      | { kind: 'put'; item: number; price: number; quantity: number }
      | { kind: 'remove'; item: number };
    const op: fc.Arbitrary<Op> = fc.oneof(
      fc.record({
        kind: fc.constant('create' as const),
        price: fc.integer({ min: 0, max: 100_000 }).map((cents) => cents / 100 + (cents % 3 === 0 ? 0.005 : 0)),
        quantity: fc.integer({ min: 0, max: 40 }),
        minStock: fc.integer({ min: 0, max: 10 }),
      }),
      fc.record({
        kind: fc.constant('stock' as const),
        item: fc.nat(),
        delta: fc.integer({ min: -15, max: 15 }).filter((value) => value !== 0),
      }),
      fc.record({ kind: fc.constant('deliver' as const), item: fc.nat(), quantity: fc.integer({ min: 1, max: 5 }) }),
      fc.record({ kind: fc.constant('cancel' as const), delivery: fc.nat() }),
      fc.record({
        kind: fc.constant('put' as const),
        item: fc.nat(),
        price: fc.integer({ min: 0, max: 5000 }).map((cents) => cents / 100),
        quantity: fc.integer({ min: 0, max: 40 }),
      }),
      fc.record({ kind: fc.constant('remove' as const), item: fc.nat() }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 5, maxLength: 30 }), async (ops) => {
        const run = await openTestStore();
        try {
          const ids: string[] = [];
          const deliveries: string[] = [];
          const pick = <T>(list: T[], index: number) => (list.length ? list[index % list.length] : undefined);
          for (const [step, next] of ops.entries()) {
            const by = actors[step % 2]!;
            if (next.kind === 'create') {
              const input: ItemInput = phone({
                name: `P${step}`,
                price: next.price,
                quantity: next.quantity,
                minStock: next.minStock,
              });
              ids.push((await run.items.create(input, by))._id);
              continue;
            }
            if (next.kind === 'cancel') {
              const id = pick(deliveries, next.delivery);
              if (id) await run.deliveries.cancel(id, by);
              continue;
            }
            const id = pick(ids, next.item);
            if (!id) continue;
            if (next.kind === 'stock') await run.items.changeStock(id, { delta: next.delta }, by);
            if (next.kind === 'deliver') {
              const sent = await run.deliveries.create(delivery(id, { quantity: next.quantity, owner: by }));
              if (sent.ok) deliveries.push(sent.delivery._id);
            }
            if (next.kind === 'put') {
              await run.items.update(id, phone({ name: `P${step}`, price: next.price, quantity: next.quantity }), by);
            }
            if (next.kind === 'remove' && (await run.items.remove(id, by))) ids.splice(ids.indexOf(id), 1);
          }
          const now = new Date();
          expect(await run.stats.read(now)).toEqual(await expectedStats(run, now));
        } finally {
          await run.close();
        }
      }),
      { numRuns: TEST_STORE === 'sqlite' ? 40 : 10 },
    );
  });
});
