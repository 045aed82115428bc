import { QUANTITY_MAX, type Item } from '@smart-zone/types/item';
import type { DeliveredItem } from '@smart-zone/types/delivery';
import { BENCH_USER } from './api-server';
import { call, expect } from './http';

export interface StockItem {
  id: string;
  initial: number;
}

/** An item of its own for the delivery run, with all the stock an item may hold, so no delivery is refused for stock. */
export async function createStockItem(base: string, token: string): Promise<StockItem> {
  // POST answers the MongoDB driver's shape ({ acknowledged, insertedId }), as the spec's client expects.
  const { body } = await expect<{ insertedId: string }>(201, `${base}/api/inventory`, {
    method: 'POST',
    token,
    body: { name: 'Bench stock', supplier: 'Bench', price: 1, quantity: QUANTITY_MAX, description: '', img: '' },
  });
  const item = await expect<Item>(200, `${base}/api/inventory/${body.insertedId}`);
  return { id: item.body._id, initial: item.body.quantity };
}

/** The spec's delivery payload (§7: email, inventory, inventoriesId, address, phone), from the token's own email. */
export function deliveryBody(item: StockItem): string {
  return JSON.stringify({
    email: BENCH_USER.email,
    inventory: 'Bench stock',
    inventoriesId: item.id,
    address: '1 Bench Street',
    phone: '+1 555 0100',
  });
}

export interface StockCheck {
  initial: number;
  final: number;
  delivered: number;
  /** Units delivered beyond what left the stock: must be 0 (negative would be stock lost without a delivery). */
  oversold: number;
}

/**
 * After the run: what left the item's stock must be exactly what the
 * delivery records add up to. Counted from the server's records, not from
 * the load generator's 2xx count, because requests still in flight when
 * autocannon stops are committed but never counted by it.
 */
export async function checkStock(base: string, token: string, item: StockItem): Promise<StockCheck> {
  const final = await settledQuantity(base, item.id);
  const records = await expect<DeliveredItem[]>(
    200,
    `${base}/api/myitem?email=${encodeURIComponent(BENCH_USER.email)}`,
    {
      token,
    },
  );
  const delivered = records.body
    .filter((record) => record.inventoriesId === item.id)
    .reduce((sum, record) => sum + record.quantity, 0);
  const total = Number(records.headers.get('x-total-count') ?? records.body.length);
  if (total !== records.body.length) {
    throw new Error(`GET /api/myitem answered ${records.body.length} of ${total} records: cannot count deliveries`);
  }
  return { initial: item.initial, final, delivered, oversold: delivered - (item.initial - final) };
}

/** The quantity once the last in-flight deliveries have landed (two equal reads 200 ms apart). */
async function settledQuantity(base: string, id: string): Promise<number> {
  let last = Number.NaN;
  for (;;) {
    const { body } = await call<Item>(`${base}/api/inventory/${id}`);
    if (body.quantity === last) return last;
    last = body.quantity;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
