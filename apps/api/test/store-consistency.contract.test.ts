import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ItemInput } from '@smart-zone/types/item';
import { demoItems } from '../src/store/demo-items';
import { openMongoStore } from '../src/store/mongo/mongo-store';
import { openStore } from '../src/store/open-store';
import type { NewDelivery, Store } from '../src/store/store';
import { dropTestDb, openTestStore, TEST_STORE, testDbName, testMongoUri } from './helpers/test-store';
import { ada, bob, staff } from './helpers/store-fixtures';

/**
 * The port's promises on order and consistency (issue 24), on both stores:
 * this file runs in both jest projects, like store.contract.test.ts. Where a
 * MongoDB-only cause is behind a rule (ObjectIds made in the app, the
 * transaction the revision moves in), mongo-consistency.mongo.test.ts holds
 * the adapter's own test.
 */
const phone = (overrides: Partial<ItemInput> = {}): ItemInput => ({
  name: 'Pixel 9',
  supplier: 'Google',
  price: 799,
  quantity: 10,
  description: 'A phone.',
  img: '',
  ...overrides,
});

const UNKNOWN_ID = 'aaaaaaaaaaaaaaaaaaaaaaaa';

const delivery = (inventoriesId: string, overrides: Partial<NewDelivery> = {}): NewDelivery => ({
  owner: ada,
  name: 'Ada',
  inventoriesId,
  address: '1 Analytical Way',
  phone: '+44 20 7946 0000',
  quantity: 1,
  ...overrides,
});

describe(`store contract, order and consistency: ${TEST_STORE}`, () => {
  let store: Store;

  beforeEach(async () => {
    store = await openTestStore();
  });

  afterEach(async () => {
    await store.close();
  });

  const names = async (options: Parameters<Store['items']['list']>[0]) =>
    (await store.items.list(options)).map((item) => item.name);
  const streamed = async (options: Parameters<Store['items']['stream']>[0]) => {
    const out: string[] = [];
    for await (const batch of store.items.stream(options)) out.push(...batch.map((item) => item.name));
    return out;
  };

  it('runs on the store its jest project names', () => {
    expect(store.kind).toBe(TEST_STORE);
  });

  describe('the revision', () => {
    it('stays where it is after refused, stale and no-op writes', async () => {
      const item = await store.items.create(phone({ quantity: 2 }), staff);
      const delivered = await store.deliveries.create(delivery(item._id));
      if (!delivered.ok) throw new Error('expected a delivery');
      const before = await store.items.revision();

      expect(await store.items.changeStock(item._id, { delta: -5 }, staff)).toMatchObject({ ok: false });
      expect(await store.items.changeStock(UNKNOWN_ID, { delta: 1 }, staff)).toMatchObject({ ok: false });
      expect(await store.items.update(item._id, phone({ quantity: 1 }), staff)).toMatchObject({ changed: false });
      expect(await store.items.update(item._id, phone({ name: 'Other' }), staff, 1)).toMatchObject({ ok: false });
      expect(await store.items.update(UNKNOWN_ID, phone(), staff)).toMatchObject({ ok: false });
      expect(await store.items.remove(UNKNOWN_ID, staff)).toBe(false);
      expect(await store.deliveries.create(delivery(item._id, { quantity: 5 }))).toMatchObject({ ok: false });
      expect(await store.deliveries.create(delivery(UNKNOWN_ID))).toMatchObject({ ok: false });
      expect(await store.deliveries.cancel(delivered.delivery._id, bob, bob.uid)).toMatchObject({ ok: false });

      expect(await store.items.revision()).toBe(before);
    });

    it('is not reused by a database made again in the same place', async () => {
      const place =
        TEST_STORE === 'sqlite' ? fs.mkdtempSync(path.join(os.tmpdir(), 'smart-zone-again-')) : testDbName();
      const revisions: string[] = [];
      for (let round = 0; round < 2; round++) {
        const fresh = await freshStoreAt(place);
        try {
          await fresh.store.items.create(phone(), staff);
          revisions.push(await fresh.store.items.revision());
        } finally {
          await fresh.close();
        }
      }
      expect(revisions[1]).not.toBe(revisions[0]);
    });
  });

  describe('order', () => {
    it("follows an item's writes in its history, newest first: each movement starts where the older one ended", async () => {
      const item = await store.items.create(phone({ quantity: 50 }), staff);
      await Promise.all([
        ...[5, -3, 7, -10, 2, -1, 4].map((delta) => store.items.changeStock(item._id, { delta }, staff)),
        ...[1, 2, 3].map((quantity) => store.deliveries.create(delivery(item._id, { quantity }))),
      ]);
      const { movements } = await store.items.history(item._id, { limit: 100, skip: 0 });
      expect(movements).toHaveLength(11);
      expect(movements[0]?.quantityAfter).toBe((await store.items.get(item._id))?.quantity);
      for (let at = 0; at + 1 < movements.length; at++) {
        const newer = movements[at]!;
        expect(newer.quantityAfter - newer.delta).toBe(movements[at + 1]!.quantityAfter);
      }
      expect(movements.at(-1)?.reason).toBe('created');
    });

    it('lists deliveries newest first, and breaks ties of every item sort by creation order', async () => {
      const item = await store.items.create(phone({ name: 'first', price: 5, quantity: 100 }), staff);
      await store.items.create(phone({ name: 'second', price: 5 }), staff);
      await store.items.create(phone({ name: 'cheap', price: 1 }), staff);
      await store.items.create(phone({ name: 'third', price: 5 }), staff);
      expect(await names({ sort: { key: 'price', descending: false } })).toEqual(['cheap', 'first', 'second', 'third']);
      expect(await names({ sort: { key: 'price', descending: true } })).toEqual(['third', 'second', 'first', 'cheap']);
      expect(await names({})).toEqual(['first', 'second', 'cheap', 'third']);
      expect(await names({ sort: { key: 'newest', descending: false } })).toEqual([
        'third',
        'cheap',
        'second',
        'first',
      ]);

      for (const address of ['one', 'two', 'three']) await store.deliveries.create(delivery(item._id, { address }));
      expect((await store.deliveries.listByOwner(ada.uid)).map((d) => d.address)).toEqual(['three', 'two', 'one']);
    });

    it('sorts names with ASCII letters case-insensitively and every other character by code point, ties by creation order', async () => {
      // Created in this order; `Apple` before `apple`, `É` before `é`.
      const created = ['zebra', 'Éclair', '{brace', 'Apple', '~tilde', 'banana', 'apple', '|pipe', '_under', 'éclair'];
      created.push('}close', 'Zulu', '9lives', 'Ωmega');
      await store.items.createMany(
        created.map((name) => phone({ name })),
        staff,
      );
      const ascending = [
        '9lives',
        '_under',
        'Apple',
        'apple',
        'banana',
        'zebra',
        'Zulu',
        '{brace',
        '|pipe',
        '}close',
        '~tilde',
        'Éclair',
        'éclair',
        'Ωmega',
      ];
      const byName = (descending: boolean) => ({ sort: { key: 'name' as const, descending } });
      expect(await names(byName(false))).toEqual(ascending);
      expect(await names(byName(true))).toEqual([...ascending].reverse());
      expect(await streamed(byName(false))).toEqual(ascending);
      // A rename moves the item; a search of 3+ characters (SQLite: off the main thread) sorts alike.
      await store.items.update((await store.items.list({ q: 'zebra' }))[0]!._id, phone({ name: 'ZEBRA' }), staff);
      expect(await names(byName(false))).toEqual(ascending.map((name) => (name === 'zebra' ? 'ZEBRA' : name)));
      expect(await names({ ...byName(true), q: 'goo' })).toEqual(
        [...ascending].reverse().map((name) => (name === 'zebra' ? 'ZEBRA' : name)),
      );
    });
  });

  describe('search', () => {
    it.each([
      ['U+2028', '\u2028'],
      ['U+2029', '\u2029'],
    ])('finds %s like any other character, alone and within longer text', async (_name, separator) => {
      await store.items.create(phone({ name: `Line${separator}Break` }), staff);
      await store.items.create(phone({ name: 'Plain' }), staff);
      expect(await names({ q: separator })).toEqual([`Line${separator}Break`]);
      expect(await names({ q: `E${separator}B` })).toEqual([`Line${separator}Break`]);
      expect(await store.items.count({ q: separator })).toBe(1);
    });
  });

  describe('all or nothing', () => {
    it('a seed that fails leaves the store neither seeded nor changed; the next one loads', async () => {
      await expect(store.seedOnce([...demoItems, phone({ quantity: -1 })])).rejects.toThrow(RangeError);
      expect(await store.items.count()).toBe(0);
      expect(await store.seedOnce(demoItems)).toBe(true);
      expect(await store.items.count()).toBe(demoItems.length);
    });

    it('createMany is one transaction: a refusal by the database itself, anywhere, writes nothing', async () => {
      const before = await store.items.revision();
      const many = Array.from({ length: 1100 }, (_, i) => phone({ name: `Bulk ${i}` }));
      // A negative price passes the store's own checks; the database refuses it (CHECK, validator).
      many.push(phone({ name: 'Bad price', price: -1 }));
      // Not toThrow(): jest's realms can make a SqliteError fail `instanceof Error` in a later file of a worker.
      await expect(store.items.createMany(many, staff)).rejects.toHaveProperty('message');
      expect(await store.items.count()).toBe(0);
      expect(await store.items.revision()).toBe(before);
    });
  });

  it('deleting an empty item records a delta of exactly 0, not −0', async () => {
    const item = await store.items.create(phone({ quantity: 0 }), staff);
    await store.items.remove(item._id, staff);
    const { movements } = await store.items.history(item._id, { limit: 1, skip: 0 });
    expect(movements[0]?.reason).toBe('deleted');
    expect(Object.is(movements[0]?.delta, 0)).toBe(true);
  });
});

/**
 * Opens a store of this project's kind in `place` (a folder for SQLite, a
 * database name for MongoDB), made empty first; closing it removes it.
 */
async function freshStoreAt(place: string): Promise<{ store: Store; close: () => Promise<void> }> {
  if (TEST_STORE === 'sqlite') {
    fs.rmSync(place, { recursive: true, force: true });
    const store = await openStore({ mongodbDb: 'unused', dataDir: place });
    return {
      store,
      close: async () => {
        await store.close();
        fs.rmSync(place, { recursive: true, force: true });
      },
    };
  }
  const uri = testMongoUri();
  await dropTestDb(uri, place);
  const store = await openMongoStore(uri, place, { log: () => {}, warn: () => {} });
  return {
    store,
    close: async () => {
      await store.close();
      await dropTestDb(uri, place);
    },
  };
}
