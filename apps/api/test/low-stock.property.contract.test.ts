import fc from 'fast-check';
import type { AlertKind } from '@smart-zone/types/alert';
import type { Actor, ItemInput, StockMovement } from '@smart-zone/types/item';
import type { Store } from '../src/store/store';
import { openTestStore, TEST_STORE } from './helpers/test-store';

/**
 * One alert per crossing, on both adapters: random operations over every
 * stock path — create, PUT (quantity and/or reorder point, with or without
 * minStock), stock ±, delivery, cancel, delete — and concurrent bursts of
 * deliveries, stock changes and cancels on one item. After every step the
 * alerts in the store are exactly the crossings a reference model finds: from
 * each item's ledger (quantityAfter, oldest first) and the model's own record
 * of its reorder point over time. The rule is written here again, on purpose
 * apart from stock-alerts.ts: `out` when the quantity goes from above 0 to 0;
 * else `low` when the item goes from not low to low (low: minStock > 0 and
 * quantity ≤ minStock); nothing on create, cancel or delete.
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

/** The model's record of one item: its reorder point when created, and each PUT that set one since. */
interface ModelItem {
  id: string;
  minStock: number;
  /** `index`: how many movements the item had before the PUT; `withMovement`: the PUT moved the quantity too. */
  puts: { index: number; minStock: number; withMovement: boolean }[];
}

interface Crossing {
  itemId: string;
  kind: AlertKind;
  quantity: number;
  minStock: number;
  movementId: string | null;
}

/** Marks the movements of POST /stock, so the crossings they cause are told apart from a PUT's `adjust`. */
const STOCK_NOTE = 'stock';
const isLow = (quantity: number, min: number) => min > 0 && quantity <= min;
/** Which kinds of crossing the runs met (`low by PUT of minStock`, `out by delivery`…): each must be met. */
const met = new Set<string>();
const NO_ALERT = new Set(['created', 'cancel', 'deleted']);

/** The alerts an item's history must have raised: its ledger oldest first, with the model's reorder points laid in. */
function crossings(item: ModelItem, ledger: readonly StockMovement[]): Crossing[] {
  const found: Crossing[] = [];
  let quantity = 0;
  let min = item.minStock;
  let put = 0;
  const minOnlyPutsAt = (index: number) => {
    for (; put < item.puts.length && item.puts[put]!.index === index && !item.puts[put]!.withMovement; put += 1) {
      const next = item.puts[put]!.minStock;
      if (!isLow(quantity, min) && isLow(quantity, next)) {
        found.push({ itemId: item.id, kind: 'low', quantity, minStock: next, movementId: null });
        met.add('low by PUT of minStock');
      }
      min = next;
    }
  };
  ledger.forEach((movement, index) => {
    minOnlyPutsAt(index);
    let nextMin = min;
    if (item.puts[put]?.index === index) {
      expect(movement.reason).toBe('adjust');
      nextMin = item.puts[put]!.minStock;
      put += 1;
    }
    const next = movement.quantityAfter;
    if (!NO_ALERT.has(movement.reason)) {
      const kind: AlertKind | null =
        quantity > 0 && next === 0 ? 'out' : !isLow(quantity, min) && isLow(next, nextMin) ? 'low' : null;
      if (kind) {
        found.push({ itemId: item.id, kind, quantity: next, minStock: nextMin, movementId: movement._id });
        met.add(`${kind} by ${movement.note ?? movement.reason}`);
      }
    }
    quantity = next;
    min = nextMin;
  });
  minOnlyPutsAt(ledger.length);
  // Every PUT the model saw has its place in the ledger.
  expect(put).toBe(item.puts.length);
  return found;
}

const byKey = (a: Crossing, b: Crossing) => JSON.stringify(a).localeCompare(JSON.stringify(b));

describe(`one low-stock alert per crossing, on every stock path (${TEST_STORE})`, () => {
  let store: Store;
  beforeEach(async () => {
    store = await openTestStore();
  });
  afterEach(() => store.close());

  it(
    'after every step the alerts equal the crossings of the ledger: no duplicate, no miss',
    async () => {
      let operations = 0;
      let alertsSeen = 0;
      await fc.assert(
        fc.asyncProperty(fc.array(op, { minLength: STEPS, maxLength: STEPS }), async (steps) => {
          await store.close();
          store = await openTestStore();
          const items: ModelItem[] = [];
          const deliveries: { id: string; itemId: string; owner: Actor }[] = [];
          const pick = <T>(list: readonly T[], index: number) => (list.length ? list[index % list.length] : undefined);
          const currentMin = (item: ModelItem) => item.puts.at(-1)?.minStock ?? item.minStock;

          async function put(item: ModelItem, quantity: number | null, min: number | null, name: string) {
            const current = await store.items.get(item.id);
            const { total } = await store.items.history(item.id, { limit: 1, skip: 0 });
            const input = {
              ...product(name, quantity ?? current?.quantity ?? 0),
              ...(min === null ? {} : { minStock: min }),
            };
            const outcome = await store.items.update(item.id, input, staff);
            if (!current) return expect(outcome).toEqual({ ok: false, reason: 'not_found' });
            if (!outcome.ok) throw new Error(`the PUT was refused: ${outcome.reason}`);
            if (!outcome.changed) return;
            item.puts.push({
              index: total,
              minStock: min ?? currentMin(item),
              withMovement: input.quantity !== current.quantity,
            });
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
              items.push({ id: created._id, minStock: step.minStock, puts: [] });
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

          for (const step of steps) {
            await run(step);
            const expected: Crossing[] = [];
            for (const item of items) {
              const { movements } = await store.items.history(item.id, { limit: 10_000, skip: 0 });
              expected.push(...crossings(item, [...movements].reverse()));
              const now = await store.items.get(item.id);
              if (now) expect(now.minStock).toBe(currentMin(item));
            }
            const { alerts, total } = await store.alerts.list({ limit: 10_000, skip: 0 });
            expect(alerts).toHaveLength(total);
            const actual = alerts.map((alert): Crossing => ({
              itemId: alert.itemId,
              kind: alert.kind,
              quantity: alert.quantity,
              minStock: alert.minStock,
              movementId: alert.movementId ?? null,
            }));
            expect(actual.sort(byKey)).toEqual(expected.sort(byKey));
          }
          alertsSeen += (await store.alerts.list({ limit: 1, skip: 0 })).total;
        }),
        { numRuns: RUNS },
      );
      expect(operations).toBeGreaterThanOrEqual(1000);
      // The runs did cross, often: a property that never saw an alert would prove nothing.
      expect(alertsSeen).toBeGreaterThanOrEqual(RUNS);
      expect([...met].sort()).toEqual(
        [
          'low by PUT of minStock',
          'low by adjust',
          'low by delivery',
          'low by stock',
          'out by adjust',
          'out by delivery',
          'out by stock',
        ].sort(),
      );
      console.log(`low-stock property: ${operations} operations in ${RUNS} runs, ${alertsSeen} alerts raised`);
    },
    TEST_STORE === 'mongo' ? 600_000 : 120_000,
  );
});
