import fc from 'fast-check';
import type { AuditAction } from '@smart-zone/types/audit';
import { DELIVERY_QUANTITY_MAX } from '@smart-zone/types/delivery';
import { type ItemInput, type MovementReason, QUANTITY_MAX } from '@smart-zone/types/item';
import { DAY_BUCKETS, dayTotalsOf, type DayBucket } from '@smart-zone/types/movement-kinds';
import { type DayMovement, withInOut } from '@smart-zone/types/stats';
import { isLowStock } from '@smart-zone/types/stock';
import { ImportRows } from '../src/store/import-rows';
import { type Author, type ImportRow, SkuTakenError, type Store } from '../src/store/store';
import { daysFromLedger } from './helpers/day-buckets';
import { openTestStore, TEST_STORE, type TestStoreKind } from './helpers/test-store';

/**
 * Every stock write of the store port, in random sequences, on every adapter (issue 31): create, edit
 * (PUT, with its quantity, version and SKU), restock and removal, deliver, cancel, undo, delete, and a
 * small CSV import dry run or applied; with realistic and edge inputs (deliveries over stock, quantities
 * at the limit, undo of what is not undone, writes to deleted items, SKUs another item holds, stale
 * versions). A model kept here, apart from the adapters and from store/import-plan.ts, decides each
 * write's outcome; after every sequence each store must hold exactly the model's state: items and their
 * versions, each item's ledger (the quantity is the sum of its deltas, and no movement, a delivery's
 * least of all, leaves it below 0: nothing oversold), the deliveries still active, one audit entry per
 * accepted write and none for a refusal, and the stats' totals (the day buckets, issue 32: the model's
 * movements by the one table). After each write the audit holds one entry per write accepted so far, a
 * refused write (or a no-op) leaves the revision as it was, and the stats' day buckets are the store's own
 * ledger classified by the one table (daysFromLedger). In the mongo
 * project (a mongod reachable) every sequence runs on MongoDB and on SQLite at once, and the two stores
 * must end in the same normalized state (ids as the model numbers them).
 *
 * Fixed seed: a failure prints its `seed` and `path`; give them to fc.assert below to replay the shrunk case.
 */
const SEED = 310_001;
/**
 * Sequences of up to STEPS writes. SQLite: 200 runs, ~4,000 writes, ~14 s on a 2-core machine at load 10.
 * MongoDB: fewer, as each run opens two stores and every write is a transaction on each.
 */
const RUNS = TEST_STORE === 'sqlite' ? 200 : 20;
const STEPS = 40;
const TIME_LIMIT = TEST_STORE === 'sqlite' ? 120_000 : 600_000;

const ada: Author = { uid: 'uid-ada', email: 'ada@example.com' };
const bob: Author = { uid: 'uid-bob', email: 'bob@example.com', reason: 'Counted twice', requestId: 'req-bob' };
const AUTHORS = [ada, bob];
const IMPORTER: Author = { ...bob, reason: 'CSV import' };
/** SKUs from a pool of three: creates, edits and imports meet each other's often. */
const SKUS = ['SKU-A', 'SKU-B', 'SKU-C'];
const UNKNOWN_ID = 'aaaaaaaaaaaaaaaaaaaaaaaa';
/** The model's own list (not UNDOABLE_REASONS): a change of what may be undone must fail here first. */
const UNDOABLE: MovementReason[] = ['restock', 'adjust', 'import', 'edit'];

// --- The writes -----------------------------------------------------------------------------------------

/** `item`, `delivery`, `movement`: see `pick`. A SKU: none given, cleared ('' in, null stored), or one of SKUS. */
type SkuChoice = 'absent' | 'clear' | number;
type ImportRowSpec = { byId: boolean; item: number; sku: SkuChoice; quantity: number | null; bump: boolean };
type Op =
  | { kind: 'create'; quantity: number; minStock: number | null; sku: SkuChoice; by: number }
  | {
      kind: 'edit';
      item: number;
      rename: boolean;
      quantity: number | null;
      minStock: number | null;
      sku: SkuChoice;
      version: 'none' | 'current' | 'stale';
      by: number;
    }
  /** `fill`: the restock that takes the item to QUANTITY_MAX exactly (a removal when it is there already). */
  | { kind: 'stock'; item: number; delta: number | 'fill'; by: number }
  | { kind: 'deliver'; item: number; quantity: number; by: number }
  /** own: the delivery's owner cancels it; other: `by`, naming themself as the owner; any: a manager. */
  | { kind: 'cancel'; delivery: number; mode: 'own' | 'other' | 'any'; by: number }
  /**
   * `movement` counts back from the newest movement (0: the last one made), of all of them or (`undoable`) of
   * the restocks, removals and imports alone (undone or not). limit none: a manager; own: a clerk within the
   * undo window; late: a clerk past it.
   */
  | { kind: 'undo'; movement: number; undoable: boolean; limit: 'none' | 'own' | 'late'; by: number }
  | { kind: 'delete'; item: number; by: number }
  | { kind: 'import'; rows: ImportRowSpec[]; apply: boolean };

const by = fc.nat({ max: AUTHORS.length - 1 });
/** Items and deliveries: `pick` below. */
const INDEX_MAX = 15;
const MOVEMENT_MAX = 63;
const index = fc.nat({ max: INDEX_MAX });
const quantity = fc.oneof(
  { weight: 8, arbitrary: fc.nat({ max: 12 }) },
  { weight: 1, arbitrary: fc.constantFrom(0, QUANTITY_MAX - 1, QUANTITY_MAX) },
);
const sku: fc.Arbitrary<SkuChoice> = fc.oneof(
  { weight: 3, arbitrary: fc.constant('absent' as const) },
  { weight: 1, arbitrary: fc.constant('clear' as const) },
  { weight: 3, arbitrary: fc.nat({ max: SKUS.length - 1 }) },
);
const op: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('create' as const),
      quantity,
      minStock: fc.option(fc.nat({ max: 4 })),
      sku,
      by,
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('edit' as const),
      item: index,
      rename: fc.boolean(),
      quantity: fc.option(quantity, { freq: 2 }),
      minStock: fc.option(fc.nat({ max: 4 }), { freq: 2 }),
      sku,
      version: fc.constantFrom('none' as const, 'current' as const, 'stale' as const),
      by,
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('stock' as const),
      item: index,
      delta: fc.oneof(
        { weight: 8, arbitrary: fc.integer({ min: -8, max: 8 }).filter((delta) => delta !== 0) },
        { weight: 1, arbitrary: fc.constantFrom(QUANTITY_MAX, -QUANTITY_MAX) },
        { weight: 1, arbitrary: fc.constant('fill' as const) },
      ),
      by,
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('deliver' as const),
      item: index,
      quantity: fc.oneof(
        { weight: 8, arbitrary: fc.integer({ min: 1, max: 6 }) },
        { weight: 1, arbitrary: fc.constant(DELIVERY_QUANTITY_MAX) },
      ),
      by,
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('cancel' as const),
      delivery: index,
      mode: fc.constantFrom('own' as const, 'other' as const, 'any' as const),
      by,
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('undo' as const),
      movement: fc.nat({ max: MOVEMENT_MAX }),
      undoable: fc.boolean(),
      limit: fc.oneof(
        { weight: 3, arbitrary: fc.constant('none' as const) },
        { weight: 3, arbitrary: fc.constant('own' as const) },
        { weight: 1, arbitrary: fc.constant('late' as const) },
      ),
      by,
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('delete' as const), item: index, by }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('import' as const),
      rows: fc.array(
        fc.record({
          byId: fc.boolean(),
          item: index,
          sku,
          quantity: fc.option(quantity, { freq: 2 }),
          bump: fc.boolean(),
        }),
        { minLength: 1, maxLength: 4 },
      ),
      apply: fc.boolean(),
    }),
  },
);

// --- The model ------------------------------------------------------------------------------------------

interface Fields {
  name: string;
  supplier: string;
  price: number;
  quantity: number;
  description: string;
  img: string;
  minStock: number;
  sku: string | null;
}
const FIELD_NAMES = ['name', 'supplier', 'price', 'quantity', 'description', 'img', 'minStock', 'sku'] as const;
const sameFields = (a: Fields, b: Fields) => FIELD_NAMES.every((field) => a[field] === b[field]);

interface ModelMovement {
  item: number;
  reason: MovementReason;
  delta: number;
  quantityAfter: number;
  by: string;
  /** Model indexes: the `undo` movement that took it back; the movement an `undo` takes back; the delivery. */
  undoneBy?: number;
  undoOf?: number;
  delivery?: number;
}
interface ModelItem {
  fields: Fields;
  version: number;
  live: boolean;
  /** Model indexes of its movements, oldest first. */
  movements: number[];
}
interface ModelDelivery {
  item: number;
  quantity: number;
  owner: string;
  active: boolean;
}
/** An audit entry as the model knows it: what, about which item or delivery, with which movement. */
interface ModelEntry {
  action: AuditAction;
  target: string;
  movement: number | null;
}

class Model {
  items: ModelItem[] = [];
  movements: ModelMovement[] = [];
  deliveries: ModelDelivery[] = [];
  audit: ModelEntry[] = [];

  holder(sku: string): number {
    return this.items.findIndex((item) => item.live && item.fields.sku === sku);
  }

  /** Appends a movement to a live item, moving its quantity and version on. */
  move(item: number, reason: MovementReason, delta: number, by: string, extra: Partial<ModelMovement> = {}): number {
    const model = this.items[item]!;
    model.fields.quantity += delta;
    const at = this.movements.push({ item, reason, delta, quantityAfter: model.fields.quantity, by, ...extra }) - 1;
    model.movements.push(at);
    return at;
  }

  /** A new item, its `created` movement and its audit entry. */
  create(fields: Fields, by: string): number {
    const item = this.items.push({ fields: { ...fields, quantity: 0 }, version: 1, live: true, movements: [] }) - 1;
    const movement = this.move(item, 'created', fields.quantity, by);
    this.audit.push({ action: 'item.create', target: `item ${item}`, movement });
    return item;
  }
}

/** One store under test, and the ids it gave to what the model numbers. */
interface Runner {
  kind: TestStoreKind;
  store: Store;
  items: string[];
  movements: string[];
  deliveries: string[];
}

/** An index a write names: its largest stands for an id no store has; the others wrap around what exists. */
const pick = (count: number, at: number, max = INDEX_MAX) => (at === max || count === 0 ? count : at % count);
const storedSku = (choice: SkuChoice): string | null | undefined =>
  choice === 'absent' ? undefined : choice === 'clear' ? null : SKUS[choice]!;
const inputSku = (choice: SkuChoice): Pick<ItemInput, 'sku'> =>
  choice === 'absent' ? {} : { sku: choice === 'clear' ? '' : SKUS[choice]! };

/** What the runs met: each path below must have been met at least once. */
const met = new Set<string>();
const PATHS = [
  'create',
  'create sku taken',
  'edit',
  'edit quantity',
  'edit unchanged',
  'edit stale',
  'edit not_found',
  'edit sku taken',
  'restock',
  'remove stock',
  'stock out_of_range',
  'stock not_found',
  'deliver',
  'deliver out_of_stock',
  'deliver item_not_found',
  'cancel',
  'cancel not_found',
  'cancel of a deleted item',
  'cancel over_limit',
  'undo',
  'undo of an edit',
  'undo not_found',
  'undo not_yours',
  'undo too_late',
  'undo not_undoable',
  'undo already_undone',
  'undo item_gone',
  'undo out_of_range',
  'delete',
  'delete not_found',
  'import dry run',
  'import applied',
  'import refused',
];

/**
 * Applies one write to the model and to every store: the model decides the outcome, each store must
 * answer it. Answers whether the write was accepted (false: refused or a no-op, nothing may change).
 */
async function step(model: Model, runners: Runner[], op: Op): Promise<boolean> {
  const author = 'by' in op ? AUTHORS[op.by]! : IMPORTER;
  const itemAt = (at: number) => pick(model.items.length, at);
  const idOf = (runner: Runner, item: number) => runner.items[item] ?? UNKNOWN_ID;
  const live = (item: number) => model.items[item]?.live === true;

  switch (op.kind) {
    case 'create': {
      const fields: Fields = {
        name: `Item ${model.items.length}`,
        supplier: 'Nokia',
        price: 3 + model.items.length,
        quantity: op.quantity,
        description: '',
        img: '',
        minStock: op.minStock ?? 0,
        sku: storedSku(op.sku) ?? null,
      };
      const input: ItemInput = {
        name: fields.name,
        supplier: fields.supplier,
        price: fields.price,
        quantity: fields.quantity,
        description: '',
        img: '',
        ...(op.minStock === null ? {} : { minStock: op.minStock }),
        ...inputSku(op.sku),
      };
      if (fields.sku !== null && model.holder(fields.sku) !== -1) {
        for (const runner of runners) {
          await expect(runner.store.items.create(input, author)).rejects.toBeInstanceOf(SkuTakenError);
        }
        met.add('create sku taken');
        return false;
      }
      for (const runner of runners) runner.items.push((await runner.store.items.create(input, author))._id);
      const item = model.create(fields, author.uid);
      for (const runner of runners) await learnMovements(runner, model, item);
      met.add('create');
      return true;
    }
    case 'edit': {
      const item = itemAt(op.item);
      const current = model.items[item];
      const base = current?.fields ?? { name: 'Gone', supplier: 'Nokia', price: 1, quantity: 1, minStock: 0 };
      const name = op.rename ? (base.name.endsWith('*') ? base.name.slice(0, -1) : `${base.name}*`) : base.name;
      const input: ItemInput = {
        name,
        supplier: base.supplier,
        price: base.price,
        quantity: op.quantity ?? base.quantity,
        description: '',
        img: '',
        ...(op.minStock === null ? {} : { minStock: op.minStock }),
        ...inputSku(op.sku),
      };
      const version = op.version === 'none' ? undefined : (current?.version ?? 1) + (op.version === 'stale' ? 1 : 0);
      const call = (runner: Runner) => runner.store.items.update(idOf(runner, item), input, author, version);
      if (!current?.live) {
        for (const runner of runners) expect(await call(runner)).toEqual({ ok: false, reason: 'not_found' });
        met.add('edit not_found');
        return false;
      }
      if (op.version === 'stale') {
        for (const runner of runners) {
          expect(await call(runner)).toMatchObject({ ok: false, reason: 'stale', item: { version: current.version } });
        }
        met.add('edit stale');
        return false;
      }
      const given = storedSku(op.sku);
      const wanted: Fields = {
        ...input,
        minStock: op.minStock ?? current.fields.minStock,
        sku: given === undefined ? current.fields.sku : given,
      };
      if (sameFields(wanted, current.fields)) {
        for (const runner of runners) expect(await call(runner)).toMatchObject({ ok: true, changed: false });
        met.add('edit unchanged');
        return false;
      }
      if (wanted.sku !== null && wanted.sku !== current.fields.sku && model.holder(wanted.sku) !== -1) {
        for (const runner of runners) await expect(call(runner)).rejects.toBeInstanceOf(SkuTakenError);
        met.add('edit sku taken');
        return false;
      }
      for (const runner of runners) {
        expect(await call(runner)).toMatchObject({
          ok: true,
          changed: true,
          item: { quantity: wanted.quantity, version: current.version + 1 },
        });
      }
      const delta = wanted.quantity - current.fields.quantity;
      current.fields = { ...wanted, quantity: current.fields.quantity };
      current.version += 1;
      const movement = delta === 0 ? null : model.move(item, 'edit', delta, author.uid);
      model.audit.push({ action: 'item.update', target: `item ${item}`, movement });
      if (movement !== null) for (const runner of runners) await learnMovements(runner, model, item);
      met.add(delta === 0 ? 'edit' : 'edit quantity');
      return true;
    }
    case 'stock': {
      const item = itemAt(op.item);
      const fill = QUANTITY_MAX - (model.items[item]?.fields.quantity ?? 0);
      const delta = op.delta === 'fill' ? fill || -1 : op.delta;
      const call = (runner: Runner) => runner.store.items.changeStock(idOf(runner, item), { delta }, author);
      if (!live(item)) {
        for (const runner of runners) expect(await call(runner)).toEqual({ ok: false, reason: 'not_found' });
        met.add('stock not_found');
        return false;
      }
      const current = model.items[item]!;
      const after = current.fields.quantity + delta;
      if (after < 0 || after > QUANTITY_MAX) {
        for (const runner of runners) {
          expect(await call(runner)).toEqual({
            ok: false,
            reason: 'out_of_range',
            available: current.fields.quantity,
          });
        }
        met.add('stock out_of_range');
        return false;
      }
      const reason = delta > 0 ? 'restock' : 'adjust';
      const movement = model.move(item, reason, delta, author.uid);
      current.version += 1;
      model.audit.push({ action: delta > 0 ? 'stock.restock' : 'stock.remove', target: `item ${item}`, movement });
      for (const runner of runners) {
        const outcome = await call(runner);
        expect(outcome).toMatchObject({ ok: true, item: { quantity: after, version: current.version } });
        if (outcome.ok) runner.movements[movement] = outcome.movementId;
      }
      met.add(delta > 0 ? 'restock' : 'remove stock');
      return true;
    }
    case 'deliver': {
      const item = itemAt(op.item);
      const call = (runner: Runner) =>
        runner.store.deliveries.create({
          owner: author,
          name: 'Recipient',
          inventoriesId: idOf(runner, item),
          address: '1 Dock Road',
          phone: '+1 555 0100',
          quantity: op.quantity,
        });
      if (!live(item)) {
        for (const runner of runners) expect(await call(runner)).toEqual({ ok: false, reason: 'item_not_found' });
        met.add('deliver item_not_found');
        return false;
      }
      const current = model.items[item]!;
      if (op.quantity > current.fields.quantity) {
        for (const runner of runners) {
          expect(await call(runner)).toEqual({
            ok: false,
            reason: 'out_of_stock',
            available: current.fields.quantity,
          });
        }
        met.add('deliver out_of_stock');
        return false;
      }
      const delivery = model.deliveries.push({ item, quantity: op.quantity, owner: author.uid, active: true }) - 1;
      const movement = model.move(item, 'delivery', -op.quantity, author.uid, { delivery });
      current.version += 1;
      model.audit.push({ action: 'delivery.create', target: `delivery ${delivery}`, movement });
      for (const runner of runners) {
        const outcome = await call(runner);
        expect(outcome).toMatchObject({ ok: true, delivery: { quantity: op.quantity, uid: author.uid } });
        if (outcome.ok) runner.deliveries[delivery] = outcome.delivery._id;
        await learnMovements(runner, model, item);
      }
      met.add('deliver');
      return true;
    }
    case 'cancel': {
      const at = pick(model.deliveries.length, op.delivery);
      const record = model.deliveries[at];
      const canceller = op.mode === 'own' && record ? AUTHORS.find((one) => one.uid === record.owner)! : author;
      const ownerUid = op.mode === 'any' ? undefined : canceller.uid;
      const call = (runner: Runner) =>
        runner.store.deliveries.cancel(runner.deliveries[at] ?? UNKNOWN_ID, canceller, ownerUid);
      if (!record?.active || (ownerUid !== undefined && ownerUid !== record.owner)) {
        for (const runner of runners) expect(await call(runner)).toEqual({ ok: false, reason: 'not_found' });
        met.add('cancel not_found');
        return false;
      }
      const current = model.items[record.item]!;
      if (current.live && current.fields.quantity + record.quantity > QUANTITY_MAX) {
        for (const runner of runners) {
          expect(await call(runner)).toEqual({
            ok: false,
            reason: 'over_limit',
            available: current.fields.quantity,
            quantity: record.quantity,
          });
        }
        met.add('cancel over_limit');
        return false;
      }
      record.active = false;
      let movement: number | null = null;
      if (current.live) {
        movement = model.move(record.item, 'cancel', record.quantity, canceller.uid, { delivery: at });
        current.version += 1;
      }
      model.audit.push({ action: 'delivery.cancel', target: `delivery ${at}`, movement });
      for (const runner of runners) {
        expect(await call(runner)).toMatchObject({ ok: true, delivery: { quantity: record.quantity } });
        if (movement !== null) await learnMovements(runner, model, record.item);
      }
      met.add(current.live ? 'cancel' : 'cancel of a deleted item');
      return true;
    }
    case 'undo': {
      // Counted back from the newest, as a clerk undoes what was just done.
      const among = model.movements.flatMap((movement, at) =>
        !op.undoable || UNDOABLE.includes(movement.reason) ? [at] : [],
      );
      const back = pick(among.length, op.movement, MOVEMENT_MAX);
      const at = back === among.length ? model.movements.length : among[among.length - 1 - back]!;
      const target = model.movements[at];
      const limit =
        op.limit === 'none'
          ? undefined
          : { ownSince: op.limit === 'own' ? '2000-01-01T00:00:00.000Z' : '2999-01-01T00:00:00.000Z' };
      const call = (runner: Runner) => runner.store.items.undo(runner.movements[at] ?? UNKNOWN_ID, author, limit);
      const refuse = async (path: string, refusal: (runner: Runner) => unknown) => {
        for (const runner of runners) expect(await call(runner)).toEqual(refusal(runner));
        met.add(`undo ${path}`);
        return false;
      };
      if (!target) return refuse('not_found', () => ({ ok: false, reason: 'not_found' }));
      if (limit && target.by !== author.uid) return refuse('not_yours', () => ({ ok: false, reason: 'not_yours' }));
      if (op.limit === 'late') return refuse('too_late', () => ({ ok: false, reason: 'too_late' }));
      if (!UNDOABLE.includes(target.reason)) {
        return refuse('not_undoable', () => ({ ok: false, reason: 'not_undoable', movementReason: target.reason }));
      }
      if (target.undoneBy !== undefined) {
        const undoneBy = target.undoneBy;
        return refuse('already_undone', (runner) => ({
          ok: false,
          reason: 'already_undone',
          undoneBy: runner.movements[undoneBy],
        }));
      }
      const current = model.items[target.item]!;
      if (!current.live) return refuse('item_gone', () => ({ ok: false, reason: 'item_gone' }));
      const after = current.fields.quantity - target.delta;
      if (after < 0 || after > QUANTITY_MAX) {
        return refuse('out_of_range', () => ({
          ok: false,
          reason: 'out_of_range',
          available: current.fields.quantity,
          delta: -target.delta,
        }));
      }
      const movement = model.move(target.item, 'undo', -target.delta, author.uid, { undoOf: at });
      target.undoneBy = movement;
      current.version += 1;
      model.audit.push({ action: 'stock.undo', target: `item ${target.item}`, movement });
      for (const runner of runners) {
        const outcome = await call(runner);
        expect(outcome).toMatchObject({ ok: true, item: { quantity: after, version: current.version } });
        if (outcome.ok) runner.movements[movement] = outcome.movementId;
      }
      met.add(target.reason === 'edit' ? 'undo of an edit' : 'undo');
      return true;
    }
    case 'delete': {
      const item = itemAt(op.item);
      const accepted = live(item);
      for (const runner of runners) expect(await runner.store.items.remove(idOf(runner, item), author)).toBe(accepted);
      if (!accepted) {
        met.add('delete not_found');
        return false;
      }
      const current = model.items[item]!;
      const movement = model.move(item, 'deleted', -current.fields.quantity, author.uid);
      current.live = false;
      model.audit.push({ action: 'item.delete', target: `item ${item}`, movement });
      for (const runner of runners) await learnMovements(runner, model, item);
      met.add('delete');
      return true;
    }
    case 'import':
      return importStep(model, runners, op);
  }
}

/** The model's import rule, written apart from import-plan.ts: by id, else by SKU, else a new item. */
async function importStep(model: Model, runners: Runner[], op: Extract<Op, { kind: 'import' }>): Promise<boolean> {
  const specs = op.rows.map((spec, at) => {
    const item = spec.byId ? pick(model.items.length, spec.item) : null;
    const known = item === null ? undefined : model.items[item];
    const base = known?.fields ?? { name: `Row ${at}`, supplier: 'Acme', price: 2, quantity: 1 };
    const fields: ImportRow['fields'] = {
      name: base.name,
      supplier: base.supplier,
      price: base.price + (spec.bump ? 1 : 0),
      quantity: spec.quantity ?? base.quantity,
    };
    const sku = storedSku(spec.sku);
    if (sku !== undefined) fields.sku = sku;
    return { row: at + 2, item, fields };
  });
  const rowsFor = (runner: Runner) =>
    ImportRows.of(
      specs.map(({ row, item, fields }) => ({
        row,
        ...(item === null ? {} : { id: runner.items[item] ?? UNKNOWN_ID }),
        fields,
      })),
    );

  // Plan it: each row's item, and every error.
  const errors: { row: number; column: string }[] = [];
  const planned: { item: number | null; wanted: Fields }[] = [];
  const rowOfItem = new Map<number, number>();
  const rowOfSku = new Map<string, number>();
  for (const { row, item: byId, fields } of specs) {
    const before = errors.length;
    const sku = fields.sku ?? null;
    let item: number | null = null;
    if (byId !== null) {
      if (model.items[byId]?.live) item = byId;
      else errors.push({ row, column: 'id' });
    } else if (sku !== null && model.holder(sku) !== -1) {
      item = model.holder(sku);
    }
    if (item !== null) {
      if (rowOfItem.has(item)) {
        errors.push({ row, column: byId !== null ? 'id' : 'sku' });
        continue;
      }
      rowOfItem.set(item, row);
    }
    if (sku !== null) {
      const holder = model.holder(sku);
      if (holder !== -1 && holder !== item) errors.push({ row, column: 'sku' });
      else if (rowOfSku.has(sku)) errors.push({ row, column: 'sku' });
      else rowOfSku.set(sku, row);
    }
    if (errors.length > before) continue;
    const wanted =
      item === null
        ? ({ description: '', img: '', minStock: 0, sku: null, ...fields } as Fields)
        : { ...model.items[item]!.fields, ...fields };
    planned.push({ item, wanted });
  }
  const call = (runner: Runner) => runner.store.items.importRows(rowsFor(runner), { by: IMPORTER, apply: op.apply });
  if (errors.length > 0) {
    for (const runner of runners) {
      const outcome = await call(runner);
      expect(outcome).toMatchObject({ ok: false, errorCount: errors.length });
      if (!outcome.ok) expect(outcome.errors.map(({ row, column }) => ({ row, column }))).toEqual(errors);
    }
    met.add('import refused');
    return false;
  }
  const creates = planned.filter((one) => one.item === null);
  const updates = planned.filter((one) => one.item !== null && !sameFields(one.wanted, model.items[one.item]!.fields));
  const report = {
    rows: specs.length,
    create: creates.length,
    update: updates.length,
    unchanged: planned.length - creates.length - updates.length,
  };
  for (const runner of runners) expect(await call(runner)).toMatchObject({ ok: true, report });
  if (!op.apply || creates.length + updates.length === 0) {
    met.add('import dry run');
    return false;
  }
  const touched: number[] = [];
  // As both stores record an import (importChunks; these files are one chunk): its new items, then its updates.
  const inOrder = [...planned.filter((one) => one.item === null), ...planned.filter((one) => one.item !== null)];
  for (const { item, wanted } of inOrder) {
    if (item === null) {
      touched.push(model.create(wanted, IMPORTER.uid));
      continue;
    }
    const current = model.items[item]!;
    if (sameFields(wanted, current.fields)) continue;
    const delta = wanted.quantity - current.fields.quantity;
    current.fields = { ...wanted, quantity: current.fields.quantity };
    current.version += 1;
    const movement = delta === 0 ? null : model.move(item, 'import', delta, IMPORTER.uid);
    model.audit.push({ action: 'item.update', target: `item ${item}`, movement });
    touched.push(item);
  }
  for (const runner of runners) {
    // The items it created are the newest, in row order.
    if (creates.length > 0) {
      const listed = await runner.store.items.list({ limit: 500 });
      runner.items.push(...listed.slice(-creates.length).map((item) => item._id));
    }
    for (const item of touched) await learnMovements(runner, model, item);
  }
  met.add('import applied');
  return true;
}

/** Reads an item's ledger in a store and pairs its movements with the model's, oldest first. */
async function learnMovements(runner: Runner, model: Model, item: number): Promise<void> {
  const { movements } = await runner.store.items.history(runner.items[item]!, { limit: 1_000, skip: 0 });
  const mine = model.items[item]!.movements;
  expect(movements).toHaveLength(mine.length);
  movements.reverse().forEach((movement, at) => {
    runner.movements[mine[at]!] ??= movement._id;
  });
}

// --- What a store holds, normalized (ids as the model numbers them) ---------------------------------------

async function observe(runner: Runner) {
  const { store } = runner;
  const movementIndex = new Map(runner.movements.map((id, at) => [id, at]));
  const deliveryIndex = new Map(runner.deliveries.map((id, at) => [id, at]));
  const itemIndex = new Map(runner.items.map((id, at) => [id, at]));
  const items = [];
  for (const id of runner.items) {
    const item = await store.items.get(id);
    const { movements, total } = await store.items.history(id, { limit: 1_000, skip: 0 });
    expect(movements).toHaveLength(total);
    const ledger = movements.reverse();
    // The ledger sums: every quantityAfter is the running sum of the deltas, never below 0; the item's
    // quantity is the sum (0 once deleted, its `deleted` movement last).
    let sum = 0;
    for (const movement of ledger) {
      sum += movement.delta;
      expect(movement.quantityAfter).toBe(sum);
      expect(movement.quantityAfter).toBeGreaterThanOrEqual(0);
    }
    expect(item ? item.quantity : 0).toBe(sum);
    if (!item) expect(ledger.at(-1)?.reason).toBe('deleted');
    items.push({
      item: item && {
        name: item.name,
        supplier: item.supplier,
        price: item.price,
        quantity: item.quantity,
        description: item.description,
        img: item.img,
        minStock: item.minStock ?? 0,
        sku: item.sku ?? null,
        version: item.version,
      },
      ledger: ledger.map((movement) => ({
        movement: movementIndex.get(movement._id) ?? `unknown ${movement._id}`,
        reason: movement.reason,
        delta: movement.delta + 0,
        quantityAfter: movement.quantityAfter,
        by: movement.actor.uid,
        ...(movement.undoOf ? { undoOf: movementIndex.get(movement.undoOf) } : {}),
        ...(movement.undoneBy ? { undoneBy: movementIndex.get(movement.undoneBy) } : {}),
        ...(movement.deliveryId ? { delivery: deliveryIndex.get(movement.deliveryId) } : {}),
      })),
    });
  }
  const deliveries = [];
  for (const id of runner.deliveries) {
    const delivery = await store.deliveries.get(id);
    deliveries.push(delivery && { item: itemIndex.get(delivery.inventoriesId), quantity: delivery.quantity });
  }
  const entries = [];
  for (let skip = 0; ; skip += 200) {
    const page = await store.audit.list({}, { limit: 200, skip });
    entries.push(...page.entries);
    if (page.entries.length < 200) break;
  }
  const audit = entries.reverse().map((entry) => ({
    action: entry.action,
    target: `${entry.target.kind} ${(entry.target.kind === 'item' ? itemIndex : deliveryIndex).get(entry.target.id)}`,
    movement: entry.movementId ? (movementIndex.get(entry.movementId) ?? `unknown ${entry.movementId}`) : null,
  }));
  const stats = await store.stats.read();
  const days = stats.movementsByDay;
  return {
    items,
    deliveries,
    audit,
    stats: {
      items: stats.items,
      units: stats.units,
      stockValue: stats.stockValue,
      low: stats.low,
      out: stats.out,
      buckets: Object.fromEntries(
        [...DAY_BUCKETS, 'in', 'out'].map((bucket) => [
          bucket,
          days.reduce((sum, day) => sum + day[bucket as keyof Omit<DayMovement, 'day'>], 0),
        ]),
      ),
    },
  };
}

/**
 * The day buckets over the window, as the model's own ledger says (the model's movements, each by the one
 * table: dayTotalsOf, an undo by the reason of the movement it names), with `in` and `out`.
 */
function modelBuckets(model: Model): Record<string, number> {
  const sums = Object.fromEntries(DAY_BUCKETS.map((bucket) => [bucket, 0])) as Record<DayBucket, number>;
  for (const movement of model.movements) {
    const undone = movement.undoOf !== undefined ? model.movements[movement.undoOf]!.reason : undefined;
    const share = dayTotalsOf(movement.reason, movement.delta, undone);
    for (const bucket of DAY_BUCKETS) sums[bucket] += share[bucket];
  }
  return { ...withInOut(sums) };
}

/** The same, as the model says it must be. */
function expected(model: Model): Awaited<ReturnType<typeof observe>> {
  const alive = model.items.filter((item) => item.live);
  return {
    items: model.items.map((item) => ({
      item: item.live ? { ...item.fields, version: item.version } : null,
      ledger: item.movements.map((at) => {
        const movement = model.movements[at]!;
        return {
          movement: at,
          reason: movement.reason,
          delta: movement.delta + 0,
          quantityAfter: movement.quantityAfter,
          by: movement.by,
          ...(movement.undoOf !== undefined ? { undoOf: movement.undoOf } : {}),
          ...(movement.undoneBy !== undefined ? { undoneBy: movement.undoneBy } : {}),
          ...(movement.delivery !== undefined ? { delivery: movement.delivery } : {}),
        };
      }),
    })),
    deliveries: model.deliveries.map((delivery) =>
      delivery.active ? { item: delivery.item, quantity: delivery.quantity } : null,
    ),
    audit: model.audit,
    stats: {
      items: alive.length,
      units: alive.reduce((sum, item) => sum + item.fields.quantity, 0),
      stockValue: alive.reduce((sum, item) => sum + item.fields.price * item.fields.quantity, 0),
      low: alive.filter((item) => item.fields.minStock > 0 && item.fields.quantity <= item.fields.minStock).length,
      out: alive.filter((item) => item.fields.quantity === 0).length,
      buckets: modelBuckets(model),
    },
  };
}

/**
 * Low stock is a state (issue 32), checked after every step: the open alerts are the items at or below their
 * reorder point, one each, with their kind and quantity now; the dashboard's `low`, the bell's count of open
 * alerts and the `?stock=low` count are one number.
 */
async function expectLowAgrees(store: Store): Promise<void> {
  const low = (await store.items.list()).filter(isLowStock);
  const open = await store.alerts.list({ state: 'open', limit: 10_000, skip: 0 });
  expect(open.alerts.map((alert) => `${alert.itemId} ${alert.kind} ${alert.quantity}`).sort()).toEqual(
    low.map((item) => `${item._id} ${item.quantity === 0 ? 'out' : 'low'} ${item.quantity}`).sort(),
  );
  const stats = await store.stats.read();
  expect([open.total, await store.items.count({ stock: 'low' })]).toEqual([stats.low, stats.low]);
}

// --- The property ---------------------------------------------------------------------------------------

/** The stores a run writes to: its project's, and SQLite beside MongoDB when the project is mongo. */
const KINDS: TestStoreKind[] = TEST_STORE === 'mongo' ? ['mongo', 'sqlite'] : ['sqlite'];

describe(`random write sequences through the store port (${KINDS.join(' and ')})`, () => {
  let runners: Runner[] = [];
  const closeAll = async () => {
    await Promise.all(runners.map((runner) => runner.store.close()));
    runners = [];
  };
  afterEach(closeAll);

  it(
    'every store ends in the model’s state: the ledger sums, one audit entry per accepted write, refusals change nothing',
    async () => {
      await fc.assert(
        fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: STEPS, size: 'max' }), async (ops) => {
          await closeAll();
          for (const kind of KINDS) {
            runners.push({ kind, store: await openTestStore(kind), items: [], movements: [], deliveries: [] });
          }
          const model = new Model();
          for (const one of ops) {
            const before = await Promise.all(runners.map((runner) => runner.store.items.revision()));
            const accepted = await step(model, runners, one);
            for (const [at, runner] of runners.entries()) {
              // One audit entry per accepted write, none for a refusal; and a refusal (or a no-op) moves nothing.
              expect((await runner.store.audit.list({}, { limit: 1, skip: 0 })).total).toBe(model.audit.length);
              if (!accepted) expect(await runner.store.items.revision()).toBe(before[at]);
              // Issue 32: the day buckets are the store's own ledger, each movement classified by the one table.
              const now = new Date();
              expect((await runner.store.stats.read(now)).movementsByDay).toEqual(
                await daysFromLedger(runner.store, now),
              );
              await expectLowAgrees(runner.store);
            }
          }
          const want = expected(model);
          const seen = [];
          for (const runner of runners) seen.push({ kind: runner.kind, state: await observe(runner) });
          // Both stores alike first (the clearer message where they part), then each as the model says.
          for (const other of seen.slice(1)) expect(other.state).toEqual(seen[0]!.state);
          for (const { state } of seen) expect(state).toEqual(want);
        }),
        { seed: SEED, numRuns: RUNS },
      );
      expect(PATHS.filter((path) => !met.has(path))).toEqual([]);
    },
    TIME_LIMIT,
  );
});
