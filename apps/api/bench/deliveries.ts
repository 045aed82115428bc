import { writeFileSync } from 'node:fs';
import { QUANTITY_MAX, type Item } from '@smart-zone/types/item';
import type { DeliveredItem } from '@smart-zone/types/delivery';
import { BENCH_USER } from './api-server';
import { call, expect } from './http';

export interface StockItem {
  id: string;
  initial: number;
  minStock: number;
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
  return { id: item.body._id, initial: item.body.quantity, minStock: item.body.minStock };
}

/**
 * Issue 19's delivery items: `count` items of `quantity` each, with the
 * reorder point `minStock(i)` gives the i-th, created through the API
 * (alerts come from the same writes as in use). Fills `into` and writes the
 * delivery bodies, one per item, as a JSON array to `bodiesFile` for load.ts.
 */
export async function createDeliveryItems(
  base: string,
  token: string,
  set: { name: string; count: number; quantity: number; minStock: (i: number) => number; bodiesFile: string },
  into: StockItem[],
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < set.count) {
      const i = next++;
      const { body } = await expect<{ insertedId: string }>(201, `${base}/api/inventory`, {
        method: 'POST',
        token,
        body: {
          name: `${set.name} ${i + 1}`,
          supplier: 'Bench',
          price: 1,
          quantity: set.quantity,
          minStock: set.minStock(i),
          description: '',
          img: '',
        },
      });
      into.push({ id: body.insertedId, initial: set.quantity, minStock: set.minStock(i) });
    }
  };
  await Promise.all(Array.from({ length: 16 }, worker));
  writeFileSync(set.bodiesFile, JSON.stringify(into.map((item) => deliveryBody(item, set.name))));
}

/** Alerts in the store, read or not (X-Total-Count of GET /api/alerts). */
export async function alertTotal(base: string, token: string): Promise<number> {
  const { headers } = await expect<unknown[]>(200, `${base}/api/alerts?limit=1`, { token });
  return Number(headers.get('x-total-count'));
}

/** The spec's delivery payload (§7: email, inventory, inventoriesId, address, phone), from the token's own email. */
export function deliveryBody(item: Pick<StockItem, 'id'>, name = 'Bench stock'): string {
  return JSON.stringify({
    email: BENCH_USER.email,
    inventory: name,
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
  /** Items that went from above their reorder point to at or below it: one alert each is due. */
  crossings: number;
}

/**
 * After the run: what left the items' stock must be exactly what the
 * delivery records add up to. Counted from the server's records, not from
 * the load generator's 2xx count, because requests still in flight when
 * autocannon stops are committed but never counted by it.
 */
export async function checkStock(base: string, token: string, items: StockItem[]): Promise<StockCheck> {
  const finals = await settledQuantities(base, items);
  const records = await expect<DeliveredItem[]>(
    200,
    `${base}/api/myitem?email=${encodeURIComponent(BENCH_USER.email)}`,
    {
      token,
    },
  );
  const ids = new Set(items.map((item) => item.id));
  const delivered = records.body
    .filter((record) => ids.has(record.inventoriesId))
    .reduce((sum, record) => sum + record.quantity, 0);
  const total = Number(records.headers.get('x-total-count') ?? records.body.length);
  if (total !== records.body.length) {
    throw new Error(`GET /api/myitem answered ${records.body.length} of ${total} records: cannot count deliveries`);
  }
  const initial = items.reduce((sum, item) => sum + item.initial, 0);
  const final = finals.reduce((sum, quantity) => sum + quantity, 0);
  const crossings = items.filter(
    (item, i) => item.minStock > 0 && item.initial > item.minStock && finals[i]! <= item.minStock,
  ).length;
  return { initial, final, delivered, oversold: delivered - (initial - final), crossings };
}

/** The quantities once the last in-flight deliveries have landed (two equal sums 200 ms apart). */
async function settledQuantities(base: string, items: StockItem[]): Promise<number[]> {
  let last = Number.NaN;
  for (;;) {
    const quantities = await quantitiesOf(base, items);
    const sum = quantities.reduce((total, quantity) => total + quantity, 0);
    if (sum === last) return quantities;
    last = sum;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function quantitiesOf(base: string, items: StockItem[]): Promise<number[]> {
  const quantities: number[] = new Array<number>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      quantities[i] = (await call<Item>(`${base}/api/inventory/${items[i]!.id}`)).body.quantity;
    }
  };
  await Promise.all(Array.from({ length: 16 }, worker));
  return quantities;
}
