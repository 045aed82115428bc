import { inMain } from './helpers/store-fixtures';
import { ObjectId } from 'mongodb';
import { decideCancel } from '../src/store/decisions/cancel-delivery';
import { decideUndo } from '../src/store/decisions/undo-movement';
import { ledgerChange, newItemDoc } from '../src/store/mongo/item-writes';

// MongoDB's recorder of a decision, in the parts that need no server (the rest runs in the mongo project
// wherever a mongod is reachable): a decided change as its ledger records it, a created item's document.
const AT = '2026-01-02T03:04:05.000Z';
const ALICE = { uid: 'alice', email: 'alice@example.com' };
const ITEM = {
  _id: 'a'.repeat(24),
  name: 'Bolt',
  supplier: 'Acme',
  price: 2.5,
  quantity: 4,
  description: '',
  img: '',
  minStock: 5,
  createdAt: AT,
  updatedAt: AT,
  version: 2,
};

describe("ledgerChange: a decided change in the MongoDB ledger's terms", () => {
  it('makes ids ObjectIds and the time a Date, and keeps the alert, the day totals and the seq', () => {
    const delivery = {
      _id: 'c'.repeat(24),
      uid: 'alice',
      email: ALICE.email,
      name: '',
      inventory: 'Bolt',
      inventoriesId: ITEM._id,
      address: 'x',
      phone: '1',
      quantity: 2,
      createdAt: AT,
    };
    const decision = decideCancel(delivery, ITEM, undefined, () => true, ALICE, AT);
    if (!decision.ok || !decision.write) throw new Error('expected stock back');
    const change = ledgerChange(decision.write.change, 41);
    expect(change.itemId).toEqual(new ObjectId(ITEM._id));
    expect(change.at).toEqual(new Date(AT));
    expect(change.seq).toBe(41);
    expect(change.movement).toEqual({ delta: 2, reason: 'cancel', deliveryId: new ObjectId(delivery._id) });
    // The cancel lifts the item above its reorder point: its open alert resolves, as decided.
    expect(change.alert).toEqual({ op: 'resolve' });
    // A cancel takes its units back out of `delivered`, and out of the item's units delivered.
    expect(change.days).toEqual({
      day: '2026-01-02',
      received: 0,
      delivered: -2,
      removed: 0,
      corrections: 0,
      opening: 0,
      deletions: 0,
      itemOut: -2,
    });
  });

  it('links an undo to the movement it takes back, by ObjectId, and names no delivery', () => {
    const undone = 'd'.repeat(24);
    const decision = decideUndo(
      { id: undone, actorUid: 'alice', at: AT, reason: 'adjust', delta: -1 },
      ITEM,
      inMain(ITEM),
      () => true,
      ALICE,
      AT,
    );
    if (!decision.ok) throw new Error('expected an undo');
    const { movement, days } = ledgerChange(decision.write.change, 1);
    expect(movement).toEqual({ delta: 1, reason: 'undo', undoOf: new ObjectId(undone) });
    expect(movement).not.toHaveProperty('deliveryId');
    // It counts in the bucket of the removal it takes back (issue 32), not as a correction.
    expect(days).toMatchObject({ removed: -1, corrections: 0 });
  });
});

describe("newItemDoc: a created item's document", () => {
  it('names every field (no SKU: null), with the derived stock fields and the seq', () => {
    const doc = newItemDoc(ITEM, ALICE, 7);
    expect(doc).toMatchObject({
      _id: new ObjectId(ITEM._id),
      sku: null,
      low: true,
      shortfall: 1,
      createdAt: new Date(AT),
      version: 2,
      createdBy: ALICE,
      updatedBy: ALICE,
      search: 'bolt\nacme',
      nameKey: 'bolt',
      seq: 7,
    });
  });
});
