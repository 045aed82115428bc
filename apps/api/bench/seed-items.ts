import { existsSync } from 'node:fs';
import path from 'node:path';
import { apiEnv } from './api-server';
import { expect } from './http';
import { API_DIR, exited, forkTs } from './processes';

/** The project's own seeder (`pnpm seed`), which fills DATA_DIR's store directly and fast. */
const SEED_SCRIPT = path.join('src', 'seed.ts');

export function hasSeedScript(): boolean {
  return existsSync(path.join(API_DIR, SEED_SCRIPT));
}

/**
 * Runs `pnpm seed`'s script in its own process against `dataDir`, before the API opens it: the items, then
 * that many deliveries and stock moves over them.
 */
export async function seedWithScript(
  dataDir: string,
  items: number,
  activity: { deliveries: number; movements: number } = { deliveries: 0, movements: 0 },
): Promise<void> {
  const args = ['--items', String(items)];
  if (activity.deliveries > 0) args.push('--deliveries', String(activity.deliveries));
  if (activity.movements > 0) args.push('--movements', String(activity.movements));
  const child = forkTs(SEED_SCRIPT, { args, env: apiEnv(dataDir) });
  await exited(child, 'the seed script');
}

/**
 * The fallback while there is no seed script: the same kind of items through
 * POST /api/inventory. Slow at 100,000 (a durable commit each), so the
 * requests go a few at a time.
 */
export async function seedThroughApi(base: string, token: string, items: number): Promise<void> {
  let next = 1;
  const worker = async () => {
    while (next <= items) {
      const i = next++;
      await expect(201, `${base}/api/inventory`, { method: 'POST', token, body: syntheticItem(i) });
    }
  };
  await Promise.all(Array.from({ length: 16 }, worker));
}

/** "Phone 1".."Phone N", as `pnpm seed` names them, with suppliers and prices that vary. */
function syntheticItem(i: number) {
  return {
    name: `Phone ${i}`,
    supplier: `Supplier ${i % 37}`,
    price: ((i * 7919) % 100_000) / 100,
    quantity: i % 100,
    // The seed script's spread of reorder points: a third none, the rest 5–95.
    minStock: i % 3 === 0 ? 0 : 5 + ((i * 31) % 10) * 10,
    description: 'A synthetic item for the bench.',
    img: '',
  };
}
