import type { DeliveredItem } from '@smart-zone/types/delivery';
import type { DeliveryFilter, Store } from '../src/store/store';
import { openTestStore, TEST_STORE } from './helpers/test-store';
import { ada, bob, delivery, phone, staff } from './helpers/store-fixtures';

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
    expect(await store.deliveries.cancel(cancelled._id, staff)).toMatchObject({ ok: true });
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

  it("keeps a deleted item's deliveries, and drops one once cancelled", async () => {
    await store.items.remove(itemIds[0], staff);
    expect(await list()).toEqual(made);
    await store.deliveries.cancel(made[0]!._id, ada, ada.uid);
    expect(await store.deliveries.list({}, { limit: 100, skip: 0 })).toEqual({ deliveries: made.slice(1), total: 5 });
  });
});
