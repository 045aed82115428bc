import type Database from 'better-sqlite3';
import { nextTurn, openSqliteFile, type SqliteFile } from './helpers/sqlite-file';
import type { Actor, ItemInput } from '@smart-zone/types/item';
import type { Store } from '../src/store/store';

/**
 * The SQLite store answers hot reads from memory (an item per version, the
 * catalogue's revision): they must never outlive a write, ours or one that
 * another connection (a seed script, a second process) commits to the file (from the next turn of the event loop,
 * which is where a request sent after that commit arrives).
 */
const ada: Actor = { uid: 'uid-ada', email: 'ada@example.com' };
const phone: ItemInput = {
  name: 'Pixel 9',
  supplier: 'Google',
  price: 799,
  quantity: 10,
  description: 'A phone.',
  img: '/images/pixel-9.svg',
};

let file: SqliteFile;
let store: Store;
/** Another connection to the same file: it only ever sees committed data. */
let other: Database.Database;

beforeEach(async () => {
  file = await openSqliteFile('read-caches');
  ({ store, other } = file);
});

afterEach(() => file.close());

it('an item read again after our own write shows the write', async () => {
  const item = await store.items.create(phone, ada);
  expect((await store.items.get(item._id))?.quantity).toBe(10);
  await store.items.changeStock(item._id, { delta: -3 }, ada);
  expect((await store.items.get(item._id))?.quantity).toBe(7);
  await store.items.remove(item._id, ada);
  expect(await store.items.get(item._id)).toBeNull();
});

it('an item read again in the same turn of the event loop shows our delivery and its cancel (group-committed)', async () => {
  const item = await store.items.create(phone, ada);
  expect((await store.items.get(item._id))?.quantity).toBe(10);
  const outcome = await store.deliveries.create({
    owner: ada,
    name: 'Ann',
    inventoriesId: item._id,
    address: '1 Main Street',
    phone: '+1 555 0100',
    quantity: 2,
  });
  expect((await store.items.get(item._id))?.quantity).toBe(8);
  if (!outcome.ok) throw new Error('the delivery was refused');
  await store.deliveries.cancel(outcome.delivery._id, ada);
  expect((await store.items.get(item._id))?.quantity).toBe(10);
});

it('an item read again after another connection changed it shows the change', async () => {
  const item = await store.items.create(phone, ada);
  const first = await store.items.get(item._id);
  expect(await store.items.get(item._id)).toBe(first); // the same object while unchanged
  other.prepare('UPDATE items SET quantity = 4, version = version + 1 WHERE id = ?').run(item._id);
  await nextTurn();
  expect((await store.items.get(item._id))?.quantity).toBe(4);
  other.prepare('DELETE FROM items WHERE id = ?').run(item._id);
  await nextTurn();
  expect(await store.items.get(item._id)).toBeNull();
});

it('items handed out are frozen: nobody can change the cached copy', async () => {
  const item = await store.items.create(phone, ada);
  const read = await store.items.get(item._id);
  expect(Object.isFrozen(read)).toBe(true);
});

it("the revision moves on after another connection's write, not only after ours", async () => {
  const before = await store.items.revision();
  expect(await store.items.revision()).toBe(before);
  other.prepare("UPDATE meta SET value = CAST(value AS INTEGER) + 1 WHERE key = 'catalogue_revision'").run();
  await nextTurn();
  const after = await store.items.revision();
  expect(after).not.toBe(before);
  await store.items.create(phone, ada);
  expect(await store.items.revision()).not.toBe(after);
});
