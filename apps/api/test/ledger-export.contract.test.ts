import type { Author, LedgerLine, Store } from '../src/store/store';
import { openTestStore, TEST_STORE } from './helpers/test-store';
import { ada, bob, delivery, phone } from './helpers/store-fixtures';

/**
 * The ledger as the export reads it, on every adapter: oldest first (by time,
 * then as written), a batch at a time, every item's or one item's, within a
 * time range; each line named by its item, also after the item was deleted.
 */
describe(`ledger export: ${TEST_STORE}`, () => {
  let store: Store;

  beforeEach(async () => {
    store = await openTestStore();
  });

  afterEach(async () => {
    await store.close();
  });

  async function all(filter: Parameters<Store['items']['ledger']>[0] = {}): Promise<LedgerLine[][]> {
    const batches: LedgerLine[][] = [];
    for await (const batch of store.items.ledger(filter)) batches.push(batch);
    return batches;
  }

  it('answers every movement oldest first, each with its item’s name (as it was, once deleted)', async () => {
    const clerk: Author = { ...bob, reason: 'Counted' };
    const pixel = await store.items.create(phone({ name: 'Pixel 9', quantity: 5 }), ada);
    const nokia = await store.items.create(phone({ name: 'Nokia', quantity: 2 }), ada);
    await store.items.changeStock(pixel._id, { delta: 3, note: 'Pallet' }, clerk);
    const delivered = await store.deliveries.create(delivery(pixel._id, { quantity: 2 }));
    if (!delivered.ok) throw new Error('the delivery was refused');
    await store.deliveries.cancel(delivered.delivery._id, ada);
    await store.items.remove(nokia._id, ada);

    const lines = (await all()).flat();
    expect(lines.map((line) => [line.itemName, line.reason, line.delta, line.quantityAfter])).toEqual([
      ['Pixel 9', 'created', 5, 5],
      ['Nokia', 'created', 2, 2],
      ['Pixel 9', 'restock', 3, 8],
      ['Pixel 9', 'delivery', -2, 6],
      ['Pixel 9', 'cancel', 2, 8],
      ['Nokia', 'deleted', -2, 0],
    ]);
    expect(lines[2]).toMatchObject({ actor: bob, note: 'Pallet', itemId: pixel._id });
    expect(lines[3]).toMatchObject({ deliveryId: delivered.delivery._id });
    for (let at = 1; at < lines.length; at++) expect(lines[at]!.at >= lines[at - 1]!.at).toBe(true);

    const onePixel = (await all({ itemId: pixel._id })).flat();
    expect(onePixel.map((line) => line.reason)).toEqual(['created', 'restock', 'delivery', 'cancel']);
    expect((await all({ itemId: nokia._id })).flat().map((line) => line.itemName)).toEqual(['Nokia', 'Nokia']);
  });

  it('keeps to the time range, both ends inclusive', async () => {
    const item = await store.items.create(phone({ quantity: 1 }), ada);
    // A few milliseconds apart, so that no two share a time.
    for (let i = 0; i < 6; i++) {
      await new Promise((resolve) => setTimeout(resolve, 3));
      await store.items.changeStock(item._id, { delta: 1 }, ada);
    }
    const lines = (await all()).flat();
    const [from, to] = [lines[2]!.at, lines[4]!.at];
    const ranged = (await all({ from, to })).flat();
    expect(ranged.map((line) => line._id)).toEqual(lines.slice(2, 5).map((line) => line._id));
    expect((await all({ from: lines[6]!.at })).flat()).toHaveLength(1);
    expect((await all({ to: lines[0]!.at })).flat()).toHaveLength(1);
    expect(await all({ from: to, to: from })).toEqual([]);
  });

  it('comes in batches of at most 250, every movement once and in order, however many', async () => {
    const items = 40;
    await store.items.createMany(
      Array.from({ length: items }, (_, i) => phone({ name: `Bulk ${i}`, quantity: 100 })),
      ada,
    );
    const ids = (await store.items.list({})).map((item) => item._id);
    for (let round = 0; round < 15; round++) {
      await Promise.all(ids.map((id) => store.items.changeStock(id, { delta: -1, note: `round ${round}` }, bob)));
    }
    const batches = await all();
    expect(batches.length).toBeGreaterThan(2);
    for (const batch of batches) expect(batch.length).toBeLessThanOrEqual(250);
    const lines = batches.flat();
    expect(lines).toHaveLength(items * 16);
    expect(new Set(lines.map((line) => line._id)).size).toBe(lines.length);
    for (let at = 1; at < lines.length; at++) expect(lines[at]!.at >= lines[at - 1]!.at).toBe(true);
    // Per item, in the order written: the quantity falls by one each line after its creation.
    const first = lines.filter((line) => line.itemId === ids[0]);
    expect(first.map((line) => line.quantityAfter)).toEqual(Array.from({ length: 16 }, (_, i) => 100 - i));
  });
});
