import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { itemInputSchema, type ItemInput } from '@smart-zone/types/item';
import { demoItems } from '../src/store/demo-items';
import { openStore, type StoreOptions } from '../src/store/open-store';
import type { NewDelivery, Store } from '../src/store/store';

/**
 * One contract, every adapter that can run here. SQLite always runs; MongoDB
 * runs when a server can be had (MONGODB_URI, or mongodb-memory-server with
 * MONGOMS_SYSTEM_BINARY). When none can, we say so loudly and register no
 * MongoDB test at all, so nothing reports it as passed.
 */
interface Adapter {
  name: string;
  open(): Promise<Store>;
  /** Frees what open() made (a database, a server). */
  cleanup?(): Promise<void>;
}

const adapters: Adapter[] = [{ name: 'sqlite', open: () => openStore({ mongodbDb: 'unused', dataDir: ':memory:' }) }];

if (process.env.MONGODB_URI || process.env.MONGOMS_SYSTEM_BINARY) {
  adapters.push(mongoAdapter());
} else {
  console.warn(
    '\n*** MongoDB store contract NOT RUN: no server here (set MONGODB_URI, or MONGOMS_SYSTEM_BINARY for mongodb-memory-server). Only the SQLite adapter was tested. ***\n',
  );
}

function mongoAdapter(): Adapter {
  let stopServer: (() => Promise<unknown>) | undefined;
  let uri = process.env.MONGODB_URI;
  let run = 0;
  return {
    name: 'mongo',
    async open() {
      if (!uri) {
        const { MongoMemoryReplSet } = await import('mongodb-memory-server');
        const server = await MongoMemoryReplSet.create({ replSet: { count: 1 } });
        uri = server.getUri();
        stopServer = () => server.stop();
      }
      run += 1;
      const options: StoreOptions = { mongodbUri: uri, mongodbDb: `contract_${process.pid}_${run}`, dataDir: 'unused' };
      return openStore(options);
    },
    async cleanup() {
      await stopServer?.();
    },
  };
}

const phone = (overrides: Partial<ItemInput> = {}): ItemInput => ({
  name: 'Pixel 9',
  supplier: 'Google',
  price: 799,
  quantity: 10,
  description: 'A phone.',
  img: '/images/pixel-9.svg',
  ...overrides,
});

const delivery = (inventoriesId: string, overrides: Partial<NewDelivery> = {}): NewDelivery => ({
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  inventory: 'Pixel 9',
  inventoriesId,
  address: '1 Analytical Way',
  phone: '+44 20 7946 0000',
  quantity: 1,
  ...overrides,
});

const UNKNOWN_ID = 'aaaaaaaaaaaaaaaaaaaaaaaa';

describe.each(adapters)('store contract: $name', (adapter) => {
  let store: Store;

  beforeEach(async () => {
    store = await adapter.open();
  });

  afterEach(async () => {
    await store.close();
  });

  afterAll(async () => {
    await adapter.cleanup?.();
  });

  describe('items', () => {
    it('creates an item with a 24-hex id and a creation time, and reads it back', async () => {
      const created = await store.items.create(phone());
      expect(created._id).toMatch(/^[0-9a-f]{24}$/);
      expect(Number.isNaN(Date.parse(created.createdAt))).toBe(false);
      expect(await store.items.get(created._id)).toEqual(created);
      expect(await store.items.get(UNKNOWN_ID)).toBeNull();
    });

    it('lists every item oldest first, with limit and skip', async () => {
      for (const name of ['A1', 'B2', 'C3', 'D4']) await store.items.create(phone({ name }));
      expect((await store.items.list()).map((item) => item.name)).toEqual(['A1', 'B2', 'C3', 'D4']);
      expect((await store.items.list({ limit: 2 })).map((item) => item.name)).toEqual(['A1', 'B2']);
      expect((await store.items.list({ limit: 2, skip: 3 })).map((item) => item.name)).toEqual(['D4']);
      expect(await store.items.count()).toBe(4);
    });

    it('searches name or supplier, case-insensitively and literally', async () => {
      await store.items.create(phone({ name: 'Galaxy S24', supplier: 'Samsung' }));
      await store.items.create(phone({ name: 'iPhone 15', supplier: 'Apple' }));
      await store.items.create(phone({ name: '100% Phone', supplier: 'Odd (Ltd.)' }));
      const names = async (q: string) => (await store.items.list({ q })).map((item) => item.name);
      expect(await names('GALAXY')).toEqual(['Galaxy S24']);
      expect(await names('apple')).toEqual(['iPhone 15']);
      expect(await names('%')).toEqual(['100% Phone']);
      expect(await names('(ltd.)')).toEqual(['100% Phone']);
      expect(await names('.*')).toEqual([]);
      expect(await names('_')).toEqual([]);
    });

    it('sorts by name, price, quantity and newest, either way', async () => {
      await store.items.create(phone({ name: 'banana', price: 30, quantity: 1 }));
      await store.items.create(phone({ name: 'Apple', price: 10, quantity: 3 }));
      await store.items.create(phone({ name: 'cherry', price: 20, quantity: 2 }));
      const order = async (key: 'name' | 'price' | 'quantity' | 'newest', descending = false) =>
        (await store.items.list({ sort: { key, descending } })).map((item) => item.name);
      expect(await order('name')).toEqual(['Apple', 'banana', 'cherry']);
      expect(await order('name', true)).toEqual(['cherry', 'banana', 'Apple']);
      expect(await order('price')).toEqual(['Apple', 'cherry', 'banana']);
      expect(await order('price', true)).toEqual(['banana', 'cherry', 'Apple']);
      expect(await order('quantity')).toEqual(['banana', 'cherry', 'Apple']);
      expect(await order('newest')).toEqual(['cherry', 'Apple', 'banana']);
      expect(await order('newest', true)).toEqual(['banana', 'Apple', 'cherry']);
    });

    it('updates every editable field, and answers null for an unknown id', async () => {
      const { _id, createdAt } = await store.items.create(phone());
      const next = phone({ name: 'Pixel 9 Pro', supplier: 'Google LLC', price: 999, quantity: 40, description: 'New', img: '' });
      expect(await store.items.update(_id, next)).toEqual({ ...next, _id, createdAt });
      expect(await store.items.get(_id)).toEqual({ ...next, _id, createdAt });
      expect(await store.items.update(UNKNOWN_ID, next)).toBeNull();
    });

    it('removes an item once', async () => {
      const { _id } = await store.items.create(phone());
      expect(await store.items.remove(_id)).toBe(true);
      expect(await store.items.remove(_id)).toBe(false);
      expect(await store.items.get(_id)).toBeNull();
    });
  });

  describe('deliveries', () => {
    it('takes the quantity off the item and records the delivery together', async () => {
      const item = await store.items.create(phone({ quantity: 10 }));
      const outcome = await store.deliveries.create(delivery(item._id, { quantity: 3 }));
      if (!outcome.ok) throw new Error(`expected a delivery, got ${outcome.reason}`);
      expect(outcome.item.quantity).toBe(7);
      expect(outcome.delivery).toMatchObject({ ...delivery(item._id, { quantity: 3 }), _id: expect.stringMatching(/^[0-9a-f]{24}$/) });
      expect((await store.items.get(item._id))?.quantity).toBe(7);
      expect(await store.deliveries.get(outcome.delivery._id)).toEqual(outcome.delivery);
    });

    it('refuses short stock and writes nothing', async () => {
      const item = await store.items.create(phone({ quantity: 2 }));
      expect(await store.deliveries.create(delivery(item._id, { quantity: 3 }))).toEqual({ ok: false, reason: 'out_of_stock', available: 2 });
      expect((await store.items.get(item._id))?.quantity).toBe(2);
      expect(await store.deliveries.listByEmail('ada@example.com')).toEqual([]);
    });

    it('refuses an unknown item and writes nothing', async () => {
      expect(await store.deliveries.create(delivery(UNKNOWN_ID))).toEqual({ ok: false, reason: 'item_not_found' });
      expect(await store.deliveries.listByEmail('ada@example.com')).toEqual([]);
    });

    it('never sells more than the stock under concurrency: 50 deliveries of 1 against 20', async () => {
      const item = await store.items.create(phone({ quantity: 20 }));
      const outcomes = await Promise.all(Array.from({ length: 50 }, () => store.deliveries.create(delivery(item._id))));
      expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(20);
      expect(outcomes.filter((outcome) => !outcome.ok && outcome.reason === 'out_of_stock')).toHaveLength(30);
      expect((await store.items.get(item._id))?.quantity).toBe(0);
      expect(await store.deliveries.listByEmail('ada@example.com')).toHaveLength(20);
    });

    it("lists only the owner's deliveries, newest first", async () => {
      const item = await store.items.create(phone({ quantity: 10 }));
      await store.deliveries.create(delivery(item._id, { address: 'first' }));
      await store.deliveries.create(delivery(item._id, { email: 'bob@example.com' }));
      await store.deliveries.create(delivery(item._id, { address: 'second' }));
      const own = await store.deliveries.listByEmail('ada@example.com');
      expect(own.map((record) => record.address)).toEqual(['second', 'first']);
      expect(own.every((record) => record.email === 'ada@example.com')).toBe(true);
    });

    it('cancels once, putting the quantity back; never for another owner', async () => {
      const item = await store.items.create(phone({ quantity: 10 }));
      const outcome = await store.deliveries.create(delivery(item._id, { quantity: 4 }));
      if (!outcome.ok) throw new Error('expected a delivery');
      const id = outcome.delivery._id;

      expect(await store.deliveries.cancel(id, 'bob@example.com')).toBeNull();
      expect((await store.items.get(item._id))?.quantity).toBe(6);

      expect(await store.deliveries.cancel(id, 'ada@example.com')).toEqual(outcome.delivery);
      expect((await store.items.get(item._id))?.quantity).toBe(10);
      expect(await store.deliveries.cancel(id, 'ada@example.com')).toBeNull();
      expect((await store.items.get(item._id))?.quantity).toBe(10);
      expect(await store.deliveries.get(id)).toBeNull();
    });

    it('cancels a delivery whose item was deleted since, without failing', async () => {
      const item = await store.items.create(phone({ quantity: 5 }));
      const outcome = await store.deliveries.create(delivery(item._id));
      if (!outcome.ok) throw new Error('expected a delivery');
      await store.items.remove(item._id);
      expect(await store.deliveries.cancel(outcome.delivery._id, 'ada@example.com')).not.toBeNull();
      expect(await store.items.get(item._id)).toBeNull();
    });
  });

  describe('demo data', () => {
    it('loads into an empty store once, and never again, even after everything is deleted', async () => {
      expect(await store.seedOnce(demoItems)).toBe(true);
      expect(await store.items.count()).toBe(demoItems.length);
      for (const item of await store.items.list()) await store.items.remove(item._id);
      expect(await store.seedOnce(demoItems)).toBe(false);
      expect(await store.items.count()).toBe(0);
    });

    it('does not load into a store that already has items', async () => {
      await store.items.create(phone());
      expect(await store.seedOnce(demoItems)).toBe(false);
      expect(await store.items.count()).toBe(1);
    });
  });

  it('answers its health check', async () => {
    expect(await store.health()).toBe(true);
  });
});

describe('sqlite on disk', () => {
  let dataDir: string;

  beforeEach(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'smart-zone-store-'));
  });

  afterEach(() => {
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps every item and delivery across a restart, in a WAL-mode file under DATA_DIR', async () => {
    const first = await openStore({ mongodbDb: 'unused', dataDir });
    const item = await first.items.create(phone({ quantity: 5 }));
    const outcome = await first.deliveries.create(delivery(item._id, { quantity: 2 }));
    await first.close();

    expect(fs.existsSync(path.join(dataDir, 'smart-zone.db'))).toBe(true);
    const second = await openStore({ mongodbDb: 'unused', dataDir });
    expect((await second.items.get(item._id))?.quantity).toBe(3);
    expect(await second.deliveries.listByEmail('ada@example.com')).toHaveLength(outcome.ok ? 1 : 0);
    expect(await second.seedOnce(demoItems)).toBe(false);
    await second.close();

    const Database = (await import('better-sqlite3')).default;
    const raw = new Database(path.join(dataDir, 'smart-zone.db'), { readonly: true });
    expect(raw.pragma('journal_mode', { simple: true })).toBe('wal');
    raw.close();
  });

  it('refuses negative stock at the database itself', async () => {
    const store = await openStore({ mongodbDb: 'unused', dataDir });
    const item = await store.items.create(phone({ quantity: 1 }));
    await store.close();
    const Database = (await import('better-sqlite3')).default;
    const raw = new Database(path.join(dataDir, 'smart-zone.db'));
    expect(() => raw.prepare('UPDATE items SET quantity = -1 WHERE id = ?').run(item._id)).toThrow(/CHECK constraint/);
    raw.close();
  });
});

describe('demo items', () => {
  const images = path.resolve(__dirname, '../../web/public');

  it.each(demoItems.map((item) => [item.name, item] as const))('%s is valid and its picture ships with the app', (_name, item) => {
    expect(itemInputSchema.parse(item)).toEqual(item);
    expect(item.img).toMatch(/^\/images\/[\w-]+\.svg$/);
    expect(fs.existsSync(path.join(images, item.img))).toBe(true);
  });

  it('has at least 8 phones, none with the same name', () => {
    expect(demoItems.length).toBeGreaterThanOrEqual(8);
    expect(new Set(demoItems.map((item) => item.name)).size).toBe(demoItems.length);
  });
});
