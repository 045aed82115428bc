import { inMain } from './helpers/store-fixtures';
import { alertStep } from '../src/store/stock-alerts';
import { QUANTITY_MAX, type Item, type ItemInput } from '@smart-zone/types/item';
import { MAIN_LOCATION_ID } from '@smart-zone/types/location';
import { decideCancel } from '../src/store/decisions/cancel-delivery';
import { decideStockChange } from '../src/store/decisions/change-stock';
import { codesAsked, decideCreate, skuAsked, skusAsked } from '../src/store/decisions/create-items';
import { decideDelete } from '../src/store/decisions/delete-item';
import { decideDelivery } from '../src/store/decisions/deliver';
import { decideEdit, editWrite } from '../src/store/decisions/edit-item';
import { decideUndo, type UndoTarget } from '../src/store/decisions/undo-movement';
import { SkuTakenError } from '../src/store/store';

// Each stock write's one decision (store/decisions/), pure: what the adapters read goes in, the refusal
// or the whole change comes out. Both adapters store what these say (the contract suites run them there).
const AT = '2026-01-02T03:04:05.000Z';
const THEN = '2026-01-01T00:00:00.000Z';
const ALICE = { uid: 'alice', email: 'alice@example.com' };
const BOB = { uid: 'bob', email: 'bob@example.com' };
const ID = 'a'.repeat(24);
const OTHER = 'b'.repeat(24);
const DELIVERY = 'c'.repeat(24);
const MOVEMENT = 'd'.repeat(24);

const input = (over: Partial<ItemInput> = {}): ItemInput => ({
  name: 'Bolt',
  supplier: 'Acme',
  price: 2.5,
  quantity: 10,
  description: '',
  img: '',
  ...over,
});
const item = (over: Partial<Item> = {}): Item => ({
  _id: ID,
  ...(input() as Omit<ItemInput, 'sku'>),
  minStock: 0,
  createdAt: THEN,
  updatedAt: THEN,
  version: 3,
  ...over,
});

describe('decideCreate: new items, each with its created movement, all or none', () => {
  const none = () => undefined;

  it('gives each item its id, a settled reorder point and SKU, version 1 and a created movement and audit entry', () => {
    const [write] = decideCreate([input({ sku: 'B-1', minStock: 4 })], { ids: [ID], holderOf: none }, ALICE, AT);
    expect(write!.kind).toBe('create');
    expect(write!.item).toEqual({
      ...item({ minStock: 4, sku: 'B-1', version: 1 }),
      createdAt: AT,
      updatedAt: AT,
    });
    expect(write!.change).toEqual({
      itemId: ID,
      itemName: 'Bolt',
      cause: 'created',
      actor: ALICE,
      at: AT,
      before: null,
      after: { quantity: 10, minStock: 4, price: 2.5, version: 1 },
      movement: { delta: 10, reason: 'created' },
      audit: {
        action: 'item.create',
        target: { kind: 'item', id: ID, name: 'Bolt' },
        changes: {
          name: [null, 'Bolt'],
          supplier: [null, 'Acme'],
          price: [null, 2.5],
          quantity: [null, 10],
          description: [null, ''],
          img: [null, ''],
          minStock: [null, 4],
          sku: [null, 'B-1'],
        },
      },
      // Born above its reorder point: no alert (born at or below it, it would open one); its stock is in that day.
      alert: null,
      days: {
        day: '2026-01-02',
        received: 0,
        delivered: 0,
        removed: 0,
        corrections: 0,
        deletions: 0,
        opening: 10,
        itemOut: 0,
      },
    });
  });

  it('stores an empty SKU as none, and a reorder point left out as 0', () => {
    const [write] = decideCreate([input({ sku: '' })], { ids: [ID], holderOf: none }, ALICE, AT);
    expect(write!.item).not.toHaveProperty('sku');
    expect(write!.item!.minStock).toBe(0);
  });

  it('refuses a SKU another item holds, naming it', () => {
    const holderOf = (sku: string) => (sku === 'B-1' ? { id: OTHER, name: 'Nut' } : undefined);
    expect(() => decideCreate([input({ sku: 'B-1' })], { ids: [ID], holderOf }, ALICE, AT)).toThrow(
      new SkuTakenError('B-1', { id: OTHER, name: 'Nut' }),
    );
  });

  it('refuses a SKU given twice, naming the first item given it', () => {
    const inputs = [input({ sku: 'B-1' }), input({ name: 'Nut', sku: 'B-1' })];
    expect(() => decideCreate(inputs, { ids: [ID, OTHER], holderOf: none }, ALICE, AT)).toThrow(
      new SkuTakenError('B-1', { id: ID, name: 'Bolt' }),
    );
  });

  it.each([-1, QUANTITY_MAX + 1, 1.5])('refuses a quantity of %d, whichever input has it', (quantity) => {
    expect(() => decideCreate([input(), input({ quantity })], { ids: [ID, OTHER], holderOf: none }, ALICE, AT)).toThrow(
      RangeError,
    );
  });

  it('looks up each SKU asked for once, and none that is empty or absent', () => {
    expect(
      skusAsked([input({ sku: 'B-1' }), input({ sku: '' }), input(), input({ sku: 'B-1' }), input({ sku: 'C' })]),
    ).toEqual(['B-1', 'C']);
    expect(skuAsked({ sku: null })).toBeUndefined();
  });
});

describe('decideEdit: a PUT of the fields, with its quantity adjustment', () => {
  const free = { holderOf: () => undefined };

  it('is not found without an item, and stale with another version than expected', () => {
    expect(decideEdit(null, inMain(null), input(), free, ALICE, AT)).toEqual({ ok: false, reason: 'not_found' });
    expect(decideEdit(item(), inMain(item()), input(), free, ALICE, AT, 2)).toEqual({
      ok: false,
      reason: 'stale',
      item: item(),
    });
  });

  it('writes nothing when nothing differs (an absent reorder point and SKU keep the item’s)', () => {
    const before = item({ minStock: 5, sku: 'B-1' });
    expect(decideEdit(before, inMain(before), input(), free, ALICE, AT, 3)).toEqual({
      ok: true,
      changed: false,
      item: before,
    });
  });

  it('makes a changed quantity an edit movement of new − current, and moves the version on', () => {
    const decision = decideEdit(
      item({ minStock: 5 }),
      inMain(item({ minStock: 5 })),
      input({ quantity: 4, name: 'Big bolt' }),
      free,
      ALICE,
      AT,
    );
    if (!decision.ok || !decision.changed) throw new Error('expected a change');
    const { write } = decision;
    expect(write.kind).toBe('fields');
    expect(write.item).toEqual(item({ name: 'Big bolt', quantity: 4, minStock: 5, version: 4, updatedAt: AT }));
    expect(write.change).toMatchObject({
      cause: 'edit',
      itemName: 'Big bolt',
      before: { quantity: 10, minStock: 5 },
      after: { quantity: 4, minStock: 5, version: 4 },
      movement: { delta: -6, reason: 'edit' },
      audit: { action: 'item.update', changes: { name: ['Bolt', 'Big bolt'], quantity: [10, 4] } },
      alert: { op: 'open', kind: 'low' },
    });
  });

  it('is `updated`, with no movement, when the quantity stays; a cleared SKU is gone from the item', () => {
    const decision = decideEdit(
      item({ sku: 'B-1' }),
      inMain(item({ sku: 'B-1' })),
      input({ sku: null, price: 3 }),
      free,
      ALICE,
      AT,
    );
    if (!decision.ok || !decision.changed) throw new Error('expected a change');
    expect(decision.write.change.cause).toBe('updated');
    expect(decision.write.change).not.toHaveProperty('movement');
    expect(decision.write.change).not.toHaveProperty('days');
    expect(decision.write.item).not.toHaveProperty('sku');
    expect(decision.write.change.audit.changes).toEqual({ price: [2.5, 3], sku: ['B-1', null] });
  });

  it('refuses a SKU another item holds, and accepts the item’s own', () => {
    const taken = { holderOf: () => ({ id: OTHER, name: 'Nut' }) };
    expect(() => decideEdit(item(), inMain(item()), input({ sku: 'N-1' }), taken, ALICE, AT)).toThrow(SkuTakenError);
    const own = { holderOf: () => ({ id: ID, name: 'Bolt' }) };
    expect(
      decideEdit(item({ sku: 'N-1' }), inMain(item({ sku: 'N-1' })), input({ sku: 'N-1', price: 9 }), own, ALICE, AT),
    ).toMatchObject({
      ok: true,
    });
  });

  it("an import's edit is an import movement", () => {
    const write = editWrite(
      item(),
      inMain(item()),
      { ...input({ quantity: 12 }), minStock: 0, sku: null, barcodes: [] },
      BOB,
      AT,
      'import',
    );
    expect(write.change).toMatchObject({ cause: 'import', actor: BOB, movement: { delta: 2, reason: 'import' } });
  });
});

describe('decideStockChange: a restock or a removal', () => {
  it('is not found without an item, and out of range below 0 or above QUANTITY_MAX', () => {
    expect(decideStockChange(null, inMain(null), { delta: 1 }, ALICE, AT)).toEqual({ ok: false, reason: 'not_found' });
    expect(decideStockChange(item(), inMain(item()), { delta: -11 }, ALICE, AT)).toEqual({
      ok: false,
      reason: 'out_of_range',
      available: 10,
    });
    expect(decideStockChange(item(), inMain(item()), { delta: QUANTITY_MAX - 9 }, ALICE, AT)).toMatchObject({
      reason: 'out_of_range',
    });
    expect(decideStockChange(item(), inMain(item()), { delta: QUANTITY_MAX - 10 }, ALICE, AT)).toMatchObject({
      ok: true,
    });
  });

  it('restocks a positive delta, its note the reason of the audit', () => {
    const decision = decideStockChange(item(), inMain(item()), { delta: 5, note: 'pallet' }, ALICE, AT);
    if (!decision.ok) throw new Error('expected a change');
    expect(decision.write.kind).toBe('stock');
    expect(decision.write.item).toEqual(item({ quantity: 15, version: 4, updatedAt: AT }));
    expect(decision.write.change).toMatchObject({
      cause: 'restock',
      actor: { ...ALICE, reason: 'pallet' },
      movement: { delta: 5, reason: 'restock', note: 'pallet' },
      audit: {
        action: 'stock.restock',
        target: { kind: 'item', id: ID, name: 'Bolt' },
        changes: { quantity: [10, 15] },
      },
      alert: null,
      days: {
        day: '2026-01-02',
        delivered: 0,
        removed: 0,
        corrections: 0,
        opening: 0,
        deletions: 0,
        received: 5,
        itemOut: 0,
      },
    });
  });

  it("removes a negative delta as adjust, keeps the write's own reason, and opens an `out` alert at 0", () => {
    const decision = decideStockChange(
      item({ minStock: 3 }),
      inMain(item({ minStock: 3 })),
      { delta: -10, note: 'lost' },
      { ...BOB, reason: 'audit' },
      AT,
    );
    if (!decision.ok) throw new Error('expected a change');
    expect(decision.write.change).toMatchObject({
      cause: 'adjust',
      actor: { reason: 'audit' },
      audit: { action: 'stock.remove' },
      alert: { op: 'open', kind: 'out' },
    });
  });

  it('keeps a removal’s why with its movement and says it in the audit’s reason; a restock keeps none', () => {
    const removal = decideStockChange(
      item(),
      inMain(item()),
      { delta: -2, why: 'damaged', note: 'cracked' },
      ALICE,
      AT,
    );
    if (!removal.ok) throw new Error('expected a change');
    expect(removal.write.change).toMatchObject({
      actor: { reason: 'Damaged: cracked' },
      movement: { delta: -2, reason: 'adjust', note: 'cracked', why: 'damaged' },
    });
    const alone = decideStockChange(item(), inMain(item()), { delta: -1, why: 'lost' }, ALICE, AT);
    if (!alone.ok) throw new Error('expected a change');
    expect(alone.write.change.actor.reason).toBe('Lost');
    const restock = decideStockChange(item(), inMain(item()), { delta: 1, why: 'lost' }, ALICE, AT);
    if (!restock.ok) throw new Error('expected a change');
    expect(restock.write.change.movement).not.toHaveProperty('why');
    expect(restock.write.change.actor).not.toHaveProperty('reason');
  });
});

describe('decideUndo: a movement taken back, once', () => {
  const restock: UndoTarget = { id: MOVEMENT, actorUid: 'alice', at: AT, reason: 'restock', delta: 4 };
  const ownSince = { ownSince: THEN };

  it.each([
    ['no movement', null, item(), ALICE, undefined, { ok: false, reason: 'not_found' }],
    ["another's, within a limit", restock, item(), BOB, ownSince, { ok: false, reason: 'not_yours' }],
    [
      'one made before the limit',
      { ...restock, at: '2025-12-31T23:59:59.999Z' },
      item(),
      ALICE,
      ownSince,
      { ok: false, reason: 'too_late' },
    ],
    [
      'a delivery',
      { ...restock, reason: 'delivery' },
      item(),
      ALICE,
      undefined,
      { ok: false, reason: 'not_undoable', movementReason: 'delivery' },
    ],
    [
      'one undone',
      { ...restock, undoneBy: OTHER },
      item(),
      ALICE,
      undefined,
      { ok: false, reason: 'already_undone', undoneBy: OTHER },
    ],
    ['one whose item is gone', restock, null, ALICE, undefined, { ok: false, reason: 'item_gone' }],
    [
      'one below 0',
      restock,
      item({ quantity: 3 }),
      ALICE,
      undefined,
      { ok: false, reason: 'out_of_range', available: 3, delta: -4 },
    ],
  ] as const)('refuses %s', (_label, movement, current, by, limit, refusal) => {
    expect(decideUndo(movement, current, inMain(current), () => true, by, AT, limit)).toEqual(refusal);
  });

  it("appends an undo of −delta linked to it (anyone's, without a limit)", () => {
    const decision = decideUndo(restock, item(), inMain(item()), () => true, BOB, AT);
    if (!decision.ok) throw new Error('expected a change');
    expect(decision.write.item!.quantity).toBe(6);
    expect(decision.write.change).toMatchObject({
      cause: 'undo',
      actor: BOB,
      movement: { delta: -4, reason: 'undo', undoOf: MOVEMENT },
      audit: { action: 'stock.undo', changes: { quantity: [10, 6] } },
    });
  });

  it('takes back a delta of 0 as the int 0', () => {
    const decision = decideUndo(
      { ...restock, reason: 'adjust', delta: 0 },
      item(),
      inMain(item()),
      () => true,
      ALICE,
      AT,
    );
    if (!decision.ok) throw new Error('expected a change');
    expect(Object.is(decision.write.change.movement!.delta, 0)).toBe(true);
  });
});

describe('decideDelete: an item removed, its last state kept in its movement', () => {
  it('is nothing without an item', () => {
    expect(decideDelete(null, inMain(null), ALICE, AT)).toBeNull();
  });

  it('appends a deleted movement of −quantity with the item, and resolves the alert of the low item', () => {
    const before = item({ minStock: 20 });
    const write = decideDelete(before, inMain(before), ALICE, AT)!;
    expect(write).toMatchObject({ kind: 'delete', item: null });
    expect(write.change).toMatchObject({
      cause: 'deleted',
      before: { quantity: 10, minStock: 20 },
      after: null,
      movement: { delta: -10, reason: 'deleted', item: before },
      audit: { action: 'item.delete', target: { kind: 'item', id: ID, name: 'Bolt' } },
      alert: { op: 'resolve' },
      // Out that day, but a deleted item is no top mover.
      days: {
        day: '2026-01-02',
        received: 0,
        delivered: 0,
        removed: 0,
        corrections: 0,
        opening: 0,
        deletions: 10,
        itemOut: 0,
      },
    });
    expect(
      Object.is(
        decideDelete(item({ quantity: 0 }), inMain(item({ quantity: 0 })), ALICE, AT)!.change.movement!.delta,
        0,
      ),
    ).toBe(true);
  });
});

describe('decideDelivery: stock taken off, never below 0', () => {
  const delivery = { owner: ALICE, name: 'Ann', inventoriesId: ID, address: 'Main St', phone: '1', quantity: 10 };

  it('refuses an item that is not there, or has less', () => {
    expect(decideDelivery(null, inMain(null), delivery, DELIVERY, AT)).toEqual({ ok: false, reason: 'item_not_found' });
    expect(decideDelivery(item({ quantity: 9 }), inMain(item({ quantity: 9 })), delivery, DELIVERY, AT)).toEqual({
      ok: false,
      reason: 'out_of_stock',
      available: 9,
    });
  });

  it("records the delivery by the item's own name, with its delivery movement and audit entry", () => {
    const decision = decideDelivery(
      item({ name: 'Bolt M8' }),
      inMain(item({ name: 'Bolt M8' })),
      delivery,
      DELIVERY,
      AT,
    );
    if (!decision.ok) throw new Error('expected a delivery');
    expect(decision.delivery).toEqual({
      _id: DELIVERY,
      uid: 'alice',
      email: 'alice@example.com',
      name: 'Ann',
      inventory: 'Bolt M8',
      inventoriesId: ID,
      address: 'Main St',
      phone: '1',
      quantity: 10,
      createdAt: AT,
    });
    expect(decision.write.change).toMatchObject({
      cause: 'delivery',
      after: { quantity: 0 },
      movement: { delta: -10, reason: 'delivery', deliveryId: DELIVERY },
      audit: {
        action: 'delivery.create',
        target: { kind: 'delivery', id: DELIVERY, name: 'Bolt M8', itemId: ID },
        changes: { quantity: [10, 0] },
      },
      // No reorder point: never low (isLowStock), so 0 opens no alert.
      alert: null,
      // The dashboard's day totals: out that day, and out for the item (a top mover).
      days: {
        day: '2026-01-02',
        received: 0,
        removed: 0,
        corrections: 0,
        opening: 0,
        deletions: 0,
        delivered: 10,
        itemOut: 10,
      },
    });
  });
});

describe('decideCancel: a delivery cancelled, its stock put back', () => {
  const made = {
    _id: DELIVERY,
    uid: 'alice',
    email: 'alice@example.com',
    name: 'Ann',
    inventory: 'Old name',
    inventoriesId: ID,
    address: 'Main St',
    phone: '1',
    quantity: 3,
    createdAt: THEN,
  };

  it("is not found without a delivery, or another owner's when one is named", () => {
    expect(decideCancel(null, item(), undefined, () => true, ALICE, AT)).toEqual({ ok: false, reason: 'not_found' });
    expect(decideCancel(made, item(), undefined, () => true, BOB, AT, 'bob')).toEqual({
      ok: false,
      reason: 'not_found',
    });
  });

  it('refuses to take the item over QUANTITY_MAX', () => {
    expect(decideCancel(made, item({ quantity: QUANTITY_MAX - 2 }), undefined, () => true, ALICE, AT)).toEqual({
      ok: false,
      reason: 'over_limit',
      available: QUANTITY_MAX - 2,
      quantity: 3,
    });
  });

  it("puts the quantity back with a cancel movement, named by the item's name now, and updates the open alert", () => {
    const decision = decideCancel(made, item({ quantity: 0, minStock: 5 }), undefined, () => true, BOB, AT);
    if (!decision.ok || !decision.write) throw new Error('expected stock back');
    // Marked cancelled: when, by whom; no reason was given, so none is kept.
    expect(decision.delivery).toEqual({ ...made, cancelledAt: AT, cancelledBy: BOB.email });
    expect(decision.write.change).toMatchObject({
      cause: 'cancel',
      actor: BOB,
      movement: { delta: 3, reason: 'cancel', deliveryId: DELIVERY },
      audit: { action: 'delivery.cancel', target: { kind: 'delivery', id: DELIVERY, name: 'Bolt', itemId: ID } },
      // Still low (3 of 5), no longer out: the open alert takes the new kind and quantity.
      alert: { op: 'update', kind: 'low' },
    });
  });

  it('puts each unit back where the delivery took it; a location gone since, at Main; none kept when all come to Main', () => {
    const bin = OTHER;
    const taken = [
      { locationId: bin, delta: -2 },
      { locationId: MAIN_LOCATION_ID, delta: -1 },
    ];
    const back = decideCancel(made, item({ quantity: 0 }), taken, () => true, BOB, AT);
    if (!back.ok || !back.write) throw new Error('expected stock back');
    expect(back.write.change.movement).toEqual({
      delta: 3,
      reason: 'cancel',
      deliveryId: DELIVERY,
      places: [
        { locationId: bin, delta: 2 },
        { locationId: MAIN_LOCATION_ID, delta: 1 },
      ],
    });
    // The bin deleted since: its 2 come back to Main with the other 1, so the movement keeps no places.
    const gone = decideCancel(made, item({ quantity: 0 }), taken, (id) => id !== bin, BOB, AT);
    if (!gone.ok || !gone.write) throw new Error('expected stock back');
    expect(gone.write.change.movement).toEqual({ delta: 3, reason: 'cancel', deliveryId: DELIVERY });
  });

  it("audits the cancel alone when the item is gone, by the item's name then", () => {
    expect(decideCancel(made, null, undefined, () => true, { ...ALICE, reason: 'lost' }, AT, 'alice')).toEqual({
      ok: true,
      delivery: { ...made, cancelledAt: AT, cancelledBy: ALICE.email, cancelReason: 'lost' },
      write: null,
      audit: { action: 'delivery.cancel', target: { kind: 'delivery', id: DELIVERY, name: 'Old name', itemId: ID } },
    });
  });
});

describe('alertStep: low stock is a state (stock-alerts.ts)', () => {
  const level = (quantity: number, minStock: number) => ({ quantity, minStock });
  it.each([
    ['created low', null, level(4, 5), { op: 'open', kind: 'low' }],
    ['created at 0 with a reorder point', null, level(0, 5), { op: 'open', kind: 'out' }],
    ['created above', null, level(6, 5), null],
    ['created at 0 without a reorder point', null, level(0, 0), null],
    ['lowered to its reorder point', level(6, 5), level(5, 5), { op: 'open', kind: 'low' }],
    ['reorder point raised to the quantity', level(4, 0), level(4, 4), { op: 'open', kind: 'low' }],
    ['lower while low', level(4, 5), level(2, 5), { op: 'update', kind: 'low' }],
    ['on to 0 while low', level(4, 5), level(0, 5), { op: 'update', kind: 'out' }],
    ['back from 0, still low', level(0, 5), level(3, 5), { op: 'update', kind: 'low' }],
    ['reorder point moved, still low', level(4, 5), level(4, 6), { op: 'update', kind: 'low' }],
    ['a change of nothing stock-wise while low', level(4, 5), level(4, 5), null],
    ['restocked above', level(4, 5), level(9, 5), { op: 'resolve' }],
    ['reorder point lowered below the quantity', level(4, 5), level(4, 3), { op: 'resolve' }],
    ['reorder point cleared', level(4, 5), level(4, 0), { op: 'resolve' }],
    ['deleted while low', level(4, 5), null, { op: 'resolve' }],
    ['deleted above', level(9, 5), null, null],
    ['above, staying above', level(9, 5), level(8, 5), null],
  ])('%s', (_name, before, after, step) => {
    expect(alertStep(before, after)).toEqual(step);
  });
});

describe("codes (issue 33): an item's SKU and barcodes, each held by one item", () => {
  const none = () => undefined;
  const nut = { id: OTHER, name: 'Nut' };

  it('a created item keeps its barcodes once each, never its SKU again; a held one refuses the whole batch', () => {
    const [write] = decideCreate(
      [input({ sku: 'S', barcodes: ['E1', 'S', 'E2'] })],
      { ids: [ID], holderOf: none },
      ALICE,
      AT,
    );
    expect(write!.item).toMatchObject({ sku: 'S', barcodes: ['E1', 'E2'] });
    expect(write!.change.audit.changes).toMatchObject({ barcodes: [null, 'E1\nE2'] });
    const held = (code: string) => (code === 'E2' ? nut : undefined);
    expect(() => decideCreate([input({ barcodes: ['E1', 'E2'] })], { ids: [ID], holderOf: held }, ALICE, AT)).toThrow(
      expect.objectContaining({ sku: 'E2', field: 'barcodes', holder: nut }) as Error,
    );
    // One code on two items of one batch: the second names the first.
    expect(() =>
      decideCreate(
        [input({ sku: 'X' }), input({ name: 'Two', barcodes: ['X'] })],
        { ids: [ID, OTHER], holderOf: none },
        ALICE,
        AT,
      ),
    ).toThrow(SkuTakenError);
    expect(codesAsked([input({ sku: 'S', barcodes: ['E1'] }), input({ barcodes: ['E1', 'E3'] })])).toEqual([
      'S',
      'E1',
      'E3',
    ]);
  });

  it("an edit: absent barcodes keep the item's, [] clears them; only a new code is checked, and one held refuses", () => {
    const before = item({ sku: 'S', barcodes: ['E1'] });
    expect(decideEdit(before, inMain(before), input({ sku: undefined }), { holderOf: none }, ALICE, AT)).toMatchObject({
      changed: false,
    });
    const cleared = decideEdit(before, inMain(before), input({ barcodes: [] }), { holderOf: none }, ALICE, AT);
    expect(cleared).toMatchObject({ ok: true, changed: true });
    expect(cleared.ok && cleared.changed && cleared.write.item).not.toHaveProperty('barcodes');
    // Its own codes are its own, whatever holderOf says of them; a new one held by another refuses.
    const ownHeld = (code: string) => (code === 'E2' ? nut : { id: ID, name: 'Bolt' });
    expect(() =>
      decideEdit(before, inMain(before), input({ barcodes: ['E1', 'E2'] }), { holderOf: ownHeld }, ALICE, AT),
    ).toThrow(expect.objectContaining({ sku: 'E2', field: 'barcodes' }) as Error);
    expect(
      decideEdit(before, inMain(before), input({ barcodes: ['E1', 'E3'] }), { holderOf: none }, ALICE, AT),
    ).toMatchObject({
      write: { item: { barcodes: ['E1', 'E3'] } },
    });
  });
});
