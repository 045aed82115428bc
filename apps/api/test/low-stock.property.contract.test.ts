import fc from 'fast-check';
import type { Alert } from '@smart-zone/types/alert';
import type { Actor, ItemInput } from '@smart-zone/types/item';
import { isLowStock } from '@smart-zone/types/stock';
import type { Store } from '../src/store/store';
import { openTestStore, TEST_STORE } from './helpers/test-store';

/**
 * Low stock is a state, on both adapters: random operations over every
 * stock path — create, PUT (quantity and/or reorder point, with or without
 * minStock), stock ±, delivery, cancel, delete — and concurrent bursts of
 * deliveries, stock changes and cancels on one item (group commit). After every
 * step each item at or below its reorder point has exactly one open alert,
 * which says its kind (`out` at 0), quantity and reorder point now; an item above it, or
 * gone, has none; every alert that is not open is resolved (resolvedAt), and
 * an item's alerts never overlap in time.
 * RUNS runs × STEPS steps, bursts counting each operation: at least 1,000 operations.
 */
const RUNS = 25;
const STEPS = 60;

const staff: Actor = { uid: 'uid-staff', email: 'staff@example.com' };
const owners: Actor[] = [
  { uid: 'uid-ada', email: 'ada@example.com' },
  { uid: 'uid-bob', email: 'bob@example.com' },
];
const product = (name: string, quantity: number): ItemInput => ({
  name,
  supplier: 'Nokia',
  price: 10,
  quantity,
  description: '',
  img: '',
});

type BurstOp =
  | { kind: 'deliver'; quantity: number; owner: number }
  | { kind: 'stock'; delta: number }
  | { kind: 'cancel'; delivery: number };

type Op =
  | { kind: 'create'; quantity: number; minStock: number }
  /** quantity null: keep the current one; minStock null: absent from the PUT (the item keeps its own). */
  | { kind: 'put'; item: number; quantity: number | null; minStock: number | null; rename: boolean }
  /** A PUT that sets the reorder point to the quantity or above, quantity unchanged. */
  | { kind: 'raise'; item: number; above: number }
  | { kind: 'stock'; item: number; delta: number }
  | { kind: 'deliver'; item: number; quantity: number; owner: number }
  | { kind: 'cancel'; delivery: number }
  | { kind: 'remove'; item: number }
  | { kind: 'burst'; item: number; ops: BurstOp[] };

const minStock = fc.oneof(
  { weight: 1, arbitrary: fc.constant(0) },
  { weight: 3, arbitrary: fc.integer({ min: 1, max: 8 }) },
);
const delta = fc.integer({ min: -6, max: 6 }).filter((value) => value !== 0);
const burstOp: fc.Arbitrary<BurstOp> = fc.oneof(
  fc.record({
    kind: fc.constant('deliver' as const),
    quantity: fc.integer({ min: 1, max: 4 }),
    owner: fc.integer({ min: 0, max: 1 }),
  }),
  fc.record({ kind: fc.constant('stock' as const), delta }),
  fc.record({ kind: fc.constant('cancel' as const), delivery: fc.nat() }),
);
const op: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('create' as const), quantity: fc.integer({ min: 0, max: 12 }), minStock }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('put' as const),
      item: fc.nat(),
      quantity: fc.option(fc.integer({ min: 0, max: 12 })),
      minStock: fc.option(minStock),
      rename: fc.boolean(),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('raise' as const),
      item: fc.nat(),
      above: fc.integer({ min: 0, max: 3 }),
    }),
  },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('stock' as const), item: fc.nat(), delta }) },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('deliver' as const),
      item: fc.nat(),
      quantity: fc.integer({ min: 1, max: 4 }),
      owner: fc.integer({ min: 0, max: 1 }),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('cancel' as const), delivery: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('remove' as const), item: fc.nat() }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('burst' as const),
      item: fc.nat(),
      ops: fc.array(burstOp, { minLength: 2, maxLength: 6 }),
    }),
  },
);

/** Marks the movements of POST /stock. */
const STOCK_NOTE = 'stock';
/** What the runs met (`opened`, `updated to out`, `resolved by restock`…): each must be met. */
const met = new Set<string>();

/** The store's alerts against its items, as the state rule says they must be. */
async function expectAlertsKept(store: Store): Promise<Alert[]> {
  const items = await store.items.list();
  const open = await store.alerts.list({ state: 'open', limit: 10_000, skip: 0 });
  const all = await store.alerts.list({ state: 'all', limit: 10_000, skip: 0 });
  expect(open.alerts).toHaveLength(open.total);
  expect(all.alerts).toHaveLength(all.total);
  const low = items.filter(isLowStock);
  const shown = (alert: Alert) => [alert.itemId, alert.kind, alert.quantity, alert.minStock].join(' ');
  expect(open.alerts.map(shown).sort()).toEqual(
    low.map((item) => [item._id, item.quantity === 0 ? 'out' : 'low', item.quantity, item.minStock].join(' ')).sort(),
  );
  expect(open.alerts.every((alert) => alert.state === 'open' && alert.resolvedAt === undefined)).toBe(true);
  const resolved = all.alerts.filter((alert) => alert.state === 'resolved');
  expect(resolved.every((alert) => alert.resolvedAt !== undefined && alert.resolvedAt >= alert.at)).toBe(true);
  expect(all.total).toBe(open.total + resolved.length);
  // An item's alerts one after another: each resolved before the next opened.
  const byItem = new Map<string, Alert[]>();
  for (const alert of [...all.alerts].reverse()) byItem.set(alert.itemId, [...(byItem.get(alert.itemId) ?? []), alert]);
  for (const list of byItem.values()) {
    list.slice(1).forEach((alert, i) => expect(list[i]!.resolvedAt! <= alert.at).toBe(true));
  }
  return all.alerts;
}

describe(`low stock is a state: one open alert per low item, on every stock path (${TEST_STORE})`, () => {
  let store: Store;
  beforeEach(async () => {
    store = await openTestStore();
  });
  afterEach(() => store.close());

  it(
    'after every step each low item has one open alert, up to date, and no other item has one',
    async () => {
      let operations = 0;
      let alertsSeen = 0;
      await fc.assert(
        fc.asyncProperty(fc.array(op, { minLength: STEPS, maxLength: STEPS }), async (steps) => {
          await store.close();
          store = await openTestStore();
          const items: { id: string }[] = [];
          const deliveries: { id: string; itemId: string; owner: Actor }[] = [];
          const pick = <T>(list: readonly T[], index: number) => (list.length ? list[index % list.length] : undefined);

          async function put(item: { id: string }, quantity: number | null, min: number | null, name: string) {
            const current = await store.items.get(item.id);
            const input = {
              ...product(name, quantity ?? current?.quantity ?? 0),
              ...(min === null ? {} : { minStock: min }),
            };
            const outcome = await store.items.update(item.id, input, staff);
            if (!current) return expect(outcome).toEqual({ ok: false, reason: 'not_found' });
            if (!outcome.ok) throw new Error(`the PUT was refused: ${outcome.reason}`);
          }

          async function deliver(itemId: string, quantity: number, owner: Actor) {
            const outcome = await store.deliveries.create({
              owner,
              name: '',
              inventoriesId: itemId,
              address: 'x',
              phone: '1',
              quantity,
            });
            if (outcome.ok) deliveries.push({ id: outcome.delivery._id, itemId, owner });
          }

          async function run(step: Op) {
            if (step.kind === 'create') {
              operations += 1;
              const created = await store.items.create(
                { ...product('Phone', step.quantity), minStock: step.minStock },
                staff,
              );
              items.push({ id: created._id });
              return;
            }
            if (step.kind === 'cancel') {
              operations += 1;
              const delivery = pick(deliveries, step.delivery);
              if (delivery) await store.deliveries.cancel(delivery.id, delivery.owner);
              return;
            }
            const item = pick(items, step.item);
            if (!item) return;
            switch (step.kind) {
              case 'put':
                operations += 1;
                return put(item, step.quantity, step.minStock, step.rename ? 'Phone 2' : 'Phone');
              case 'raise': {
                operations += 1;
                const current = await store.items.get(item.id);
                return put(item, null, (current?.quantity ?? 0) + step.above, current?.name ?? 'Phone');
              }
              case 'stock':
                operations += 1;
                await store.items.changeStock(item.id, { delta: step.delta, note: STOCK_NOTE }, staff);
                return;
              case 'deliver':
                operations += 1;
                return deliver(item.id, step.quantity, owners[step.owner]!);
              case 'remove':
                operations += 1;
                await store.items.remove(item.id, staff);
                return;
              case 'burst': {
                const own = deliveries.filter((delivery) => delivery.itemId === item.id);
                // All at once, on one item: the reorder point does not move meanwhile.
                await Promise.all(
                  step.ops.map(async (burst) => {
                    operations += 1;
                    if (burst.kind === 'deliver') return deliver(item.id, burst.quantity, owners[burst.owner]!);
                    if (burst.kind === 'stock')
                      return store.items.changeStock(item.id, { delta: burst.delta, note: STOCK_NOTE }, staff);
                    const delivery = pick(own, burst.delivery);
                    return delivery && store.deliveries.cancel(delivery.id, delivery.owner);
                  }),
                );
              }
            }
          }

          let before = new Map<string, Alert>();
          for (const step of steps) {
            await run(step);
            const after = await expectAlertsKept(store);
            for (const alert of after) {
              const was = before.get(alert._id);
              if (!was) met.add(`opened by ${step.kind}`);
              else if (was.state === 'open' && alert.state === 'resolved') met.add(`resolved by ${step.kind}`);
              else if (was.kind !== alert.kind) met.add(`updated to ${alert.kind}`);
            }
            // Nothing is ever removed: an alert resolves, it stays in the list.
            expect([...before.keys()].every((id) => after.some((alert) => alert._id === id))).toBe(true);
            before = new Map(after.map((alert) => [alert._id, alert]));
          }
          alertsSeen += before.size;
        }),
        { numRuns: RUNS },
      );
      expect(operations).toBeGreaterThanOrEqual(1000);
      // The runs did cross, often: a property that never saw an alert would prove nothing.
      expect(alertsSeen).toBeGreaterThanOrEqual(RUNS);
      // Every way in and out of low was met.
      for (const way of [
        'opened by create',
        'opened by put',
        'opened by raise',
        'opened by stock',
        'opened by deliver',
        'opened by burst',
        'updated to out',
        'updated to low',
        'resolved by put',
        'resolved by stock',
        'resolved by cancel',
        'resolved by remove',
        'resolved by burst',
      ])
        expect([way, met.has(way)]).toEqual([way, true]);
      console.log(`low-stock property: ${operations} operations in ${RUNS} runs, ${alertsSeen} alerts opened`);
    },
    TEST_STORE === 'mongo' ? 600_000 : 120_000,
  );
});
