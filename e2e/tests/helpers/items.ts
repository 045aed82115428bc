import { type APIRequestContext, expect } from '@playwright/test';
import { apiUrl } from './env';

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
