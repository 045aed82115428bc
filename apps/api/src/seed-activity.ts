import { type Actor, QUANTITY_MAX } from '@smart-zone/types/item';
import type { Store } from './store/store';

/**
 * `pnpm seed`'s deliveries and stock moves: a warehouse's worth of activity
 * by a few synthetic clerks, each write through the store as a request would
 * make it, so each appends its movement and its audit entry. Writes go
 * PARALLEL at a time (the SQLite adapter group-commits deliveries); stock is
 * tracked here so that no write is ever refused for stock.
 */
const PARALLEL = 200;
const CLERKS = 8;
/** What an item is restocked with before a delivery it could not fill. */
const RESTOCK_FOR_DELIVERY = 100;
const RESTOCK_NOTES = ['Supplier delivery', 'Returned by a customer', 'Found in the back room'];
const REMOVAL_NOTES = ['Damaged in the store', 'Counted short', 'Used as a display unit'];

/** clerk1@shop.example … clerk8@shop.example, who make every seeded write. */
export const seedClerk = (write: number): Actor => {
  const n = (write % CLERKS) + 1;
  return { uid: `seed-clerk-${n}`, email: `clerk${n}@shop.example` };
};

/** The k-th write's item: murmur3's finaliser of k, so consecutive writes land all over the catalogue, evenly. */
function spread(write: number, items: number, salt: number): number {
  let hash = (write ^ Math.imul(salt, 0x9e3779b9)) >>> 0;
  hash = Math.imul(hash ^ (hash >>> 16), 0x85ebca6b);
  hash = Math.imul(hash ^ (hash >>> 13), 0xc2b2ae35);
  return ((hash ^ (hash >>> 16)) >>> 0) % items;
}

/**
 * What each item holds, as far as the writes planned so far are concerned:
 * a removal or a delivery is planned only against stock already committed
 * (less what earlier planned writes take), so the order in which one batch's
 * writes run never matters.
 */
interface Stock {
  ids: string[];
  quantities: number[];
}

async function readStock(store: Store): Promise<Stock> {
  const stock: Stock = { ids: [], quantities: [] };
  for await (const batch of store.items.stream()) {
    for (const item of batch) {
      stock.ids.push(item._id);
      stock.quantities.push(item.quantity);
    }
  }
  if (stock.ids.length === 0) throw new Error('The store holds no items to deliver or move: seed some with --items.');
  return stock;
}

function reporter(what: string, total: number) {
  const started = performance.now();
  const step = Math.max(PARALLEL, Math.ceil(total / 10 / PARALLEL) * PARALLEL);
  const seconds = () => ((performance.now() - started) / 1000).toFixed(1);
  return {
    done(count: number) {
      if (count % step === 0 && count < total) console.log(`  ${what}: ${count} of ${total} (${seconds()} s)`);
    },
    seconds,
  };
}

function refused(what: string, id: string, outcome: { ok: false; reason: string }): never {
  throw new Error(`The seed's ${what} of item ${id} was refused (${outcome.reason}); nothing after it was written.`);
}

/** Records `count` deliveries of 1–3 each, restocking an item first when it cannot fill one. */
export async function seedDeliveries(store: Store, count: number): Promise<void> {
  const stock = await readStock(store);
  const progress = reporter('deliveries', count);
  let restocks = 0;
  for (let start = 0; start < count; start += PARALLEL) {
    const planned = Array.from({ length: Math.min(PARALLEL, count - start) }, (_, offset) => {
      const write = start + offset;
      const item = spread(write, stock.ids.length, 1);
      return { write, item, quantity: 1 + (write % 3) };
    });
    const short = planned.filter((delivery) => {
      const needsStock = stock.quantities[delivery.item]! < delivery.quantity;
      if (needsStock) stock.quantities[delivery.item]! += RESTOCK_FOR_DELIVERY;
      stock.quantities[delivery.item]! -= delivery.quantity;
      return needsStock;
    });
    // Committed before the deliveries that need them start.
    await Promise.all(
      short.map(async ({ write, item }) => {
        const id = stock.ids[item]!;
        const outcome = await store.items.changeStock(
          id,
          { delta: RESTOCK_FOR_DELIVERY, note: 'Restocked for a delivery' },
          seedClerk(write),
        );
        if (!outcome.ok) refused('restock', id, outcome);
      }),
    );
    restocks += short.length;
    await Promise.all(
      planned.map(async ({ write, item, quantity }) => {
        const id = stock.ids[item]!;
        const outcome = await store.deliveries.create({
          owner: seedClerk(write),
          name: `Customer ${write + 1}`,
          inventoriesId: id,
          address: `${write + 1} Seed Street`,
          phone: `555-${String(write % 10_000).padStart(4, '0')}`,
          quantity,
        });
        if (!outcome.ok) refused('delivery', id, outcome);
      }),
    );
    progress.done(start + planned.length);
  }
  console.log(
    `Recorded ${count} deliveries by ${CLERKS} clerks in ${progress.seconds()} s ` +
      `(and ${restocks} restocks first, so no item went below 0).`,
  );
}

/**
 * Makes `count` stock moves, a third restocks (+1–30) and two thirds removals
 * (−1–15), each with a note; a removal the item cannot cover is a restock instead.
 */
export async function seedMovements(store: Store, count: number): Promise<void> {
  const stock = await readStock(store);
  const progress = reporter('stock moves', count);
  let removals = 0;
  for (let start = 0; start < count; start += PARALLEL) {
    // Restocks count only from the next batch on: this batch's may run after its removals.
    const added = new Map<number, number>();
    const planned = Array.from({ length: Math.min(PARALLEL, count - start) }, (_, offset) => {
      const write = start + offset;
      const item = spread(write, stock.ids.length, 2);
      const removal = 1 + (write % 15);
      const restock = 1 + (write % 30);
      const held = stock.quantities[item]!;
      const room = QUANTITY_MAX - held - (added.get(item) ?? 0);
      if ((write % 3 !== 0 && held >= removal) || room < restock) {
        stock.quantities[item] = held - removal;
        removals += 1;
        return { write, item, delta: -removal, note: REMOVAL_NOTES[write % REMOVAL_NOTES.length]! };
      }
      added.set(item, (added.get(item) ?? 0) + restock);
      return { write, item, delta: restock, note: RESTOCK_NOTES[write % RESTOCK_NOTES.length]! };
    });
    await Promise.all(
      planned.map(async ({ write, item, delta, note }) => {
        const id = stock.ids[item]!;
        const outcome = await store.items.changeStock(id, { delta, note }, seedClerk(write));
        if (!outcome.ok) refused(delta > 0 ? 'restock' : 'removal', id, outcome);
      }),
    );
    for (const [item, delta] of added) stock.quantities[item]! += delta;
    progress.done(start + planned.length);
  }
  console.log(
    `Made ${count} stock moves (${count - removals} restocks, ${removals} removals) by ${CLERKS} clerks ` +
      `in ${progress.seconds()} s.`,
  );
}
