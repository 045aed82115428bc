import { MAIN_LOCATION_ID } from '@smart-zone/types/location';
import * as item from '@smart-zone/types/item';
import {
  DAY_BUCKETS,
  dayTotalsOf,
  kindOf,
  type DayBucket,
  UNDOABLE_REASONS,
  KIND_COUNTS,
  MOVEMENT_KIND_NAMES,
  MOVEMENT_KINDS,
  MOVEMENT_REASONS,
  type MovementReason,
} from '@smart-zone/types/movement-kinds';
import { utcDay, withInOut } from '@smart-zone/types/stats';
import { ImportRows } from '../src/store/import-rows';
import type { LedgerLine, Store } from '../src/store/store';
import { ada, bob, delivery, phone } from './helpers/store-fixtures';
import { openTestStore, TEST_STORE } from './helpers/test-store';

/**
 * The movement kinds table (packages/types movement-kinds.ts, decision 017):
 * every reason has a kind each way it moves, and the store's totals (SQLite's
 * triggers, MongoDB's day documents) and the stats answer agree with it for a
 * movement of each reason, each way, written through the store.
 */
describe('the movement kinds table', () => {
  it('gives every reason a label, a kind each way its movements go, and what its undo does', () => {
    for (const reason of MOVEMENT_REASONS) {
      const row = MOVEMENT_KINDS[reason];
      expect(row.label.length).toBeGreaterThan(0);
      expect(row.noun.length).toBeGreaterThan(0);
      expect([row.in, row.out].some((kind) => kind !== null)).toBe(true);
      for (const kind of [row.in, row.out]) if (kind !== null) expect(MOVEMENT_KIND_NAMES).toContain(kind);
      expect(['undo', 'cancel', 'none']).toContain(row.undo);
    }
    expect(Object.keys(KIND_COUNTS)).toEqual([...MOVEMENT_KIND_NAMES]);
  });

  it('keeps the names and meanings the API and the stores have used (item.ts); a new reason goes last', () => {
    expect(item.MOVEMENT_REASONS.slice(0, 9)).toEqual([
      'created',
      'restock',
      'adjust',
      'delivery',
      'cancel',
      'deleted',
      'import',
      'undo',
      'edit',
    ]);
    // Issue 34: units moved between locations, undone by moving them back.
    expect(item.MOVEMENT_REASONS[9]).toBe('transfer');
    // Issue 35: a count's apply, undone as any correction.
    expect(item.MOVEMENT_REASONS[10]).toBe('count');
    expect([...item.UNDOABLE_REASONS]).toEqual(['restock', 'adjust', 'import', 'edit', 'transfer', 'count']);
    expect(item.MOVEMENT_REASONS.filter((reason) => item.isUndoable(reason))).toEqual([
      'restock',
      'adjust',
      'import',
      'edit',
      'transfer',
      'count',
    ]);
  });

  /**
   * Issue 32: each reason's units in the dashboard's day buckets (SQLite's migration 12 and MongoDB's
   * countPastMovements count the ledger so). A table that counts one of them otherwise fails here: it
   * needs a migration that counts the ledger again (decision 017). An undo counts in the bucket of the
   * movement it takes back (so a restock and its undo change no bucket); a cancel takes its units back out
   * of `delivered`; the top movers' units are those delivered.
   */
  it('counts each reason in its bucket, an undo in its movement’s, as the stored totals are counted', () => {
    const zero = { received: 0, delivered: 0, removed: 0, corrections: 0, opening: 0, deletions: 0, itemOut: 0 };
    const cases: [MovementReason, number, MovementReason | undefined, Partial<typeof zero>][] = [
      ['created', 7, undefined, { opening: 7 }],
      ['created', 0, undefined, {}],
      ['restock', 7, undefined, { received: 7 }],
      ['adjust', 7, undefined, { corrections: 7 }],
      ['adjust', -7, undefined, { removed: 7 }],
      ['delivery', -7, undefined, { delivered: 7, itemOut: 7 }],
      ['cancel', 7, undefined, { delivered: -7, itemOut: -7 }],
      ['deleted', -7, undefined, { deletions: 7 }],
      ['deleted', 0, undefined, {}],
      ['import', 7, undefined, { received: 7 }],
      ['import', -7, undefined, { corrections: -7 }],
      ['undo', -7, 'restock', { received: -7 }],
      ['undo', 7, 'adjust', { removed: -7 }],
      ['undo', -7, 'adjust', { corrections: -7 }],
      ['undo', -7, 'import', { received: -7 }],
      ['undo', 7, 'import', { corrections: 7 }],
      ['undo', 7, undefined, { corrections: 7 }],
      // Issue 32: an edit of the quantity is a correction either way, and so is its undo (the other way).
      ['edit', 7, undefined, { corrections: 7 }],
      ['edit', -7, undefined, { corrections: -7 }],
      ['undo', 7, 'edit', { corrections: 7 }],
      ['undo', -7, 'edit', { corrections: -7 }],
    ];
    for (const [reason, delta, undone, share] of cases) {
      expect([reason, delta, undone, dayTotalsOf(reason, delta, undone)]).toEqual([
        reason,
        delta,
        undone,
        { ...zero, ...share },
      ]);
    }
    // A movement and its undo cancel out in every bucket.
    for (const reason of UNDOABLE_REASONS) {
      for (const delta of [-7, 7]) {
        if (kindOf(reason, delta) === null) continue;
        const done = dayTotalsOf(reason, delta);
        const undo = dayTotalsOf('undo', -delta, reason);
        for (const bucket of [...DAY_BUCKETS, 'itemOut'] as const) expect(done[bucket] + undo[bucket]).toBe(0);
      }
    }
  });
});

describe(`movement kinds through the store: ${TEST_STORE}`, () => {
  let store: Store;

  beforeEach(async () => {
    store = await openTestStore();
  });

  afterEach(async () => {
    await store.close();
  });

  interface Items {
    kept: string;
    other: string;
    gone: string;
    deliveryId?: string;
    restockId?: string;
    removalId?: string;
    editId?: string;
  }
  const ok = <T extends { ok: boolean }>(outcome: T): Extract<T, { ok: true }> => {
    if (!outcome.ok) throw new Error(`refused: ${JSON.stringify(outcome)}`);
    return outcome as Extract<T, { ok: true }>;
  };
  const importQuantity = async (id: string, quantity: number) =>
    ok(await store.items.importRows(ImportRows.of([{ row: 2, id, fields: { quantity } }]), { by: bob, apply: true }));

  /** A count of one item, counted as `counted` of what it holds, applied. */
  async function countedApplied(itemId: string, counted: (units: number) => number) {
    const count = ok(
      await store.counts.open({ name: 'Shelf check', blind: false, scope: {}, candidates: [itemId] }, ada),
    ).value;
    const units = (await store.items.get(itemId))!.quantity;
    ok(await store.counts.record(count._id, itemId, { set: counted(units) }, bob));
    ok(await store.counts.apply(count._id, 'keep', ada));
  }

  /**
   * A write of each reason, each way it goes: by reason, so a new reason does not typecheck without one.
   * In this order (a cancel needs its delivery, an undo its movement).
   */
  const WRITES: Record<MovementReason, ((items: Items) => Promise<unknown>)[]> = {
    created: [() => store.items.create(phone({ name: 'Empty', quantity: 0 }), ada)],
    restock: [
      async (items) => (items.restockId = ok(await store.items.changeStock(items.kept, { delta: 6 }, ada)).movementId),
    ],
    adjust: [
      async (items) => (items.removalId = ok(await store.items.changeStock(items.kept, { delta: -2 }, ada)).movementId),
    ],
    // A PUT that changes the quantity, up then down (before the undos: one of them takes the second back).
    edit: [
      async (items) => ok(await store.items.update(items.other, phone({ name: 'Other', quantity: 9 }), bob)),
      async (items) => {
        ok(await store.items.update(items.other, phone({ name: 'Other', quantity: 7 }), bob));
        items.editId = (await ledgerLines()).at(-1)!._id;
      },
    ],
    delivery: [
      async (items) =>
        (items.deliveryId = ok(await store.deliveries.create(delivery(items.kept, { quantity: 3 }))).delivery._id),
    ],
    cancel: [async (items) => ok(await store.deliveries.cancel(items.deliveryId!, ada))],
    // Units moved from Main to a shelf: no bucket, no mover (issue 34).
    transfer: [
      async (items) => {
        const shelf = ok(await store.locations.create({ name: 'Shelf' }, ada)).location._id;
        ok(await store.items.transfer(items.kept, { from: MAIN_LOCATION_ID, to: shelf, quantity: 2 }, ada));
      },
    ],
    // A count's apply (issue 35): counted 1 more than the ledger had, then 2 fewer: a correction each way.
    count: [
      async (items) => countedApplied(items.kept, (units) => units + 1),
      async (items) => countedApplied(items.kept, (units) => units - 2),
    ],
    import: [async (items) => importQuantity(items.other, 12), async (items) => importQuantity(items.other, 4)],
    undo: [
      async (items) => ok(await store.items.undo(items.restockId!, ada)),
      async (items) => ok(await store.items.undo(items.removalId!, ada)),
      async (items) => ok(await store.items.undo(items.editId!, bob)),
    ],
    deleted: [async (items) => store.items.remove(items.gone, bob)],
  };

  async function ledgerLines(): Promise<LedgerLine[]> {
    const lines: LedgerLine[] = [];
    for await (const batch of store.items.ledger({})) lines.push(...batch);
    return lines;
  }

  async function totals() {
    const stats = await store.stats.read();
    return {
      days: new Map(stats.movementsByDay.map(({ day, ...buckets }) => [day, buckets])),
      movers: new Map(stats.topMovers.map((mover) => [mover.itemId, mover.out])),
    };
  }

  it('adds to the day totals and the top movers what the table says, for a movement of each reason', async () => {
    const items: Items = {
      kept: (await store.items.create(phone({ name: 'Kept', quantity: 10 }), ada))._id,
      other: (await store.items.create(phone({ name: 'Other', quantity: 5 }), ada))._id,
      gone: (await store.items.create(phone({ name: 'Gone', quantity: 8 }), ada))._id,
    };
    // Gone has moved out before: its units out leave the movers with it.
    ok(await store.items.changeStock(items.gone, { delta: -1 }, ada));
    const seen = new Map<MovementReason, Set<string>>();
    let written = (await ledgerLines()).length;
    for (const [reason, writes] of Object.entries(WRITES) as [MovementReason, (typeof WRITES)[MovementReason]][]) {
      for (const write of writes) {
        const before = await totals();
        await write(items);
        const lines = (await ledgerLines()).slice(written);
        written += lines.length;
        expect(lines.map((line) => line.reason)).toEqual([reason]);
        const [line] = lines as [LedgerLine];
        // The table names the way it went.
        expect(kindOf(line.reason, line.delta)).not.toBeNull();
        seen.set(reason, (seen.get(reason) ?? new Set()).add(Math.sign(line.delta).toString()));

        const reasons = new Map((await ledgerLines()).map((one) => [one._id, one.reason]));
        const share = dayTotalsOf(line.reason, line.delta, line.undoOf ? reasons.get(line.undoOf) : undefined);
        const after = await totals();
        const day = utcDay(new Date(line.at));
        const was = before.days.get(day)!;
        const buckets = Object.fromEntries(DAY_BUCKETS.map((bucket) => [bucket, was[bucket] + share[bucket]]));
        expect([reason, line.delta, after.days.get(day)]).toEqual([
          reason,
          line.delta,
          withInOut(buckets as Record<DayBucket, number>),
        ]);
        const movers = new Map(before.movers);
        if (reason === 'deleted') movers.delete(line.itemId);
        else if (share.itemOut !== 0) movers.set(line.itemId, (movers.get(line.itemId) ?? 0) + share.itemOut);
        for (const [itemId, out] of movers) if (out <= 0) movers.delete(itemId);
        expect([reason, line.delta, after.movers]).toEqual([reason, line.delta, movers]);
      }
    }
    // Every reason written, each way the table says it goes (a delta of 0: created or deleted empty).
    expect([...seen.keys()].sort()).toEqual([...MOVEMENT_REASONS].sort());
    expect(Object.fromEntries([...seen].map(([reason, signs]) => [reason, [...signs].sort()]))).toEqual({
      created: ['0'],
      restock: ['1'],
      adjust: ['-1'],
      delivery: ['-1'],
      cancel: ['1'],
      import: ['-1', '1'],
      undo: ['-1', '1'],
      deleted: ['-1'],
      edit: ['-1', '1'],
      transfer: ['0'],
      count: ['-1', '1'],
    });
  });
});
