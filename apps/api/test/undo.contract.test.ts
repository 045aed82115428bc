import type { Store } from '../src/store/store';
import { ada, bob, delivery, phone } from './helpers/store-fixtures';
import { openTestStore, TEST_STORE } from './helpers/test-store';

/**
 * Undo on every adapter: an `undo` movement of −delta linked to the movement it
 * takes back, once (also when two run at once), refused with nothing written
 * when it would leave the stock out of range, for kinds that are not undone, or
 * (with `ownSince`) for someone else's or an older movement.
 */
describe(`undo: ${TEST_STORE}`, () => {
  let store: Store;

  beforeEach(async () => {
    store = await openTestStore();
  });

  afterEach(async () => {
    await store.close();
  });

  const latest = async (itemId: string) => (await store.items.history(itemId, { limit: 2, skip: 0 })).movements;

  it('takes a restock back: an undo movement of −delta, linked both ways, audited', async () => {
    const item = await store.items.create(phone({ quantity: 10 }), ada);
    const restock = await store.items.changeStock(item._id, { delta: 5 }, ada);
    if (!restock.ok) throw new Error('restock failed');
    const undone = await store.items.undo(restock.movementId, ada);
    expect(undone).toMatchObject({ ok: true, item: { quantity: 10 } });
    if (!undone.ok) return;
    const [undo, original] = await latest(item._id);
    expect(undo).toMatchObject({
      _id: undone.movementId,
      reason: 'undo',
      delta: -5,
      quantityAfter: 10,
      undoOf: restock.movementId,
      actor: ada,
    });
    expect(original).toMatchObject({ _id: restock.movementId, reason: 'restock', undoneBy: undone.movementId });
    const audit = await store.audit.list({ itemId: item._id }, { limit: 1, skip: 0 });
    expect(audit.entries[0]).toMatchObject({
      action: 'stock.undo',
      changes: { quantity: [15, 10] },
      movementId: undone.movementId,
    });
    // Once.
    expect(await store.items.undo(restock.movementId, ada)).toEqual({
      ok: false,
      reason: 'already_undone',
      undoneBy: undone.movementId,
    });
    expect((await store.items.get(item._id))?.quantity).toBe(10);
  });

  it('two undos of one movement at once: one undoes it, the other is told it is done', async () => {
    const item = await store.items.create(phone({ quantity: 10 }), ada);
    const removal = await store.items.changeStock(item._id, { delta: -4 }, ada);
    if (!removal.ok) throw new Error('removal failed');
    const outcomes = await Promise.all([
      store.items.undo(removal.movementId, ada),
      store.items.undo(removal.movementId, bob),
    ]);
    expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(1);
    expect(outcomes.find((outcome) => !outcome.ok)).toMatchObject({ reason: 'already_undone' });
    expect((await store.items.get(item._id))?.quantity).toBe(10);
  });

  it('refuses, writing nothing: below 0, a delivery, a creation, an undo, a deleted item, an unknown id', async () => {
    const item = await store.items.create(phone({ quantity: 10 }), ada);
    const restock = await store.items.changeStock(item._id, { delta: 5 }, ada);
    if (!restock.ok) throw new Error('restock failed');
    const delivered = await store.deliveries.create(delivery(item._id, { quantity: 12 }));
    expect(delivered.ok).toBe(true);
    // 3 left: taking the 5 back would go below 0.
    expect(await store.items.undo(restock.movementId, ada)).toEqual({
      ok: false,
      reason: 'out_of_range',
      available: 3,
      delta: -5,
    });
    const [deliveryMovement] = await latest(item._id);
    expect(await store.items.undo(deliveryMovement!._id, ada)).toEqual({
      ok: false,
      reason: 'not_undoable',
      movementReason: 'delivery',
    });
    const { movements } = await store.items.history(item._id, { limit: 10, skip: 0 });
    const created = movements.find((movement) => movement.reason === 'created')!;
    expect(await store.items.undo(created._id, ada)).toEqual({
      ok: false,
      reason: 'not_undoable',
      movementReason: 'created',
    });
    expect(await store.items.undo('aaaaaaaaaaaaaaaaaaaaaaaa', ada)).toEqual({ ok: false, reason: 'not_found' });
    expect((await store.items.history(item._id, { limit: 1, skip: 0 })).total).toBe(3);

    const gone = await store.items.create(phone({ name: 'Gone', quantity: 1 }), ada);
    const added = await store.items.changeStock(gone._id, { delta: 2 }, ada);
    if (!added.ok) throw new Error('restock failed');
    await store.items.remove(gone._id, ada);
    expect(await store.items.undo(added.movementId, ada)).toEqual({ ok: false, reason: 'item_gone' });
    // And an undo is not undone.
    const again = await store.items.changeStock(item._id, { delta: 1 }, ada);
    if (!again.ok) throw new Error('restock failed');
    const undone = await store.items.undo(again.movementId, ada);
    if (!undone.ok) throw new Error('undo failed');
    expect(await store.items.undo(undone.movementId, ada)).toEqual({
      ok: false,
      reason: 'not_undoable',
      movementReason: 'undo',
    });
  });

  it('with ownSince: only the actor’s own movement, made since then', async () => {
    const item = await store.items.create(phone({ quantity: 10 }), ada);
    const restock = await store.items.changeStock(item._id, { delta: 5 }, ada);
    if (!restock.ok) throw new Error('restock failed');
    const now = new Date().toISOString();
    const later = new Date(Date.now() + 60_000).toISOString();
    expect(await store.items.undo(restock.movementId, bob, { ownSince: now })).toEqual({
      ok: false,
      reason: 'not_yours',
    });
    expect(await store.items.undo(restock.movementId, ada, { ownSince: later })).toEqual({
      ok: false,
      reason: 'too_late',
    });
    const past = new Date(Date.now() - 60_000).toISOString();
    expect(await store.items.undo(restock.movementId, ada, { ownSince: past })).toMatchObject({ ok: true });
  });

  it('an undo goes through the low-stock rule and the change feed as any stock move', async () => {
    const item = await store.items.create(phone({ quantity: 2, minStock: 3 }), ada);
    const restock = await store.items.changeStock(item._id, { delta: 5 }, ada);
    if (!restock.ok) throw new Error('restock failed');
    const heard: string[] = [];
    const stop = store.changes.subscribe((change) =>
      heard.push(`${change.cause}:${change.quantity}:${change.alert?.kind ?? ''}`),
    );
    const undone = await store.items.undo(restock.movementId, ada);
    expect(undone.ok).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, TEST_STORE === 'mongo' ? 1500 : 50));
    stop();
    expect(heard).toEqual(['undo:2:low']);
  });
});
