import type { AuditEntry } from '@smart-zone/types/audit';
import { QUANTITY_MAX, SYSTEM_ACTOR } from '@smart-zone/types/item';
import type { AuditFilter, Author, Store } from '../src/store/store';
import { openTestStore, TEST_STORE } from './helpers/test-store';
import { ada, bob, delivery, phone, staff } from './helpers/store-fixtures';

/**
 * The audit, on every adapter: each write path appends exactly one entry in
 * the write's transaction, with its action, target, per-field changes,
 * reason, request id and the movement it appended; a refused write appends
 * none. Read newest first, filtered, paged, with the total before paging.
 */

const UNKNOWN_ID = 'aaaaaaaaaaaaaaaaaaaaaaaa';
const manager: Author = { ...bob, reason: 'Quarterly count', requestId: 'req-manager' };
const clerk: Author = { ...staff, requestId: 'req-clerk' };
const anyObjectId: unknown = expect.stringMatching(/^[0-9a-f]{24}$/);
const anyTime: unknown = expect.any(String);

/** The whole audit, newest first. */
async function audit(store: Store, filter: AuditFilter = {}): Promise<AuditEntry[]> {
  return (await store.audit.list(filter, { limit: 200, skip: 0 })).entries;
}

/** The one entry the write made: the audit grew by exactly one. */
async function onlyNew(store: Store, before: number): Promise<AuditEntry> {
  const entries = await audit(store);
  expect(entries).toHaveLength(before + 1);
  return entries[0]!;
}

async function lastMovementId(store: Store, itemId: string): Promise<string> {
  const { movements } = await store.items.history(itemId, { limit: 1, skip: 0 });
  return movements[0]!._id;
}

describe(`audit: ${TEST_STORE}`, () => {
  let store: Store;

  beforeEach(async () => {
    store = await openTestStore();
  });

  afterEach(async () => {
    await store.close();
  });

  describe('each write path writes exactly one entry', () => {
    it('create: item.create, every field from null, linked to its created movement', async () => {
      const item = await store.items.create(phone(), manager);
      const entry = await onlyNew(store, 0);
      expect(entry).toEqual({
        _id: anyObjectId,
        at: item.createdAt,
        actor: bob,
        action: 'item.create',
        target: { kind: 'item', id: item._id, name: 'Pixel 9' },
        changes: {
          name: [null, 'Pixel 9'],
          supplier: [null, 'Google'],
          price: [null, 799],
          quantity: [null, 10],
          description: [null, 'A phone.'],
          img: [null, '/images/pixel-9.svg'],
          minStock: [null, 0],
        },
        reason: 'Quarterly count',
        movementId: await lastMovementId(store, item._id),
        requestId: 'req-manager',
      });
    });

    it('createMany: one item.create per item, by the author given', async () => {
      expect(
        await store.items.createMany([phone({ name: 'A' }), phone({ name: 'B', minStock: 2 })], SYSTEM_ACTOR),
      ).toBe(2);
      const entries = await audit(store);
      expect(entries.map((entry) => [entry.action, entry.target.name, entry.actor])).toEqual([
        ['item.create', 'B', SYSTEM_ACTOR],
        ['item.create', 'A', SYSTEM_ACTOR],
      ]);
      expect(entries[0]!.changes).toMatchObject({ name: [null, 'B'], minStock: [null, 2] });
      expect(entries[0]!.requestId).toBe('');
    });

    it('update: item.update with only the fields that changed, the reorder point included; no movement', async () => {
      const item = await store.items.create(phone(), staff);
      const updated = await store.items.update(
        item._id,
        phone({ name: 'Pixel 9 Pro', price: 899, minStock: 3 }),
        manager,
      );
      expect(updated).toMatchObject({ ok: true, changed: true });
      const entry = await onlyNew(store, 1);
      expect(entry).toEqual({
        _id: anyObjectId,
        at: updated.ok && updated.item.updatedAt,
        actor: bob,
        action: 'item.update',
        target: { kind: 'item', id: item._id, name: 'Pixel 9 Pro' },
        changes: { name: ['Pixel 9', 'Pixel 9 Pro'], price: [799, 899], minStock: [0, 3] },
        reason: 'Quarterly count',
        requestId: 'req-manager',
      });
    });

    it('update of the quantity: linked to its adjust movement; an absent minStock is no change', async () => {
      const item = await store.items.create(phone({ minStock: 4 }), staff);
      await store.items.update(item._id, phone({ quantity: 7, description: '' }), clerk);
      const entry = await onlyNew(store, 1);
      expect(entry.changes).toEqual({ quantity: [10, 7], description: ['A phone.', ''] });
      expect(entry.movementId).toBe(await lastMovementId(store, item._id));
      expect(entry).not.toHaveProperty('reason');
      expect(entry.requestId).toBe('req-clerk');
    });

    it('an update that changes nothing writes no entry', async () => {
      const item = await store.items.create(phone({ minStock: 2 }), staff);
      expect(await store.items.update(item._id, phone(), manager)).toMatchObject({ ok: true, changed: false });
      expect(await store.items.update(item._id, phone({ minStock: 2 }), manager)).toMatchObject({ changed: false });
      expect(await audit(store)).toHaveLength(1);
    });

    it("restock: stock.restock with the quantity's change; the note is the reason when the author gives none", async () => {
      const item = await store.items.create(phone(), staff);
      await store.items.changeStock(item._id, { delta: 5, note: 'Delivery from Google' }, clerk);
      const entry = await onlyNew(store, 1);
      expect(entry).toEqual({
        _id: anyObjectId,
        at: anyTime,
        actor: staff,
        action: 'stock.restock',
        target: { kind: 'item', id: item._id, name: 'Pixel 9' },
        changes: { quantity: [10, 15] },
        reason: 'Delivery from Google',
        movementId: await lastMovementId(store, item._id),
        requestId: 'req-clerk',
      });
    });

    it("removal: stock.remove with the author's reason (before the note)", async () => {
      const item = await store.items.create(phone(), staff);
      await store.items.changeStock(item._id, { delta: -4, note: 'shelf' }, { ...clerk, reason: 'Broken in transit' });
      const entry = await onlyNew(store, 1);
      expect(entry).toMatchObject({
        action: 'stock.remove',
        changes: { quantity: [10, 6] },
        reason: 'Broken in transit',
        movementId: await lastMovementId(store, item._id),
      });
      await store.items.changeStock(item._id, { delta: -1 }, staff);
      expect(await onlyNew(store, 2)).not.toHaveProperty('reason');
    });

    it('delete: item.delete, every field to null, linked to its deleted movement', async () => {
      const item = await store.items.create(phone({ minStock: 1 }), staff);
      expect(await store.items.remove(item._id, manager)).toBe(true);
      const entry = await onlyNew(store, 1);
      expect(entry).toMatchObject({
        actor: bob,
        action: 'item.delete',
        target: { kind: 'item', id: item._id, name: 'Pixel 9' },
        changes: {
          name: ['Pixel 9', null],
          supplier: ['Google', null],
          price: [799, null],
          quantity: [10, null],
          description: ['A phone.', null],
          img: ['/images/pixel-9.svg', null],
          minStock: [1, null],
        },
        reason: 'Quarterly count',
        movementId: await lastMovementId(store, item._id),
      });
    });

    it('delivery: delivery.create on the delivery, naming its item, with the quantity taken', async () => {
      const item = await store.items.create(phone(), staff);
      const sent = await store.deliveries.create(
        delivery(item._id, { quantity: 3, owner: { ...ada, requestId: 'req-ada' } }),
      );
      if (!sent.ok) throw new Error('expected a delivery');
      const entry = await onlyNew(store, 1);
      expect(entry).toEqual({
        _id: anyObjectId,
        at: sent.delivery.createdAt,
        actor: ada,
        action: 'delivery.create',
        target: { kind: 'delivery', id: sent.delivery._id, name: 'Pixel 9', itemId: item._id },
        changes: { quantity: [10, 7] },
        movementId: await lastMovementId(store, item._id),
        requestId: 'req-ada',
      });
    });

    it('cancel by the owner and by a manager naming no owner: delivery.cancel by whoever cancelled', async () => {
      const item = await store.items.create(phone(), staff);
      const first = await store.deliveries.create(delivery(item._id, { quantity: 2 }));
      const second = await store.deliveries.create(delivery(item._id, { quantity: 1 }));
      if (!first.ok || !second.ok) throw new Error('expected deliveries');

      expect(
        await store.deliveries.cancel(first.delivery._id, { ...ada, reason: 'Wrong address' }, ada.uid),
      ).toMatchObject({ ok: true });
      const byOwner = await onlyNew(store, 3);
      expect(byOwner).toEqual({
        _id: anyObjectId,
        at: anyTime,
        actor: ada,
        action: 'delivery.cancel',
        target: { kind: 'delivery', id: first.delivery._id, name: 'Pixel 9', itemId: item._id },
        changes: { quantity: [7, 9] },
        reason: 'Wrong address',
        movementId: await lastMovementId(store, item._id),
        requestId: '',
      });

      expect(await store.deliveries.cancel(second.delivery._id, manager)).toMatchObject({ ok: true });
      const byManager = await onlyNew(store, 4);
      expect(byManager).toMatchObject({
        actor: bob,
        action: 'delivery.cancel',
        target: { kind: 'delivery', id: second.delivery._id, name: 'Pixel 9', itemId: item._id },
        changes: { quantity: [9, 10] },
        reason: 'Quarterly count',
        requestId: 'req-manager',
        movementId: await lastMovementId(store, item._id),
      });
    });

    it("cancel of a deleted item's delivery: one entry, with no changes and no movement", async () => {
      const item = await store.items.create(phone(), staff);
      const sent = await store.deliveries.create(delivery(item._id));
      if (!sent.ok) throw new Error('expected a delivery');
      await store.items.remove(item._id, staff);
      expect(await store.deliveries.cancel(sent.delivery._id, ada, ada.uid)).toMatchObject({ ok: true });
      const entry = await onlyNew(store, 3);
      expect(entry).toEqual({
        _id: anyObjectId,
        at: anyTime,
        actor: ada,
        action: 'delivery.cancel',
        target: { kind: 'delivery', id: sent.delivery._id, name: 'Pixel 9', itemId: item._id },
        requestId: '',
      });
    });

    it('team changes: one entry each', async () => {
      await store.team.add({ email: 'zed@example.com', role: 'clerk' }, manager);
      await store.team.setRole('zed@example.com', 'viewer', manager);
      await store.team.remove('zed@example.com', manager);
      expect((await audit(store)).map((entry) => [entry.action, entry.changes, entry.requestId])).toEqual([
        ['member.remove', { role: ['viewer', null] }, 'req-manager'],
        ['member.role', { role: ['clerk', 'viewer'] }, 'req-manager'],
        ['member.add', { role: [null, 'clerk'] }, 'req-manager'],
      ]);
    });
  });

  it('a refused write writes no entry: out of stock, stale version, not found, over the limit', async () => {
    const item = await store.items.create(phone({ quantity: 2 }), staff);
    const full = await store.items.create(phone({ name: 'Full', quantity: QUANTITY_MAX - 1 }), staff);
    const sent = await store.deliveries.create(delivery(full._id, { quantity: 5 }));
    if (!sent.ok) throw new Error('expected a delivery');
    await store.items.changeStock(full._id, { delta: 6 }, staff);
    await store.team.add({ email: 'boss@example.com', role: 'owner' }, manager);
    const before = await audit(store);
    expect(before).toHaveLength(5);

    expect(await store.deliveries.create(delivery(item._id, { quantity: 3 }))).toMatchObject({
      ok: false,
      reason: 'out_of_stock',
    });
    expect(await store.deliveries.create(delivery(UNKNOWN_ID))).toMatchObject({ ok: false, reason: 'item_not_found' });
    expect(await store.items.changeStock(item._id, { delta: -3 }, manager)).toMatchObject({
      ok: false,
      reason: 'out_of_range',
    });
    expect(await store.items.changeStock(full._id, { delta: 1 }, manager)).toMatchObject({
      ok: false,
      reason: 'out_of_range',
    });
    expect(await store.items.changeStock(UNKNOWN_ID, { delta: 1 }, manager)).toEqual({
      ok: false,
      reason: 'not_found',
    });
    expect(await store.items.update(item._id, phone({ name: 'Stale' }), manager, 99)).toMatchObject({
      ok: false,
      reason: 'stale',
    });
    expect(await store.items.update(UNKNOWN_ID, phone(), manager)).toEqual({ ok: false, reason: 'not_found' });
    expect(await store.items.remove(UNKNOWN_ID, manager)).toBe(false);
    expect(await store.deliveries.cancel(sent.delivery._id, manager)).toMatchObject({
      ok: false,
      reason: 'over_limit',
    });
    expect(await store.deliveries.cancel(sent.delivery._id, bob, bob.uid)).toEqual({ ok: false, reason: 'not_found' });
    expect(await store.deliveries.cancel(UNKNOWN_ID, manager)).toEqual({ ok: false, reason: 'not_found' });
    await expect(store.items.create(phone({ quantity: QUANTITY_MAX + 1 }), manager)).rejects.toThrow(RangeError);
    await expect(store.items.createMany([phone(), phone({ quantity: QUANTITY_MAX + 1 })], manager)).rejects.toThrow(
      RangeError,
    );
    expect(await store.team.add({ email: 'boss@example.com', role: 'clerk' }, manager)).toMatchObject({ ok: false });
    expect(await store.team.setRole('boss@example.com', 'clerk', manager)).toEqual({ ok: false, reason: 'last_owner' });
    expect(await store.team.remove('nobody@example.com', manager)).toEqual({ ok: false, reason: 'not_found' });

    expect(await audit(store)).toEqual(before);
  });

  describe('reading', () => {
    /** Two items, ada's and bob's writes on them, and a team change: 9 entries, oldest first as listed. */
    async function history() {
      const one = await store.items.create(phone({ name: 'One' }), ada);
      const two = await store.items.create(phone({ name: 'Two' }), bob);
      await store.items.changeStock(one._id, { delta: 2 }, ada);
      await store.items.changeStock(two._id, { delta: -1 }, bob);
      const sent = await store.deliveries.create(delivery(one._id));
      if (!sent.ok) throw new Error('expected a delivery');
      await store.deliveries.create(delivery(two._id, { owner: bob }));
      await store.items.update(two._id, phone({ name: 'Two', price: 1 }), ada);
      await store.deliveries.cancel(sent.delivery._id, bob);
      await store.team.add({ email: 'zed@example.com', role: 'viewer' }, ada);
      return { one, two };
    }

    it('lists newest first: the reverse of the order the writes were made in', async () => {
      await history();
      expect((await audit(store)).map((entry) => entry.action)).toEqual([
        'member.add',
        'delivery.cancel',
        'item.update',
        'delivery.create',
        'delivery.create',
        'stock.remove',
        'stock.restock',
        'item.create',
        'item.create',
      ]);
    });

    it('pages, with the total before paging, for no filter and every filter', async () => {
      await history();
      const all = await audit(store);
      const page = await store.audit.list({}, { limit: 3, skip: 2 });
      expect(page).toEqual({ entries: all.slice(2, 5), total: 9 });
      expect(await store.audit.list({}, { limit: 5, skip: 8 })).toEqual({ entries: all.slice(8), total: 9 });
      expect(await store.audit.list({}, { limit: 5, skip: 20 })).toEqual({ entries: [], total: 9 });

      const ada$ = all.filter((entry) => entry.actor.email === ada.email);
      expect(await store.audit.list({ actor: ada.email }, { limit: 2, skip: 1 })).toEqual({
        entries: ada$.slice(1, 3),
        total: ada$.length,
      });
      const creates = all.filter((entry) => entry.action === 'delivery.create');
      expect(await store.audit.list({ action: 'delivery.create' }, { limit: 1, skip: 1 })).toEqual({
        entries: creates.slice(1, 2),
        total: 2,
      });
    });

    it('filters by actor, action and item (its own entries, its stock and its deliveries)', async () => {
      const { one, two } = await history();
      const all = await audit(store);
      expect(await audit(store, { actor: bob.email })).toEqual(all.filter((entry) => entry.actor.email === bob.email));
      expect((await audit(store, { actor: bob.email })).map((entry) => entry.action)).toEqual([
        'delivery.cancel',
        'delivery.create',
        'stock.remove',
        'item.create',
      ]);
      expect(await audit(store, { actor: 'nobody@example.com' })).toEqual([]);
      expect((await audit(store, { action: 'stock.restock' })).map((entry) => entry.target.id)).toEqual([one._id]);
      expect((await audit(store, { itemId: one._id })).map((entry) => entry.action)).toEqual([
        'delivery.cancel',
        'delivery.create',
        'stock.restock',
        'item.create',
      ]);
      expect((await audit(store, { itemId: two._id })).map((entry) => entry.action)).toEqual([
        'item.update',
        'delivery.create',
        'stock.remove',
        'item.create',
      ]);
      expect(await audit(store, { itemId: UNKNOWN_ID })).toEqual([]);
      expect(await audit(store, { actor: ada.email, itemId: two._id, action: 'item.update' })).toEqual([all[2]]);
      expect((await store.audit.list({ actor: ada.email, itemId: one._id }, { limit: 1, skip: 0 })).total).toBe(3);
    });

    it('filters by time, from and to inclusive, alone and with another filter', async () => {
      await history();
      const all = await audit(store);
      const oldestFirst = [...all].reverse();
      const from = oldestFirst[3]!.at;
      const to = oldestFirst[6]!.at;
      const within = (entry: AuditEntry) => entry.at >= from && entry.at <= to;
      expect(await audit(store, { from })).toEqual(all.filter((entry) => entry.at >= from));
      expect(await audit(store, { to })).toEqual(all.filter((entry) => entry.at <= to));
      expect(await audit(store, { from, to })).toEqual(all.filter(within));
      expect((await store.audit.list({ from, to }, { limit: 1, skip: 0 })).total).toBe(all.filter(within).length);
      expect(await audit(store, { from, to, actor: bob.email })).toEqual(
        all.filter((entry) => within(entry) && entry.actor.email === bob.email),
      );
      expect(await audit(store, { from: '2999-01-01T00:00:00.000Z' })).toEqual([]);
      expect(await audit(store, { to: '2000-01-01T00:00:00.000Z' })).toEqual([]);
      expect((await audit(store, { from: all[0]!.at, to: all[0]!.at }))[0]).toEqual(all[0]);
    });
  });
});
