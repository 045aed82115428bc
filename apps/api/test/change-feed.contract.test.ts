import { QUANTITY_MAX, type StockMovement } from '@smart-zone/types/item';
import { demoItems } from '../src/store/demo-items';
import type { Store, StoreChange } from '../src/store/store';
import { openTestStore, TEST_STORE } from './helpers/test-store';
import { ada, cancelledBy, delivery, phone, staff } from './helpers/store-fixtures';

/**
 * The change feed (Store.changes), on both adapters: every write path
 * announces exactly one change per item it wrote, after commit, with the
 * item's new state, its movement and the alert it raised; refused writes
 * announce nothing. SQLite announces before the write's promise resolves,
 * MongoDB's change stream a little later: each check waits up to WAIT_MS for
 * what it expects, then QUIET_MS more to see that nothing else comes.
 * Rolled-back writes: change-feed.sqlite.test.ts (they need a trigger on the file).
 */
const WAIT_MS = 2000;
const QUIET_MS = TEST_STORE === 'mongo' ? 300 : 25;

const UNKNOWN_ID = 'aaaaaaaaaaaaaaaaaaaaaaaa';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Feed ids are opaque but grow in commit order: decimal sequence numbers or
 * fixed-width hex, so a longer id is a later one and equal lengths compare as text.
 */
const idOrder = (a: string, b: string) => (a.length !== b.length ? a.length - b.length : a < b ? -1 : a > b ? 1 : 0);

function expectGrowing(changes: readonly StoreChange[]) {
  for (let at = 1; at < changes.length; at += 1) {
    expect(idOrder(changes[at - 1]!.id, changes[at]!.id)).toBeLessThan(0);
  }
}

describe(`the change feed: ${TEST_STORE}`, () => {
  let store: Store;
  let heard: StoreChange[];
  let taken: number;
  let unsubscribe: () => void;

  beforeEach(async () => {
    store = await openTestStore();
    heard = [];
    taken = 0;
    unsubscribe = store.changes.subscribe((change) => heard.push(change));
  });

  afterEach(async () => {
    unsubscribe();
    await store.close();
    expectGrowing(heard);
  });

  /** The changes heard since the last call: waits for `count` of them, then a little more to catch extras. */
  async function next(count: number): Promise<StoreChange[]> {
    const deadline = Date.now() + WAIT_MS;
    while (heard.length - taken < count && Date.now() < deadline) await sleep(10);
    await sleep(QUIET_MS);
    const batch = heard.slice(taken);
    taken = heard.length;
    return batch;
  }

  /** The item's newest movement (the one the write just appended). */
  async function lastMovement(itemId: string): Promise<StockMovement> {
    const { movements } = await store.items.history(itemId, { limit: 1, skip: 0 });
    return movements[0]!;
  }

  async function newestAlert() {
    const { alerts } = await store.alerts.list({ limit: 1, skip: 0 });
    return alerts[0]!;
  }

  /** A change as the feed must announce it: every field checked, nothing more. */
  const change = (fields: Omit<StoreChange, 'id' | 'at'>): StoreChange => ({
    id: expect.any(String) as string,
    at: expect.any(String) as string,
    ...fields,
  });

  describe('one change per item write', () => {
    it('create: `created`, the new quantity, reorder point and version 1, its movement; born low, the alert it opened', async () => {
      const item = await store.items.create(phone({ quantity: 2, minStock: 5 }), staff);
      const movement = await lastMovement(item._id);
      const alert = await newestAlert();
      expect(await next(1)).toEqual([
        change({
          itemId: item._id,
          cause: 'created',
          quantity: 2,
          minStock: 5,
          version: 1,
          movement: { id: movement._id, delta: 2 },
          alert: { id: alert._id, kind: 'low' },
        }),
      ]);
      expect(movement.reason).toBe('created');
      expect(alert).toMatchObject({ itemId: item._id, kind: 'low', quantity: 2, minStock: 5, state: 'open' });
      expect((await store.alerts.list({ limit: 10, skip: 0 })).total).toBe(1);
    });

    it('createMany: one `created` change per item, each with its own movement (and the alert of the one born out)', async () => {
      const count = await store.items.createMany(
        [phone({ name: 'A', quantity: 1 }), phone({ name: 'B', quantity: 0, minStock: 3 }), phone({ name: 'C' })],
        staff,
      );
      expect(count).toBe(3);
      const changes = await next(3);
      const items = await store.items.list();
      expect(changes).toHaveLength(3);
      expect(new Set(changes.map((c) => c.itemId))).toEqual(new Set(items.map((item) => item._id)));
      const [alert] = (await store.alerts.list({ limit: 10, skip: 0 })).alerts;
      expect(alert).toMatchObject({ itemName: 'B', kind: 'out', state: 'open' });
      for (const item of items) {
        const movement = await lastMovement(item._id);
        expect(changes.find((c) => c.itemId === item._id)).toEqual(
          change({
            itemId: item._id,
            cause: 'created',
            quantity: item.quantity,
            minStock: item.minStock,
            version: 1,
            movement: { id: movement._id, delta: item.quantity },
            ...(item.name === 'B' ? { alert: { id: alert!._id, kind: 'out' } } : {}),
          }),
        );
      }
    });

    it('update of fields only: `updated`, no movement, the version moved on', async () => {
      const item = await store.items.create(phone({ minStock: 2 }), staff);
      await next(1);
      const outcome = await store.items.update(item._id, phone({ name: 'Pixel 9 Pro', minStock: 2 }), staff);
      expect(outcome).toMatchObject({ ok: true, changed: true });
      expect(await next(1)).toEqual([
        change({ itemId: item._id, cause: 'updated', quantity: 10, minStock: 2, version: 2 }),
      ]);
      expect((await store.items.history(item._id, { limit: 10, skip: 0 })).total).toBe(1);
    });

    it('update raising the reorder point to the quantity: `updated`, no movement, and the `low` alert it raised', async () => {
      const item = await store.items.create(phone({ quantity: 4 }), staff);
      await next(1);
      await store.items.update(item._id, phone({ quantity: 4, minStock: 4 }), staff);
      const alert = await newestAlert();
      expect(await next(1)).toEqual([
        change({
          itemId: item._id,
          cause: 'updated',
          quantity: 4,
          minStock: 4,
          version: 2,
          alert: { id: alert._id, kind: 'low' },
        }),
      ]);
      expect(alert).toMatchObject({ itemId: item._id, kind: 'low', quantity: 4, minStock: 4 });
      expect(alert.movementId).toBeUndefined();
    });

    it('update of the quantity: `edit` with the movement of new − current', async () => {
      const item = await store.items.create(phone({ quantity: 10, minStock: 3 }), staff);
      await next(1);
      await store.items.update(item._id, phone({ quantity: 14 }), staff);
      const movement = await lastMovement(item._id);
      expect(movement).toMatchObject({ reason: 'edit', delta: 4, quantityAfter: 14 });
      expect(await next(1)).toEqual([
        change({
          itemId: item._id,
          cause: 'edit',
          quantity: 14,
          minStock: 3,
          version: 2,
          movement: { id: movement._id, delta: 4 },
        }),
      ]);
    });

    it('changeStock: a restock is `restock`, a removal `adjust`; the removal that crosses the reorder point carries its alert', async () => {
      const item = await store.items.create(phone({ quantity: 6, minStock: 4 }), staff);
      await next(1);

      await store.items.changeStock(item._id, { delta: 3, note: 'truck' }, staff);
      const restock = await lastMovement(item._id);
      expect(await next(1)).toEqual([
        change({
          itemId: item._id,
          cause: 'restock',
          quantity: 9,
          minStock: 4,
          version: 2,
          movement: { id: restock._id, delta: 3 },
        }),
      ]);

      await store.items.changeStock(item._id, { delta: -5 }, staff);
      const removal = await lastMovement(item._id);
      const alert = await newestAlert();
      expect(alert).toMatchObject({ itemId: item._id, kind: 'low', quantity: 4, minStock: 4, movementId: removal._id });
      expect(await next(1)).toEqual([
        change({
          itemId: item._id,
          cause: 'adjust',
          quantity: 4,
          minStock: 4,
          version: 3,
          movement: { id: removal._id, delta: -5 },
          alert: { id: alert._id, kind: 'low' },
        }),
      ]);
    });

    it('delete: `deleted`, quantity 0, no version, the last reorder point, the movement of −quantity', async () => {
      const item = await store.items.create(phone({ quantity: 7, minStock: 2 }), staff);
      await next(1);
      expect(await store.items.remove(item._id, staff)).toBe(true);
      const movement = await lastMovement(item._id);
      expect(movement).toMatchObject({ reason: 'deleted', delta: -7 });
      expect(await next(1)).toEqual([
        change({
          itemId: item._id,
          cause: 'deleted',
          quantity: 0,
          minStock: 2,
          version: null,
          movement: { id: movement._id, delta: -7 },
        }),
      ]);
    });

    it('delivery: `delivery` with the movement naming the delivery; taking the last one carries the `out` alert', async () => {
      const item = await store.items.create(phone({ quantity: 3, minStock: 1 }), staff);
      await next(1);

      const first = await store.deliveries.create(delivery(item._id, { quantity: 1 }));
      if (!first.ok) throw new Error('the delivery was refused');
      const firstMovement = await lastMovement(item._id);
      expect(await next(1)).toEqual([
        change({
          itemId: item._id,
          cause: 'delivery',
          quantity: 2,
          minStock: 1,
          version: 2,
          movement: { id: firstMovement._id, delta: -1, deliveryId: first.delivery._id },
        }),
      ]);

      const last = await store.deliveries.create(delivery(item._id, { quantity: 2 }));
      if (!last.ok) throw new Error('the delivery was refused');
      const lastOne = await lastMovement(item._id);
      const alert = await newestAlert();
      expect(alert).toMatchObject({ itemId: item._id, kind: 'out', quantity: 0, minStock: 1, movementId: lastOne._id });
      expect(await next(1)).toEqual([
        change({
          itemId: item._id,
          cause: 'delivery',
          quantity: 0,
          minStock: 1,
          version: 3,
          movement: { id: lastOne._id, delta: -2, deliveryId: last.delivery._id },
          alert: { id: alert._id, kind: 'out' },
        }),
      ]);
    });

    it('cancel: `cancel` with the movement that puts the quantity back, and no alert', async () => {
      const item = await store.items.create(phone({ quantity: 2, minStock: 5 }), staff);
      const sent = await store.deliveries.create(delivery(item._id, { quantity: 2 }));
      if (!sent.ok) throw new Error('the delivery was refused');
      await next(2);
      expect(await store.deliveries.cancel(sent.delivery._id, ada)).toEqual({
        ok: true,
        delivery: cancelledBy(sent.delivery, ada),
      });
      const movement = await lastMovement(item._id);
      expect(await next(1)).toEqual([
        change({
          itemId: item._id,
          cause: 'cancel',
          quantity: 2,
          minStock: 5,
          version: 3,
          movement: { id: movement._id, delta: 2, deliveryId: sent.delivery._id },
        }),
      ]);
    });

    it('cancel of a delivery whose item was deleted: the cancel succeeds, and no change is announced for the item', async () => {
      const item = await store.items.create(phone({ quantity: 5 }), staff);
      const sent = await store.deliveries.create(delivery(item._id, { quantity: 2 }));
      if (!sent.ok) throw new Error('the delivery was refused');
      await store.items.remove(item._id, staff);
      expect((await next(3)).map((c) => c.cause)).toEqual(['created', 'delivery', 'deleted']);

      expect(await store.deliveries.cancel(sent.delivery._id, ada)).toEqual({
        ok: true,
        delivery: cancelledBy(sent.delivery, ada),
      });
      expect(await next(0)).toEqual([]);
    });

    it('the demo seed: one `created` change per demo item; a second seedOnce announces nothing', async () => {
      expect(await store.seedOnce(demoItems)).toBe(true);
      const changes = await next(demoItems.length);
      const items = await store.items.list({ limit: 100 });
      expect(changes).toHaveLength(demoItems.length);
      expect(changes.every((c) => c.cause === 'created' && c.version === 1)).toBe(true);
      expect(new Set(changes.map((c) => c.itemId))).toEqual(new Set(items.map((item) => item._id)));
      for (const item of items) {
        expect(changes.find((c) => c.itemId === item._id)).toMatchObject({
          quantity: item.quantity,
          minStock: item.minStock,
          movement: { id: (await lastMovement(item._id))._id, delta: item.quantity },
        });
      }
      expect(await store.seedOnce(demoItems)).toBe(false);
      expect(await next(0)).toEqual([]);
    });
  });

  describe('nothing for a refused write', () => {
    it('a delivery out of stock, or of an unknown item', async () => {
      const item = await store.items.create(phone({ quantity: 1 }), staff);
      await next(1);
      expect(await store.deliveries.create(delivery(item._id, { quantity: 2 }))).toMatchObject({
        ok: false,
        reason: 'out_of_stock',
      });
      expect(await store.deliveries.create(delivery(UNKNOWN_ID))).toEqual({ ok: false, reason: 'item_not_found' });
      expect(await next(0)).toEqual([]);
    });

    it('a stock change below 0 or over the limit, or of an unknown item', async () => {
      const item = await store.items.create(phone({ quantity: 3 }), staff);
      await next(1);
      expect(await store.items.changeStock(item._id, { delta: -4 }, staff)).toMatchObject({ ok: false });
      expect(await store.items.changeStock(item._id, { delta: QUANTITY_MAX }, staff)).toMatchObject({ ok: false });
      expect(await store.items.changeStock(UNKNOWN_ID, { delta: 1 }, staff)).toEqual({
        ok: false,
        reason: 'not_found',
      });
      expect(await next(0)).toEqual([]);
    });

    it('an update with a stale version, of an unknown item, or that changes nothing (a PUT without minStock keeps it)', async () => {
      const item = await store.items.create(phone({ minStock: 3 }), staff);
      await next(1);
      expect(await store.items.update(item._id, phone({ quantity: 1 }), staff, item.version + 1)).toMatchObject({
        ok: false,
        reason: 'stale',
      });
      expect(await store.items.update(UNKNOWN_ID, phone(), staff)).toEqual({ ok: false, reason: 'not_found' });
      expect(await store.items.update(item._id, phone(), staff)).toMatchObject({ ok: true, changed: false });
      expect(await store.items.update(item._id, phone({ minStock: 3 }), staff)).toMatchObject({
        ok: true,
        changed: false,
      });
      expect(await next(0)).toEqual([]);
    });

    it('a delete of an unknown or already deleted item', async () => {
      const item = await store.items.create(phone(), staff);
      await store.items.remove(item._id, staff);
      await next(2);
      expect(await store.items.remove(item._id, staff)).toBe(false);
      expect(await store.items.remove(UNKNOWN_ID, staff)).toBe(false);
      expect(await next(0)).toEqual([]);
    });

    it('a cancel that is unknown, not the caller’s, already done, or would go over the limit', async () => {
      const item = await store.items.create(phone({ quantity: 5 }), staff);
      const sent = await store.deliveries.create(delivery(item._id, { quantity: 2 }));
      if (!sent.ok) throw new Error('the delivery was refused');
      await store.items.changeStock(item._id, { delta: QUANTITY_MAX - 3 }, staff);
      await next(3);

      expect(await store.deliveries.cancel(sent.delivery._id, ada)).toMatchObject({ ok: false, reason: 'over_limit' });
      expect(await store.deliveries.cancel(UNKNOWN_ID, ada)).toEqual({ ok: false, reason: 'not_found' });
      expect(await store.deliveries.cancel(sent.delivery._id, staff, staff.uid)).toEqual({
        ok: false,
        reason: 'not_found',
      });
      expect(await next(0)).toEqual([]);

      await store.items.changeStock(item._id, { delta: -10 }, staff);
      expect((await store.deliveries.cancel(sent.delivery._id, ada)).ok).toBe(true);
      expect((await next(2)).map((c) => c.cause)).toEqual(['adjust', 'cancel']);
      expect(await store.deliveries.cancel(sent.delivery._id, ada)).toEqual({ ok: false, reason: 'not_found' });
      expect(await next(0)).toEqual([]);
    });

    it('a createMany with a quantity over the limit (all or none)', async () => {
      await expect(store.items.createMany([phone(), phone({ quantity: QUANTITY_MAX + 1 })], staff)).rejects.toThrow(
        RangeError,
      );
      expect(await next(0)).toEqual([]);
      expect(await store.items.count()).toBe(0);
    });
  });

  describe('order', () => {
    it('ids grow in commit order; each item’s changes follow its ledger, one version at a time', async () => {
      const a = await store.items.create(phone({ name: 'A', quantity: 20, minStock: 6 }), staff);
      const b = await store.items.create(phone({ name: 'B', quantity: 20, minStock: 6 }), staff);
      const sent = await store.deliveries.create(delivery(a._id, { quantity: 3 }));
      if (!sent.ok) throw new Error('the delivery was refused');
      // Writes of every kind at once, on both items: the feed still tells them in one order.
      const outcomes = await Promise.all([
        ...Array.from({ length: 6 }, () => store.deliveries.create(delivery(a._id, { quantity: 2 }))),
        ...Array.from({ length: 6 }, () => store.deliveries.create(delivery(b._id, { quantity: 3 }))),
        store.deliveries.cancel(sent.delivery._id, ada),
        store.items.changeStock(a._id, { delta: 4 }, staff),
        store.items.changeStock(b._id, { delta: -1 }, staff),
        store.items.update(b._id, phone({ name: 'B2', quantity: 20, minStock: 6 }), staff),
      ]);
      const written = outcomes.filter((outcome) => outcome.ok).length;
      const changes = await next(3 + written);
      expect(changes).toHaveLength(3 + written);
      expectGrowing(changes);

      for (const item of [a, b]) {
        const own = changes.filter((c) => c.itemId === item._id);
        const { movements } = await store.items.history(item._id, { limit: 100, skip: 0 });
        // The feed's movements in its order are the ledger's, oldest first.
        expect(own.flatMap((c) => (c.movement ? [c.movement.id] : []))).toEqual(
          movements.map((movement) => movement._id).reverse(),
        );
        expect(own.map((c) => c.version)).toEqual(own.map((_, at) => at + 1));
        const now = await store.items.get(item._id);
        expect(own.at(-1)).toMatchObject({ quantity: now?.quantity, version: now?.version });
      }
    });

    it('a listener hears only what is committed after it subscribed, and nothing once it unsubscribed', async () => {
      await store.items.create(phone({ name: 'Before' }), staff);
      await next(1);
      const late: StoreChange[] = [];
      const stop = store.changes.subscribe((c) => late.push(c));
      const item = await store.items.create(phone({ name: 'After' }), staff);
      await next(1);
      expect(late.map((c) => c.itemId)).toEqual([item._id]);
      stop();
      await store.items.changeStock(item._id, { delta: 1 }, staff);
      await next(1);
      expect(late).toHaveLength(1);
    });
  });
});
