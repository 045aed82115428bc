import type { Actor, ItemInput } from '@smart-zone/types/item';
import type { DeliveredItem } from '@smart-zone/types/delivery';
import type { NewDelivery } from '../../src/store/store';
import { allInMain } from '../../src/store/decisions/places';

/** What the store tests write through the port directly: a phone, two people and staff, a delivery. */

export const phone = (overrides: Partial<ItemInput> = {}): ItemInput => ({
  name: 'Pixel 9',
  supplier: 'Google',
  price: 799,
  quantity: 10,
  description: 'A phone.',
  img: '/images/pixel-9.svg',
  ...overrides,
});

export const ada: Actor = { uid: 'uid-ada', email: 'ada@example.com' };
export const bob: Actor = { uid: 'uid-bob', email: 'bob@example.com' };
export const staff: Actor = { uid: 'uid-staff', email: 'staff@example.com' };

/** Ada's delivery of one of `inventoriesId`. */
export const delivery = (inventoriesId: string, overrides: Partial<NewDelivery> = {}): NewDelivery => ({
  owner: ada,
  name: 'Ada Lovelace',
  inventoriesId,
  address: '1 Analytical Way',
  phone: '+44 20 7946 0000',
  quantity: 1,
  ...overrides,
});

/** Where a decision reads an item's units: all at Main (as every item no one placed elsewhere); none for no item. */
export const inMain = (item: { quantity: number } | null) => allInMain(item?.quantity ?? 0);

/** A delivery as its cancel by `by` answers it: marked cancelled, by whom (issue 36: it stays listed). */
export const cancelledBy = (record: DeliveredItem, by: Actor): DeliveredItem => ({
  ...record,
  cancelledAt: expect.any(String) as string,
  cancelledBy: by.email,
});
