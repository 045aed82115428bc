import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import Database from 'better-sqlite3';
import type { Stats } from '@smart-zone/types/stats';
import { benchToken, buildApi, startApiServer } from './api-server';
import { expect } from './http';

/**
 * `pnpm bench:stats -- --data-dir <folder> [--requests 200]` (apps/api): GET /api/stats
 * against a store `pnpm seed` made (`pnpm seed -- --items 100000 --movements
 * 1000000`: every seeded movement is today's, so all 100,000 items are in the
 * top movers' window, the worst case), the compiled server in its own process,
 * the requests one at a time from this one. Prints what the file holds and the
 * answer's time (p50, p95, p99, max); the goal is < 50 ms (issue 22).
 */
async function main() {
  const { values } = parseArgs({
    args: process.argv.slice(2).filter((arg) => arg !== '--'),
    options: { 'data-dir': { type: 'string' }, requests: { type: 'string', default: '200' } },
  });
  const dataDir = values['data-dir'];
  if (!dataDir) throw new Error('Give --data-dir: a folder whose smart-zone.db `pnpm seed` filled');
  const requests = Number(values.requests);

  const file = new Database(path.join(dataDir, 'smart-zone.db'), { readonly: true, fileMustExist: true });
  const count = (table: string) => file.prepare(`SELECT COUNT(*) FROM ${table}`).pluck().get() as number;
  const held = { items: count('items'), movements: count('movements'), itemDays: -1 };
  file.close();

  buildApi();
  const log = path.join(mkdtempSync(path.join(os.tmpdir(), 'smart-zone-stats-')), 'api.log');
  // The first open of a file from before migration 8 fills the totals: that is timed too.
  const opening = performance.now();
  const server = await startApiServer(dataDir, log, { server: 'compiled' });
  const openMs = performance.now() - opening;
  try {
    const token = benchToken();
    const url = `${server.base}/api/stats`;
    let last: Stats | undefined;
    for (let warm = 0; warm < 10; warm += 1) last = (await expect<Stats>(200, url, { token })).body;
    const times: number[] = [];
    for (let turn = 0; turn < requests; turn += 1) {
      const started = performance.now();
      last = (await expect<Stats>(200, url, { token })).body;
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    const at = (share: number) => times[Math.min(times.length - 1, Math.floor(share * times.length))]!.toFixed(1);
    const reopened = new Database(path.join(dataDir, 'smart-zone.db'), { readonly: true });
    held.itemDays = reopened.prepare('SELECT COUNT(*) FROM item_out_days').pluck().get() as number;
    reopened.close();
    console.log(
      `GET /api/stats at ${held.items.toLocaleString('en')} items, ${held.movements.toLocaleString('en')} movements ` +
        `(${held.itemDays.toLocaleString('en')} item-days of units out), ${requests} requests one at a time:\n` +
        `  p50 ${at(0.5)} ms, p95 ${at(0.95)} ms, p99 ${at(0.99)} ms, max ${times.at(-1)!.toFixed(1)} ms ` +
        `(goal p99 < 50 ms: ${Number(at(0.99)) < 50 ? 'met' : 'MISSED'}); server start ${(openMs / 1000).toFixed(1)} s\n` +
        `  answer: ${JSON.stringify({ ...last, movementsByDay: last?.movementsByDay.slice(-2) })}`,
    );
  } finally {
    await server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
