import type { StockMovement } from '@smart-zone/types/item';
import path from 'node:path';
import { inventoryService } from '../src/inventory/inventory.service';
import { openStore } from '../src/store/open-store';
import type { Store } from '../src/store/store';
import { nextTurn, openSqliteFile, type SqliteFile } from './helpers/sqlite-file';
import { ada, phone } from './helpers/store-fixtures';

/**
 * An item's history pages are kept by the catalogue's revision (inventory.service.ts): every kind of
 * movement, ours or one another connection commits, shows on the next read of the same page.
 */
let file: SqliteFile;
let store: Store;
beforeEach(async () => {
  file = await openSqliteFile('history-cache');
  ({ store } = file);
});
afterEach(() => file.close());

const page = { limit: 20, skip: 0 };

it('shows every kind of movement on the next read of a page it kept', async () => {
  const service = inventoryService(store);
  const read = async (id: string) => {
    const kept = await service.history(id, page);
    return { total: kept.total, movements: JSON.parse(kept.body.toString()) as StockMovement[] };
  };
  const { _id: id } = await store.items.create(phone(), ada);
  expect((await read(id)).movements.map((m) => m.reason)).toEqual(['created']);
  // Read twice: the second is the kept page, the very same bytes.
  expect((await service.history(id, page)).body).toBe((await service.history(id, page)).body);

  const restock = await store.items.changeStock(id, { delta: 5 }, ada);
  expect((await read(id)).movements.map((m) => m.reason)).toEqual(['restock', 'created']);

  const delivered = await store.deliveries.create({
    owner: ada,
    name: 'Ada',
    inventoriesId: id,
    address: '1 Street',
    phone: '+1 555 0100',
    quantity: 2,
  });
  if (!delivered.ok) throw new Error('the delivery was refused');
  expect((await read(id)).movements[0]).toMatchObject({ reason: 'delivery', delta: -2, quantityAfter: 13 });

  await store.deliveries.cancel(delivered.delivery._id, ada);
  expect((await read(id)).movements[0]).toMatchObject({ reason: 'cancel', delta: 2, quantityAfter: 15 });

  if (!restock.ok) throw new Error('the restock was refused');
  await store.items.undo(restock.movementId, ada);
  const afterUndo = await read(id);
  expect(afterUndo.movements[0]).toMatchObject({ reason: 'undo', undoOf: restock.movementId });
  expect(afterUndo.movements.find((m) => m._id === restock.movementId)?.undoneBy).toBe(afterUndo.movements[0]!._id);

  await store.items.remove(id, ada);
  const afterDelete = await read(id);
  expect(afterDelete.movements[0]?.reason).toBe('deleted');
  expect(afterDelete.total).toBe(afterDelete.movements.length);
});

it("shows another connection's movement on the next read", async () => {
  const service = inventoryService(store);
  const { _id: id } = await store.items.create(phone(), ada);
  expect((await service.history(id, page)).total).toBe(1);
  // A second store on the same file (a second API process, the seed script).
  const second = await openStore({ mongodbDb: 'unused', dataDir: path.dirname(file.other.name) });
  try {
    await second.items.changeStock(id, { delta: -4, note: 'broken' }, ada);
  } finally {
    await second.close();
  }
  await nextTurn();
  const kept = await service.history(id, page);
  expect(kept.total).toBe(2);
  expect((JSON.parse(kept.body.toString()) as StockMovement[])[0]).toMatchObject({ delta: -4, note: 'broken' });
});

it('keeps no page for an id that never existed', async () => {
  const service = inventoryService(store);
  await expect(service.history('0123456789abcdef01234567', page)).rejects.toMatchObject({ status: 404 });
  await expect(service.history('0123456789abcdef01234567', page)).rejects.toMatchObject({ status: 404 });
});
