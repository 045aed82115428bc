import type { DeliveredItem } from '@smart-zone/types/delivery';
import type { DeliveryFilter, Store } from '../src/store/store';
import { openTestStore, TEST_STORE } from './helpers/test-store';
import { ada, bob, delivery, phone, staff } from './helpers/store-fixtures';
import { anyString } from './support/bodies';

/**
 * Every delivery (GET /api/deliveries), on every adapter: not cancelled,
 * newest first, filtered by who recorded it, its item and its time, paged,
 * with how many match before paging.
 */

const UNKNOWN_ID = 'aaaaaaaaaaaaaaaaaaaaaaaa';

describe(`deliveries list: ${TEST_STORE}`, () => {
  let store: Store;
  /** Newest first, as recorded (cancelled ones left out). */
  let made: DeliveredItem[];
  /** Every one, newest first, the cancelled one (address 2) in its place. */
  let everyOne: DeliveredItem[];
  let itemIds: [string, string];

  const list = async (filter: DeliveryFilter = {}) =>
    (await store.deliveries.list(filter, { limit: 100, skip: 0 })).deliveries;

  beforeEach(async () => {
    store = await openTestStore();
    const one = await store.items.create(phone({ name: 'One', quantity: 50 }), staff);
    const two = await store.items.create(phone({ name: 'Two', quantity: 50 }), staff);
    itemIds = [one._id, two._id];
    made = [];
    // ada, bob, ada, bob… alternating items; the third is cancelled.
    for (let index = 0; index < 7; index += 1) {
      const sent = await store.deliveries.create(
        delivery(itemIds[index % 2]!, { owner: index % 2 === 0 ? ada : bob, address: `address ${index}` }),
      );
      if (!sent.ok) throw new Error('expected a delivery');
      made.unshift(sent.delivery);
    }
    const cancelled = made.find((record) => record.address === 'address 2')!;
    const outcome = await store.deliveries.cancel(cancelled._id, staff);
    if (!outcome.ok) throw new Error('expected a cancel');
    everyOne = made.map((record) => (record === cancelled ? outcome.delivery : record));
    made = made.filter((record) => record !== cancelled);
  });

  afterEach(async () => {
    await store.close();
  });

  it('lists every delivery not cancelled, newest first, whoever recorded it', async () => {
    expect((await list()).map((record) => record.address)).toEqual([
      'address 6',
      'address 5',
      'address 4',
      'address 3',
      'address 1',
      'address 0',
    ]);
    expect(await list()).toEqual(made);
  });

  it('pages, with the total before paging', async () => {
    expect(await store.deliveries.list({}, { limit: 2, skip: 1 })).toEqual({ deliveries: made.slice(1, 3), total: 6 });
    expect(await store.deliveries.list({}, { limit: 10, skip: 5 })).toEqual({ deliveries: made.slice(5), total: 6 });
    expect(await store.deliveries.list({}, { limit: 10, skip: 6 })).toEqual({ deliveries: [], total: 6 });
    expect(await store.deliveries.list({ email: bob.email }, { limit: 1, skip: 1 })).toEqual({
      deliveries: made.filter((record) => record.email === bob.email).slice(1, 2),
      total: 3,
    });
  });

  it('filters by email, by item, and by both', async () => {
    expect(await list({ email: ada.email })).toEqual(made.filter((record) => record.email === ada.email));
    expect((await list({ email: ada.email })).map((record) => record.address)).toEqual([
      'address 6',
      'address 4',
      'address 0',
    ]);
    expect(await list({ email: 'nobody@example.com' })).toEqual([]);
    expect(await list({ itemId: itemIds[1] })).toEqual(made.filter((record) => record.inventoriesId === itemIds[1]));
    expect((await list({ itemId: itemIds[1] })).map((record) => record.address)).toEqual([
      'address 5',
      'address 3',
      'address 1',
    ]);
    expect(await list({ itemId: UNKNOWN_ID })).toEqual([]);
    // bob recorded every delivery of item two, and none of item one.
    expect(await list({ email: bob.email, itemId: itemIds[1] })).toEqual(
      made.filter((record) => record.email === bob.email),
    );
    expect((await store.deliveries.list({ email: bob.email, itemId: itemIds[0] }, { limit: 5, skip: 0 })).total).toBe(
      0,
    );
  });

  it('filters by time, from and to inclusive, alone and with another filter', async () => {
    const oldestFirst = [...made].reverse();
    const from = oldestFirst[1]!.createdAt;
    const to = oldestFirst[4]!.createdAt;
    const within = (record: DeliveredItem) => record.createdAt >= from && record.createdAt <= to;
    expect(await list({ from })).toEqual(made.filter((record) => record.createdAt >= from));
    expect(await list({ to })).toEqual(made.filter((record) => record.createdAt <= to));
    expect(await list({ from, to })).toEqual(made.filter(within));
    expect((await store.deliveries.list({ from, to }, { limit: 1, skip: 0 })).total).toBe(made.filter(within).length);
    expect(await list({ from, to, email: ada.email })).toEqual(
      made.filter((record) => within(record) && record.email === ada.email),
    );
    expect(await list({ from: '2999-01-01T00:00:00.000Z' })).toEqual([]);
    expect(await list({ to: '2000-01-01T00:00:00.000Z' })).toEqual([]);
  });

  it('lists the cancelled ones too with state all, in their place, marked with when, by whom and why', async () => {
    const all = async (filter: DeliveryFilter = {}) =>
      store.deliveries.list({ ...filter, state: 'all' }, { limit: 3, skip: 0 });
    const cancelled = everyOne.find((record) => record.address === 'address 2')!;
    expect(cancelled).toEqual(
      expect.objectContaining({ cancelledAt: anyString, cancelledBy: staff.email, address: 'address 2' }),
    );
    expect(cancelled).not.toHaveProperty('cancelReason');
    expect(await all()).toEqual({ deliveries: everyOne.slice(0, 3), total: 7 });
    expect((await store.deliveries.list({ state: 'all' }, { limit: 100, skip: 3 })).deliveries).toEqual(
      everyOne.slice(3),
    );
    expect(await all({ email: ada.email })).toEqual({
      deliveries: everyOne.filter((record) => record.email === ada.email).slice(0, 3),
      total: 4,
    });
    expect(await all({ itemId: itemIds[0] })).toEqual({
      deliveries: everyOne.filter((record) => record.inventoriesId === itemIds[0]).slice(0, 3),
      total: 4,
    });
    const within = { from: cancelled.createdAt, to: cancelled.createdAt, state: 'all' as const };
    expect((await store.deliveries.list(within, { limit: 100, skip: 0 })).deliveries).toContainEqual(cancelled);
    // The live list is as it was: the cancelled one is left out of it and of its totals.
    expect(await store.deliveries.list({}, { limit: 100, skip: 0 })).toEqual({ deliveries: made, total: 6 });

    // The owner's own, with a reason this time: kept with it, in both lists; a second cancel finds none.
    const mine = made.find((record) => record.address === 'address 4')!;
    const outcome = await store.deliveries.cancel(mine._id, { ...ada, reason: 'customer changed their mind' }, ada.uid);
    expect(outcome).toMatchObject({
      ok: true,
      delivery: { _id: mine._id, cancelledBy: ada.email, cancelReason: 'customer changed their mind' },
    });
    const marked = {
      ...mine,
      cancelledAt: anyString,
      cancelledBy: ada.email,
      cancelReason: 'customer changed their mind',
    };
    expect(await store.deliveries.listByOwner(ada.uid)).toEqual(
      made.filter((r) => r.email === ada.email && r !== mine),
    );
    expect(await store.deliveries.listByOwner(ada.uid, 'all')).toEqual(
      everyOne.filter((r) => r.email === ada.email).map((r) => (r._id === mine._id ? marked : r)),
    );
    expect((await all({ email: ada.email })).total).toBe(4);
    expect((await store.deliveries.list({ email: ada.email }, { limit: 1, skip: 0 })).total).toBe(2);
    expect(await store.deliveries.cancel(mine._id, ada, ada.uid)).toEqual({ ok: false, reason: 'not_found' });
    expect(await store.deliveries.get(mine._id)).toBeNull();
  });

  it("keeps a deleted item's deliveries, and drops one once cancelled", async () => {
    await store.items.remove(itemIds[0], staff);
    expect(await list()).toEqual(made);
    await store.deliveries.cancel(made[0]!._id, ada, ada.uid);
    expect(await store.deliveries.list({}, { limit: 100, skip: 0 })).toEqual({ deliveries: made.slice(1), total: 5 });
  });
});
