import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { itemInputSchema, QUANTITY_MAX } from '@smart-zone/types/item';
import { demoItems } from '../src/store/demo-items';
import { openStore } from '../src/store/open-store';
import type { Store } from '../src/store/store';
import { openTestStore, TEST_STORE } from './helpers/test-store';
import { ada, bob, cancelledBy, delivery, phone, staff } from './helpers/store-fixtures';

/**
 * One contract, every adapter: this file runs in both jest projects
 * (jest.config.js), on SQLite in the `sqlite` one and on a MongoDB replica
 * set in the `mongo` one (skipped, visibly, where no MongoDB can be had).
 * The SQLite file tests below run in the sqlite project only.
 */

const UNKNOWN_ID = 'aaaaaaaaaaaaaaaaaaaaaaaa';
const anyObjectId: unknown = expect.stringMatching(/^[0-9a-f]{24}$/);

describe(`store contract: ${TEST_STORE}`, () => {
  let store: Store;

  beforeEach(async () => {
    store = await openTestStore();
  });

  afterEach(async () => {
    await store.close();
  });

  describe('items', () => {
    it('creates an item with a 24-hex id and a creation time, and reads it back', async () => {
      const created = await store.items.create(phone(), staff);
      expect(created._id).toMatch(/^[0-9a-f]{24}$/);
      expect(Number.isNaN(Date.parse(created.createdAt))).toBe(false);
      expect(await store.items.get(created._id)).toEqual(created);
      expect(await store.items.get(UNKNOWN_ID)).toBeNull();
    });

    it('lists every item oldest first, with limit and skip', async () => {
      for (const name of ['A1', 'B2', 'C3', 'D4']) await store.items.create(phone({ name }), staff);
      expect((await store.items.list()).map((item) => item.name)).toEqual(['A1', 'B2', 'C3', 'D4']);
      expect((await store.items.list({ limit: 2 })).map((item) => item.name)).toEqual(['A1', 'B2']);
      expect((await store.items.list({ limit: 2, skip: 3 })).map((item) => item.name)).toEqual(['D4']);
      expect(await store.items.count()).toBe(4);
    });

    it('searches name or supplier, case-insensitively and literally', async () => {
      await store.items.create(phone({ name: 'Galaxy S24', supplier: 'Samsung' }), staff);
      await store.items.create(phone({ name: 'iPhone 15', supplier: 'Apple' }), staff);
      await store.items.create(phone({ name: '100% Phone', supplier: 'Odd (Ltd.)' }), staff);
      const names = async (q: string) => (await store.items.list({ q })).map((item) => item.name);
      expect(await names('GALAXY')).toEqual(['Galaxy S24']);
      expect(await names('apple')).toEqual(['iPhone 15']);
      expect(await names('%')).toEqual(['100% Phone']);
      expect(await names('(ltd.)')).toEqual(['100% Phone']);
      expect(await names('.*')).toEqual([]);
      expect(await names('_')).toEqual([]);
    });

    it('sorts by name, price, quantity and newest, either way', async () => {
      await store.items.create(phone({ name: 'banana', price: 30, quantity: 1 }), staff);
      await store.items.create(phone({ name: 'Apple', price: 10, quantity: 3 }), staff);
      await store.items.create(phone({ name: 'cherry', price: 20, quantity: 2 }), staff);
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

    it('updates every editable field, records who and bumps the version; not_found for an unknown id', async () => {
      const created = await store.items.create(phone(), staff);
      const next = phone({
        name: 'Pixel 9 Pro',
        supplier: 'Google LLC',
        price: 999,
        quantity: 40,
        description: 'New',
        img: '',
      });
      const outcome = await store.items.update(created._id, next, ada);
      if (!outcome.ok) throw new Error(`expected an update, got ${outcome.reason}`);
      expect(outcome.changed).toBe(true);
      expect(outcome.item).toMatchObject({
        ...next,
        _id: created._id,
        createdAt: created.createdAt,
        version: 2,
      });
      expect(await store.items.get(created._id)).toEqual(outcome.item);
      expect(await store.items.update(UNKNOWN_ID, next, ada)).toEqual({ ok: false, reason: 'not_found' });
    });

    it('an item names nobody; its history keeps who changed it', async () => {
      const created = await store.items.create(phone({ quantity: 1 }), staff);
      await store.items.changeStock(created._id, { delta: 2 }, ada);
      const read = await store.items.get(created._id);
      expect(Object.keys(read ?? {}).sort()).toEqual(
        [
          '_id',
          'createdAt',
          'description',
          'img',
          'minStock',
          'name',
          'price',
          'quantity',
          'supplier',
          'updatedAt',
          'version',
        ].sort(),
      );
      await store.items.remove(created._id, ada);
      const { movements } = await store.items.history(created._id, { limit: 10, skip: 0 });
      expect(movements.map((m) => m.actor)).toEqual([ada, ada, staff]);
      expect(movements[0]?.item).not.toHaveProperty('createdBy');
      expect(movements[0]?.item).not.toHaveProperty('updatedBy');
    });

    it('removes an item once', async () => {
      const { _id } = await store.items.create(phone(), staff);
      expect(await store.items.remove(_id, staff)).toBe(true);
      expect(await store.items.remove(_id, staff)).toBe(false);
      expect(await store.items.get(_id)).toBeNull();
    });
  });

  describe('deliveries', () => {
    it('takes the quantity off the item and records the delivery together', async () => {
      const item = await store.items.create(phone({ quantity: 10 }), staff);
      const outcome = await store.deliveries.create(delivery(item._id, { quantity: 3 }));
      if (!outcome.ok) throw new Error(`expected a delivery, got ${outcome.reason}`);
      expect(outcome.delivery).toMatchObject({
        _id: anyObjectId,
        uid: ada.uid,
        email: ada.email,
        name: 'Ada Lovelace',
        inventory: 'Pixel 9',
        inventoriesId: item._id,
        quantity: 3,
      });
      expect((await store.items.get(item._id))?.quantity).toBe(7);
      expect(await store.deliveries.get(outcome.delivery._id)).toEqual(outcome.delivery);
    });

    it('refuses short stock and writes nothing', async () => {
      const item = await store.items.create(phone({ quantity: 2 }), staff);
      expect(await store.deliveries.create(delivery(item._id, { quantity: 3 }))).toEqual({
        ok: false,
        reason: 'out_of_stock',
        available: 2,
      });
      expect((await store.items.get(item._id))?.quantity).toBe(2);
      expect(await store.deliveries.listByOwner(ada.uid)).toEqual([]);
    });

    it('refuses an unknown item and writes nothing', async () => {
      expect(await store.deliveries.create(delivery(UNKNOWN_ID))).toEqual({ ok: false, reason: 'item_not_found' });
      expect(await store.deliveries.listByOwner(ada.uid)).toEqual([]);
    });

    it('never sells more than the stock under concurrency: 50 deliveries of 1 against 20', async () => {
      const item = await store.items.create(phone({ quantity: 20 }), staff);
      const outcomes = await Promise.all(Array.from({ length: 50 }, () => store.deliveries.create(delivery(item._id))));
      expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(20);
      expect(outcomes.filter((outcome) => !outcome.ok && outcome.reason === 'out_of_stock')).toHaveLength(30);
      expect((await store.items.get(item._id))?.quantity).toBe(0);
      expect(await store.deliveries.listByOwner(ada.uid)).toHaveLength(20);
    });

    it("lists only the owner's deliveries, newest first", async () => {
      const item = await store.items.create(phone({ quantity: 10 }), staff);
      await store.deliveries.create(delivery(item._id, { address: 'first' }));
      await store.deliveries.create(delivery(item._id, { owner: bob }));
      await store.deliveries.create(delivery(item._id, { address: 'second' }));
      const own = await store.deliveries.listByOwner(ada.uid);
      expect(own.map((record) => record.address)).toEqual(['second', 'first']);
      expect(own.every((record) => record.uid === ada.uid)).toBe(true);
    });

    it('cancels once, putting the quantity back; never for another owner when the owner is named', async () => {
      const item = await store.items.create(phone({ quantity: 10 }), staff);
      const outcome = await store.deliveries.create(delivery(item._id, { quantity: 4 }));
      if (!outcome.ok) throw new Error('expected a delivery');
      const id = outcome.delivery._id;

      expect(await store.deliveries.cancel(id, bob, bob.uid)).toEqual({ ok: false, reason: 'not_found' });
      // Same email, another account: records belong to a uid, not to an address.
      expect(await store.deliveries.cancel(id, { uid: 'uid-new-ada', email: ada.email }, 'uid-new-ada')).toEqual({
        ok: false,
        reason: 'not_found',
      });
      expect((await store.items.get(item._id))?.quantity).toBe(6);

      expect(await store.deliveries.cancel(id, ada, ada.uid)).toEqual({
        ok: true,
        delivery: cancelledBy(outcome.delivery, ada),
      });
      expect((await store.items.get(item._id))?.quantity).toBe(10);
      expect(await store.deliveries.cancel(id, ada, ada.uid)).toEqual({ ok: false, reason: 'not_found' });
      expect(await store.deliveries.cancel(id, bob)).toEqual({ ok: false, reason: 'not_found' });
      expect((await store.items.get(item._id))?.quantity).toBe(10);
      expect(await store.deliveries.get(id)).toBeNull();
    });

    it("cancels anyone's delivery when no owner is named, as the one who cancels it", async () => {
      const item = await store.items.create(phone({ quantity: 10 }), staff);
      const outcome = await store.deliveries.create(delivery(item._id, { quantity: 3 }));
      if (!outcome.ok) throw new Error('expected a delivery');
      expect(await store.deliveries.cancel(outcome.delivery._id, bob)).toEqual({
        ok: true,
        delivery: cancelledBy(outcome.delivery, bob),
      });
      expect((await store.items.get(item._id))?.quantity).toBe(10);
      const { movements } = await store.items.history(item._id, { limit: 1, skip: 0 });
      expect(movements[0]).toMatchObject({ reason: 'cancel', delta: 3, actor: bob, deliveryId: outcome.delivery._id });
      expect(await store.deliveries.listByOwner(ada.uid)).toEqual([]);
    });

    it('cancels a delivery whose item was deleted since, without failing', async () => {
      const item = await store.items.create(phone({ quantity: 5 }), staff);
      const outcome = await store.deliveries.create(delivery(item._id));
      if (!outcome.ok) throw new Error('expected a delivery');
      await store.items.remove(item._id, staff);
      expect(await store.deliveries.cancel(outcome.delivery._id, ada)).toMatchObject({ ok: true });
      expect(await store.items.get(item._id)).toBeNull();
    });

    it('refuses a cancel that would take the item over QUANTITY_MAX, and writes nothing', async () => {
      const item = await store.items.create(phone({ quantity: QUANTITY_MAX }), staff);
      const outcome = await store.deliveries.create(delivery(item._id, { quantity: 10 }));
      if (!outcome.ok) throw new Error('expected a delivery');
      const restocked = await store.items.changeStock(item._id, { delta: 10 }, staff);
      expect(restocked).toMatchObject({ ok: true, item: { quantity: QUANTITY_MAX } });
      const before = await store.items.get(item._id);
      const history = await store.items.history(item._id, { limit: 10, skip: 0 });
      expect(await store.deliveries.cancel(outcome.delivery._id, ada)).toEqual({
        ok: false,
        reason: 'over_limit',
        available: QUANTITY_MAX,
        quantity: 10,
      });
      expect(await store.items.get(item._id)).toEqual(before);
      expect(await store.items.history(item._id, { limit: 10, skip: 0 })).toEqual(history);
      // Still the owner's, still cancellable once there is room again.
      expect(await store.deliveries.get(outcome.delivery._id)).toEqual(outcome.delivery);
      await store.items.changeStock(item._id, { delta: -10 }, staff);
      expect(await store.deliveries.cancel(outcome.delivery._id, ada)).toMatchObject({ ok: true });
      expect((await store.items.get(item._id))?.quantity).toBe(QUANTITY_MAX);
    });

    it('bulk-creates all or nothing: a quantity over QUANTITY_MAX anywhere writes nothing', async () => {
      const before = await store.items.count();
      await expect(
        store.items.createMany(
          [phone({ name: 'fine' }), phone({ name: 'too many', quantity: QUANTITY_MAX + 1 })],
          staff,
        ),
      ).rejects.toThrow(`Quantity ${QUANTITY_MAX + 1} must be a whole number from 0 to ${QUANTITY_MAX}`);
      await expect(store.items.create(phone({ quantity: -1 }), staff)).rejects.toThrow(RangeError);
      expect(await store.items.count()).toBe(before);
    });
  });

  describe('stock ledger', () => {
    const ledger = async (id: string) => (await store.items.history(id, { limit: 1000, skip: 0 })).movements;
    const sumOfDeltas = async (id: string) => (await ledger(id)).reduce((sum, movement) => sum + movement.delta, 0);

    it('records creation, restock, adjust (a removal), delivery, cancel, edit and deletion, newest first, quantity = sum of deltas', async () => {
      const item = await store.items.create(phone({ quantity: 10 }), staff);
      expect(await store.items.changeStock(item._id, { delta: 5, note: 'pallet 7' }, staff)).toMatchObject({
        ok: true,
        item: { quantity: 15 },
      });
      expect(await store.items.changeStock(item._id, { delta: -2 }, staff)).toMatchObject({
        ok: true,
        item: { quantity: 13 },
      });
      const delivered = await store.deliveries.create(delivery(item._id, { quantity: 3 }));
      if (!delivered.ok) throw new Error('expected a delivery');
      await store.deliveries.cancel(delivered.delivery._id, ada);
      const updated = await store.items.update(item._id, { ...phone(), quantity: 20 }, bob);
      expect(updated).toMatchObject({ ok: true, item: { quantity: 20 } });
      expect(await sumOfDeltas(item._id)).toBe(20);

      const movements = await ledger(item._id);
      expect(movements.map((m) => [m.reason, m.delta, m.quantityAfter, m.actor.uid])).toEqual([
        ['edit', 7, 20, bob.uid],
        ['cancel', 3, 13, ada.uid],
        ['delivery', -3, 10, ada.uid],
        ['adjust', -2, 13, staff.uid],
        ['restock', 5, 15, staff.uid],
        ['created', 10, 10, staff.uid],
      ]);
      expect(movements[3]?.note).toBeUndefined();
      expect(movements[4]?.note).toBe('pallet 7');
      expect(movements[1]?.deliveryId).toBe(delivered.delivery._id);
      expect(movements[2]?.deliveryId).toBe(delivered.delivery._id);
      for (const movement of movements) {
        expect(movement.itemId).toBe(item._id);
        expect(movement._id).toMatch(/^[0-9a-f]{24}$/);
        expect(Number.isNaN(Date.parse(movement.at))).toBe(false);
      }

      expect(await store.items.remove(item._id, staff)).toBe(true);
      const { movements: after, total } = await store.items.history(item._id, { limit: 1, skip: 0 });
      expect(total).toBe(7);
      expect(after[0]).toMatchObject({
        reason: 'deleted',
        delta: -20,
        quantityAfter: 0,
        actor: staff,
        item: { _id: item._id, name: 'Pixel 9', quantity: 20 },
      });
    });

    it('keeps a removal’s reason (why) with its movement, and none on a restock or an undo', async () => {
      const item = await store.items.create(phone({ quantity: 10 }), staff);
      const removed = await store.items.changeStock(item._id, { delta: -2, why: 'damaged', note: 'cracked' }, staff);
      if (!removed.ok) throw new Error('expected a removal');
      await store.items.changeStock(item._id, { delta: -1, why: 'lost' }, staff);
      await store.items.changeStock(item._id, { delta: 4 }, staff);
      await store.items.undo(removed.movementId, staff);
      const movements = await ledger(item._id);
      expect(movements.map((m) => [m.reason, m.delta, m.why, m.note])).toEqual([
        ['undo', 2, undefined, undefined],
        ['restock', 4, undefined, undefined],
        ['adjust', -1, 'lost', undefined],
        ['adjust', -2, 'damaged', 'cracked'],
        ['created', 10, undefined, undefined],
      ]);
      expect(await sumOfDeltas(item._id)).toBe(13);
    });

    it('pages the history and counts it; an unknown item has none', async () => {
      const item = await store.items.create(phone({ quantity: 1 }), staff);
      for (let i = 1; i <= 4; i++) await store.items.changeStock(item._id, { delta: i }, staff);
      const page = await store.items.history(item._id, { limit: 2, skip: 1 });
      expect(page.total).toBe(5);
      expect(page.movements.map((m) => m.delta)).toEqual([3, 2]);
      expect(await store.items.history(UNKNOWN_ID, { limit: 10, skip: 0 })).toEqual({ movements: [], total: 0 });
    });

    it('moves stock to exactly zero and to exactly the maximum; one past the maximum is refused', async () => {
      const item = await store.items.create(phone({ quantity: 2 }), staff);
      expect(await store.items.changeStock(item._id, { delta: -2 }, staff)).toMatchObject({
        ok: true,
        item: { quantity: 0 },
      });
      expect(await store.items.changeStock(item._id, { delta: QUANTITY_MAX }, staff)).toMatchObject({
        ok: true,
        item: { quantity: QUANTITY_MAX },
      });
      expect(await store.items.changeStock(item._id, { delta: 1 }, staff)).toEqual({
        ok: false,
        reason: 'out_of_range',
        available: QUANTITY_MAX,
      });
      expect((await store.items.get(item._id))?.quantity).toBe(QUANTITY_MAX);
    });

    it('refuses a change below zero and writes nothing; not_found for an unknown item', async () => {
      const item = await store.items.create(phone({ quantity: 2 }), staff);
      expect(await store.items.changeStock(item._id, { delta: -3 }, staff)).toEqual({
        ok: false,
        reason: 'out_of_range',
        available: 2,
      });
      expect(await store.items.changeStock(UNKNOWN_ID, { delta: 3 }, staff)).toEqual({
        ok: false,
        reason: 'not_found',
      });
      expect(await store.items.get(item._id)).toEqual(item);
      expect(await ledger(item._id)).toHaveLength(1);
    });

    it('refuses an update with a stale version and writes nothing; accepts the current one', async () => {
      const item = await store.items.create(phone({ quantity: 10 }), staff);
      await store.deliveries.create(delivery(item._id, { quantity: 3 }));
      const current = await store.items.get(item._id);
      expect(current?.version).toBe(2);
      const stale = await store.items.update(item._id, phone({ quantity: 15 }), bob, item.version);
      expect(stale).toEqual({ ok: false, reason: 'stale', item: current });
      expect(await store.items.get(item._id)).toEqual(current);
      const fresh = await store.items.update(item._id, phone({ quantity: 15 }), bob, 2);
      expect(fresh).toMatchObject({ ok: true, changed: true, item: { quantity: 15, version: 3 } });
      expect((await ledger(item._id))[0]).toMatchObject({ reason: 'edit', delta: 8, quantityAfter: 15 });
    });

    it('an update that changes nothing writes nothing', async () => {
      const item = await store.items.create(phone(), staff);
      expect(await store.items.update(item._id, phone(), bob)).toEqual({ ok: true, item, changed: false });
      expect(await ledger(item._id)).toHaveLength(1);
    });

    it('cancelling twice at once restores the stock once, with one cancel movement', async () => {
      const item = await store.items.create(phone({ quantity: 5 }), staff);
      const outcome = await store.deliveries.create(delivery(item._id, { quantity: 2 }));
      if (!outcome.ok) throw new Error('expected a delivery');
      const results = await Promise.all([1, 2, 3].map(() => store.deliveries.cancel(outcome.delivery._id, ada)));
      expect(results.filter((result) => result.ok)).toHaveLength(1);
      expect((await store.items.get(item._id))?.quantity).toBe(5);
      expect((await ledger(item._id)).filter((m) => m.reason === 'cancel')).toHaveLength(1);
    });

    it('restock races: concurrent changes all land, and quantity = sum of deltas', async () => {
      const item = await store.items.create(phone({ quantity: 10 }), staff);
      const deltas = [5, -3, 7, -10, 2, -1, 4, -6, 3, 1];
      const outcomes = await Promise.all(deltas.map((delta) => store.items.changeStock(item._id, { delta }, staff)));
      const applied = deltas.filter((_, i) => outcomes[i]?.ok);
      const quantity = (await store.items.get(item._id))?.quantity;
      expect(quantity).toBe(10 + applied.reduce((a, b) => a + b, 0));
      expect(quantity).toBeGreaterThanOrEqual(0);
      expect(await sumOfDeltas(item._id)).toBe(quantity);
    });

    it('restocks racing deliveries: stock = start + restocks − delivered, never below 0, ledger agrees', async () => {
      const item = await store.items.create(phone({ quantity: 5 }), staff);
      const restocks = [3, 4, 2, 6, 1];
      const work: Promise<{ restocked?: number; delivered?: number }>[] = [];
      for (let i = 0; i < 30; i++) {
        work.push(
          store.deliveries
            .create(delivery(item._id, { quantity: 2 }))
            .then((outcome) => ({ delivered: outcome.ok ? 2 : 0 })),
        );
        const delta = i % 6 === 0 ? restocks[i / 6] : undefined;
        if (delta !== undefined) {
          work.push(
            store.items
              .changeStock(item._id, { delta }, staff)
              .then((outcome) => ({ restocked: outcome.ok ? delta : 0 })),
          );
        }
      }
      const results = await Promise.all(work);
      const restocked = results.reduce((sum, r) => sum + (r.restocked ?? 0), 0);
      const delivered = results.reduce((sum, r) => sum + (r.delivered ?? 0), 0);
      expect(restocked).toBe(3 + 4 + 2 + 6 + 1);
      const quantity = (await store.items.get(item._id))?.quantity;
      expect(quantity).toBe(5 + restocked - delivered);
      expect(quantity).toBeGreaterThanOrEqual(0);
      expect(delivered).toBeGreaterThan(0);
      expect(await sumOfDeltas(item._id)).toBe(quantity);
      expect((await store.deliveries.listByOwner(ada.uid)).reduce((sum, d) => sum + d.quantity, 0)).toBe(delivered);
      for (const movement of await ledger(item._id)) expect(movement.quantityAfter).toBeGreaterThanOrEqual(0);
    });

    it('concurrent deliveries of 3 against 20: exactly 18 delivered, the rest refused with what is left', async () => {
      const item = await store.items.create(phone({ quantity: 20 }), staff);
      const outcomes = await Promise.all(
        Array.from({ length: 12 }, () => store.deliveries.create(delivery(item._id, { quantity: 3 }))),
      );
      expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(6);
      const refused = outcomes.filter((outcome) => !outcome.ok);
      expect(refused).toHaveLength(6);
      for (const outcome of refused) expect(outcome).toEqual({ ok: false, reason: 'out_of_stock', available: 2 });
      expect((await store.items.get(item._id))?.quantity).toBe(2);
      expect((await ledger(item._id)).filter((m) => m.reason === 'delivery')).toHaveLength(6);
    });

    it('two concurrent cancels of one delivery: one wins, one cancel movement, stock back once', async () => {
      const item = await store.items.create(phone({ quantity: 4 }), staff);
      const outcome = await store.deliveries.create(delivery(item._id, { quantity: 3 }));
      if (!outcome.ok) throw new Error('expected a delivery');
      const [first, second] = await Promise.all([
        store.deliveries.cancel(outcome.delivery._id, ada),
        store.deliveries.cancel(outcome.delivery._id, ada),
      ]);
      expect([first, second].filter((result) => result.ok)).toEqual([
        { ok: true, delivery: cancelledBy(outcome.delivery, ada) },
      ]);
      expect((await store.items.get(item._id))?.quantity).toBe(4);
      expect((await ledger(item._id)).map((m) => m.reason)).toEqual(['cancel', 'delivery', 'created']);
      expect(await store.deliveries.listByOwner(ada.uid)).toEqual([]);
    });

    it('seeds and bulk-creates items with their created movements', async () => {
      expect(
        await store.items.createMany([phone({ name: 'A', quantity: 3 }), phone({ name: 'B', quantity: 0 })], staff),
      ).toBe(2);
      const [a, b] = await store.items.list();
      expect(await ledger(a!._id)).toMatchObject([{ reason: 'created', delta: 3, quantityAfter: 3, actor: staff }]);
      expect(await ledger(b!._id)).toMatchObject([{ reason: 'created', delta: 0, quantityAfter: 0 }]);
    });
  });

  describe('lists at scale', () => {
    it('counts the items a search matches, before paging', async () => {
      await store.items.createMany(
        Array.from({ length: 30 }, (_, i) => phone({ name: `Phone ${i}`, supplier: i % 3 === 0 ? 'Nokia' : 'Sony' })),
        staff,
      );
      expect(await store.items.count()).toBe(30);
      expect(await store.items.count({ q: 'nokia' })).toBe(10);
      expect(await store.items.count({ q: 'phone 1' })).toBe(11);
      expect(await store.items.list({ q: 'phone 1', limit: 3 })).toHaveLength(3);
    });

    it('searches short and long text, any case, in any script', async () => {
      await store.items.create(phone({ name: 'Écran Ω', supplier: 'Straße' }), staff);
      await store.items.create(phone({ name: 'Другой', supplier: 'ZTE' }), staff);
      const names = async (q: string) => (await store.items.list({ q })).map((item) => item.name);
      expect(await names('écran')).toEqual(['Écran Ω']);
      expect(await names('ÉCRAN')).toEqual(['Écran Ω']);
      expect(await names('ω')).toEqual(['Écran Ω']);
      expect(await names('STRASSE')).toEqual([]);
      expect(await names('straße')).toEqual(['Écran Ω']);
      expect(await names('ДРУГ')).toEqual(['Другой']);
      expect(await names('zt')).toEqual(['Другой']);
      expect(await names('"')).toEqual([]);
      expect(await names('a"b')).toEqual([]);
    });

    it('a 1–2 character search follows creates, renames and deletions, and pages and sorts like any list', async () => {
      const a = await store.items.create(phone({ name: 'Kiwi', supplier: 'Vendor Q' }), staff);
      const b = await store.items.create(phone({ name: 'Mango', supplier: 'Grün' }), staff);
      const names = async (q: string) => (await store.items.list({ q })).map((item) => item.name);
      expect(await names('q')).toEqual(['Kiwi']);
      expect(await names('ün')).toEqual(['Mango']);
      expect(await names('WI')).toEqual(['Kiwi']);
      await store.items.update(a._id, phone({ name: 'Lime', supplier: 'Vendor Z' }), ada);
      expect(await names('wi')).toEqual([]);
      expect(await names('q')).toEqual([]);
      expect(await names('im')).toEqual(['Lime']);
      await store.items.remove(b._id, ada);
      expect(await names('ün')).toEqual([]);
      expect(await store.items.count({ q: 'ün' })).toBe(0);
    });

    it('a 1–2 character search that matches thousands pages, sorts, counts and streams them all', async () => {
      // Over 5,000 matches: the SQLite store then walks the sort's index instead of sorting every match.
      const many = Array.from({ length: 5200 }, (_, i) =>
        phone({ name: `Item ${i}`, supplier: i % 2 ? 'Xylo' : 'Other', price: (i * 37) % 1000, quantity: i % 50 }),
      );
      await store.items.createMany(many, staff);
      const xylo = many.filter((_, i) => i % 2);
      expect(await store.items.count({ q: 'xy' })).toBe(2600);
      expect(await store.items.count({ q: 'i' })).toBe(5200);
      const byPrice = [...many].sort((l, r) => l.price - r.price || many.indexOf(l) - many.indexOf(r));
      const page = async (q: string, key: 'price' | 'newest' | 'name', skip: number, descending = false) =>
        (await store.items.list({ q, sort: { key, descending }, limit: 5, skip })).map((item) => item.name);
      expect(await page('i', 'price', 0)).toEqual(byPrice.slice(0, 5).map((item) => item.name));
      expect(await page('i', 'price', 4000)).toEqual(byPrice.slice(4000, 4005).map((item) => item.name));
      expect(await page('xy', 'price', 10)).toEqual(
        byPrice
          .filter((item) => item.supplier === 'Xylo')
          .slice(10, 15)
          .map((item) => item.name),
      );
      expect(await page('xy', 'newest', 0)).toEqual(
        xylo
          .slice(-5)
          .reverse()
          .map((item) => item.name),
      );
      let streamed = 0;
      for await (const batch of store.items.stream({ q: 'xy' })) streamed += batch.length;
      expect(streamed).toBe(2600);
    });

    it('streams every matching item in list order, in batches', async () => {
      const names = Array.from({ length: 2500 }, (_, i) => `P${String(i).padStart(4, '0')}`);
      await store.items.createMany(
        names.map((name, i) => phone({ name, price: 2500 - i })),
        staff,
      );
      const collect = async (options: Parameters<Store['items']['stream']>[0]) => {
        const out: string[] = [];
        for await (const batch of store.items.stream(options)) {
          expect(batch.length).toBeLessThanOrEqual(1000);
          out.push(...batch.map((item) => item.name));
        }
        return out;
      };
      expect(await collect({})).toEqual(names);
      expect(await collect({ skip: 2400 })).toEqual(names.slice(2400));
      expect(await collect({ sort: { key: 'price', descending: false } })).toEqual([...names].reverse());
      expect(await collect({ q: 'p24' })).toEqual(names.filter((name) => name.startsWith('P24')));
    });

    it('moves its revision on after every kind of item write', async () => {
      const seen = new Set<string>([await store.items.revision()]);
      const expectNew = async () => {
        const revision = await store.items.revision();
        expect(seen.has(revision)).toBe(false);
        seen.add(revision);
      };
      const item = await store.items.create(phone({ quantity: 5 }), staff);
      await expectNew();
      await store.items.update(item._id, phone({ name: 'Renamed', quantity: 5 }), staff);
      await expectNew();
      await store.items.changeStock(item._id, { delta: 1 }, staff);
      await expectNew();
      const outcome = await store.deliveries.create(delivery(item._id));
      await expectNew();
      if (outcome.ok) await store.deliveries.cancel(outcome.delivery._id, ada);
      await expectNew();
      await store.items.remove(item._id, staff);
      await expectNew();
      expect(await store.items.revision()).toBe([...seen].pop());
    });
  });

  describe('demo data', () => {
    it('loads into an empty store once, and never again, even after everything is deleted', async () => {
      expect(await store.seedOnce(demoItems)).toBe(true);
      expect(await store.items.count()).toBe(demoItems.length);
      for (const item of await store.items.list()) await store.items.remove(item._id, staff);
      expect(await store.seedOnce(demoItems)).toBe(false);
      expect(await store.items.count()).toBe(0);
    });

    it('does not load into a store that already has items', async () => {
      await store.items.create(phone(), staff);
      expect(await store.seedOnce(demoItems)).toBe(false);
      expect(await store.items.count()).toBe(1);
    });
  });

  it('answers its health check', async () => {
    expect(await store.health()).toBe(true);
  });
});

/** Registers the block in the sqlite project only; the mongo project has no such block at all. */
const sqliteOnly = (name: string, fn: () => void) => {
  if (TEST_STORE === 'sqlite') describe(name, fn);
};

sqliteOnly('sqlite on disk', () => {
  let dataDir: string;

  beforeEach(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'smart-zone-store-'));
  });

  afterEach(() => {
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('creates DATA_DIR, parents included, when it does not exist yet', async () => {
    const nested = path.join(dataDir, 'var', 'smart-zone');
    const store = await openStore({ mongodbDb: 'unused', dataDir: nested });
    await store.items.create(phone(), staff);
    await store.close();
    expect(fs.existsSync(path.join(nested, 'smart-zone.db'))).toBe(true);
  });

  it('keeps every item and delivery across a restart, in a WAL-mode file under DATA_DIR', async () => {
    const first = await openStore({ mongodbDb: 'unused', dataDir });
    const item = await first.items.create(phone({ quantity: 5 }), staff);
    const outcome = await first.deliveries.create(delivery(item._id, { quantity: 2 }));
    await first.close();

    expect(fs.existsSync(path.join(dataDir, 'smart-zone.db'))).toBe(true);
    const second = await openStore({ mongodbDb: 'unused', dataDir });
    expect((await second.items.get(item._id))?.quantity).toBe(3);
    expect(await second.deliveries.listByOwner(ada.uid)).toHaveLength(outcome.ok ? 1 : 0);
    expect(await second.seedOnce(demoItems)).toBe(false);
    await second.close();

    const Database = (await import('better-sqlite3')).default;
    const raw = new Database(path.join(dataDir, 'smart-zone.db'), { readonly: true });
    expect(raw.pragma('journal_mode', { simple: true })).toBe('wal');
    raw.close();
  });

  it('upgrades a file from before the ledger: every item gets an opening balance, deliveries stay', async () => {
    const Database = (await import('better-sqlite3')).default;
    const raw = new Database(path.join(dataDir, 'smart-zone.db'));
    raw.exec(`
      CREATE TABLE items (seq INTEGER PRIMARY KEY AUTOINCREMENT, id TEXT NOT NULL UNIQUE, name TEXT NOT NULL,
        supplier TEXT NOT NULL, price REAL NOT NULL CHECK (price >= 0), quantity INTEGER NOT NULL CHECK (quantity >= 0),
        description TEXT NOT NULL DEFAULT '', img TEXT NOT NULL DEFAULT '', created_at TEXT NOT NULL);
      CREATE TABLE deliveries (seq INTEGER PRIMARY KEY AUTOINCREMENT, id TEXT NOT NULL UNIQUE, email TEXT NOT NULL,
        name TEXT NOT NULL, inventory TEXT NOT NULL, inventories_id TEXT NOT NULL, address TEXT NOT NULL,
        phone TEXT NOT NULL, quantity INTEGER NOT NULL CHECK (quantity >= 1), created_at TEXT NOT NULL);
      INSERT INTO items (id, name, supplier, price, quantity, created_at)
        VALUES ('0123456789abcdef01234567', 'Old Phone', 'Nokia', 10, 7, '2026-01-01T00:00:00.000Z');
      INSERT INTO deliveries (id, email, name, inventory, inventories_id, address, phone, quantity, created_at)
        VALUES ('0123456789abcdef01234568', 'ada@example.com', 'Ada', 'Old Phone', '0123456789abcdef01234567', 'x', '1', 1, '2026-01-02T00:00:00.000Z');
    `);
    raw.close();
    const store = await openStore({ mongodbDb: 'unused', dataDir });
    expect(await store.items.get('0123456789abcdef01234567')).toMatchObject({
      quantity: 7,
      version: 1,
      updatedAt: '2026-01-01T00:00:00.000Z',
    });
    expect(await store.items.list({ q: 'old ph' })).toHaveLength(1);
    const { movements } = await store.items.history('0123456789abcdef01234567', { limit: 10, skip: 0 });
    expect(movements).toMatchObject([{ reason: 'created', delta: 7, quantityAfter: 7, note: 'opening balance' }]);
    expect(await store.deliveries.get('0123456789abcdef01234568')).toMatchObject({ uid: '', email: 'ada@example.com' });
    await store.close();
    // Opening it again changes nothing.
    const again = await openStore({ mongodbDb: 'unused', dataDir });
    expect((await again.items.history('0123456789abcdef01234567', { limit: 10, skip: 0 })).total).toBe(1);
    await again.close();
  });

  it('refuses negative stock at the database itself', async () => {
    const store = await openStore({ mongodbDb: 'unused', dataDir });
    const item = await store.items.create(phone({ quantity: 1 }), staff);
    await store.close();
    const Database = (await import('better-sqlite3')).default;
    const raw = new Database(path.join(dataDir, 'smart-zone.db'));
    expect(() => raw.prepare('UPDATE items SET quantity = -1 WHERE id = ?').run(item._id)).toThrow(/CHECK constraint/);
    raw.close();
  });
});

sqliteOnly('demo items', () => {
  const images = path.resolve(__dirname, '../../web/public');

  it.each(demoItems.map((item) => [item.name, item] as const))(
    '%s is valid and its picture ships with the app',
    (_name, item) => {
      expect(itemInputSchema.parse(item)).toEqual(item);
      expect(item.img).toMatch(/^\/images\/[\w-]+\.svg$/);
      expect(fs.existsSync(path.join(images, item.img))).toBe(true);
    },
  );

  it('has at least 8 phones, none with the same name', () => {
    expect(demoItems.length).toBeGreaterThanOrEqual(8);
    expect(new Set(demoItems.map((item) => item.name)).size).toBe(demoItems.length);
  });
});
