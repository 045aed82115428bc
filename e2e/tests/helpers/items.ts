import { type APIRequestContext, expect } from '@playwright/test';
import { apiUrl } from './env';
import { ownerApi } from './team';

export interface ItemData {
  _id: string;
  name: string;
  price: number;
  quantity: number;
  supplier: string;
  description: string;
  img: string;
}

/**
 * Reads the public inventory, as any visitor's browser could: used to find an
 * item's id after creating it through the UI, never to change anything.
 */
export async function findItemByName(request: APIRequestContext, name: string): Promise<ItemData> {
  let found: ItemData | undefined;
  await expect
    .poll(async () => {
      const response = await request.get(`${apiUrl()}/inventory`);
      const items = (await response.json()) as ItemData[];
      found = items.find((item) => item.name === name);
      return found !== undefined;
    })
    .toBe(true);
  return found!;
}

/** A unique item name of at most 20 characters. */
export function itemName(tag: string) {
  return `${tag} ${Math.random().toString(36).slice(2, 8)}`.slice(0, 20);
}

/** An item whose maker's barcode is `barcode` (made through the API by the owner): its name begins with `tag`. */
export async function itemWithBarcode(barcode: string, quantity: number, tag = 'Scan') {
  const name = itemName(tag);
  const sku = `${tag.slice(0, 2).toUpperCase()}-${barcode.slice(-6)}`;
  const created = await ownerApi<{ insertedId: string }>('POST', '/inventory', {
    name,
    supplier: 'E2E Supplies',
    price: 12.5,
    quantity,
    description: 'Read by the camera.',
    img: '',
    sku,
    barcodes: [barcode],
  });
  expect(created.status).toBe(201);
  return { id: created.body.insertedId, name, sku, barcode };
}
