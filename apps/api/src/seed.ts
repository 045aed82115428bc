import { parseArgs } from 'node:util';
import dotenv from 'dotenv';
import { SYSTEM_ACTOR, type ItemInput } from '@smart-zone/types/item';
import { ConfigError, loadConfig } from './config';
import { demoItems } from './store/demo-items';
import { seedDeliveries, seedMovements } from './seed-activity';
import { syntheticSku } from './store/ean13';
import { openStore } from './store/open-store';
import type { Store } from './store/store';

/**
 * `pnpm seed -- --items 100000`: loads that many synthetic phones into the
 * configured store (DATA_DIR's SQLite file, or MONGODB_URI), each with its
 * `created` movement, so anyone can try the product at scale.
 * `--deliveries N` and `--movements N` then add that many deliveries and stock
 * moves by synthetic clerks over every item in the store (seed-activity.ts),
 * each with its audit entry: `--items 100000 --deliveries 100000 --movements
 * 800000` makes about 1,000,000 audit entries.
 */
const BATCH = 5000;

/** Synthetic item `index` (from 0), whose SKU is the `skuNumber`-th synthetic EAN-13 (ean13.ts). */
export function syntheticItem(index: number, skuNumber = index + 1): ItemInput {
  const template = demoItems[index % demoItems.length]!;
  return {
    name: `Phone ${index + 1}`,
    // The picture and the supplier of the same demo phone, so a card never shows another brand's phone.
    supplier: template.supplier,
    // Spread deterministically, so sorts by price and quantity have something to do.
    price: 99 + ((index * 7919) % 1900),
    quantity: (index * 104_729) % 500,
    // A spread of reorder points: a third have none, the rest 5–95, so a few percent are low (and the low
    // list, its filter and the shortfall sort have thousands of items at 100,000).
    minStock: index % 3 === 0 ? 0 : 5 + ((index * 31) % 10) * 10,
    description: `A synthetic phone for trying Smart Zone at scale (number ${index + 1}).`,
    img: template.img,
    sku: syntheticSku(skuNumber),
  };
}

/**
 * Where this run's SKU numbers start: after the items already in the store, moved on past any block whose
 * first or last code is taken (a store seeded before, with deletions since). createMany still refuses a
 * taken SKU, all or nothing.
 */
async function firstSkuNumber(store: Store, count: number): Promise<number> {
  let first = (await store.items.count()) + 1;
  while (
    (await store.items.getBySku(syntheticSku(first))) ||
    (await store.items.getBySku(syntheticSku(first + count - 1)))
  ) {
    first += count;
  }
  return first;
}

async function main() {
  const { values } = parseArgs({
    // pnpm forwards a literal `--` when one is typed before the flags.
    args: process.argv.slice(2).filter((arg) => arg !== '--'),
    options: {
      items: { type: 'string' },
      deliveries: { type: 'string', default: '0' },
      movements: { type: 'string', default: '0' },
    },
  });
  const deliveries = wholeNumber('deliveries', values.deliveries, 0);
  const movements = wholeNumber('movements', values.movements, 0);
  // 1000 items unless told otherwise; with activity alone, none: it goes to the items already there.
  const count = wholeNumber('items', values.items ?? (deliveries || movements ? '0' : '1000'), 0);
  if (count + deliveries + movements === 0)
    throw new ConfigError('Nothing to seed: give --items, --deliveries or --movements');

  const config = loadConfig();
  process.umask(0o077); // the store's files are the owner's alone (0600), as the server makes them
  const store = await openStore({
    mongodbUri: config.mongodbUri,
    mongodbDb: config.mongodbDb,
    mongodbAllowStandalone: config.mongodbAllowStandalone,
    dataDir: config.dataDir,
    bulkLoad: true,
  });
  const where = config.mongodbUri ? `MongoDB (${config.mongodbDb})` : `SQLite in ${config.dataDir}`;
  const started = performance.now();
  try {
    // What the server would load on its first start comes first, so the demo phones stay the oldest items.
    if (config.seedDemoData && (await store.seedOnce(demoItems)))
      console.log(`Loaded ${demoItems.length} demo items first.`);
    const skuBase = count > 0 ? await firstSkuNumber(store, count) : 1;
    for (let start = 0; start < count; start += BATCH) {
      const batch = Array.from({ length: Math.min(BATCH, count - start) }, (_, offset) =>
        syntheticItem(start + offset, skuBase + start + offset),
      );
      await store.items.createMany(batch, SYSTEM_ACTOR);
    }
    if (count > 0) console.log(`Seeded ${count} items into ${where} in ${secondsSince(started)} s.`);
    if (deliveries > 0) await seedDeliveries(store, deliveries);
    if (movements > 0) await seedMovements(store, movements);
  } finally {
    await store.close();
  }
  if (deliveries + movements > 0) console.log(`Done in ${secondsSince(started)} s in all.`);
}

const secondsSince = (started: number) => ((performance.now() - started) / 1000).toFixed(1);

function wholeNumber(flag: string, text: string, min: number): number {
  const value = Number(text);
  if (!Number.isInteger(value) || value < min)
    throw new ConfigError(`--${flag} must be a whole number of at least ${min}`);
  return value;
}

// pnpm runs package scripts in the package's folder; DATA_DIR and .env are the caller's.
if (process.env.INIT_CWD) process.chdir(process.env.INIT_CWD);
// Read after the move: the caller's .env, not the package's (`import 'dotenv/config'` ran too early for that).
dotenv.config({ quiet: true });
main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
