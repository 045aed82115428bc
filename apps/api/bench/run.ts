/**
 * Throughput of the main calls against a real SQLite file, in-process.
 * Usage: pnpm bench [--seconds 5 --connections 10 --items 500]
 * The machine is shared and noisy: compare two builds by running this in both
 * checkouts side by side and reading the ratio, not the absolute numbers.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { createApp } from '../src/app';
import { createAccessTokens } from '../src/auth/access-token';
import { openStore } from '../src/store/open-store';

const { values } = parseArgs({
  // pnpm forwards a literal `--` when one is typed before the flags.
  args: process.argv.slice(2).filter((arg) => arg !== '--'),
  options: {
    seconds: { type: 'string', default: '5' },
    connections: { type: 'string', default: '10' },
    items: { type: 'string', default: '500' },
  },
});
const seconds = Number(values.seconds);
const connections = Number(values.connections);
const itemCount = Number(values.items);
const secret = 'bench-secret-0123456789-0123456789-0123456789';

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'smart-zone-bench-'));
  const store = await openStore({ mongodbDb: 'bench', dataDir });
  const ids: string[] = [];
  for (let i = 0; i < itemCount; i++) {
    const item = await store.items.create({
      name: `Phone ${i}`,
      supplier: `Supplier ${i % 7}`,
      price: 100 + i,
      quantity: 1_000_000,
      description: 'A benchmark phone.',
      img: '/images/placeholder.svg',
    });
    ids.push(item._id);
  }
  const app = createApp({
    store,
    verifier: { verify: () => Promise.reject(new Error('not used')) },
    config: {
      jwtSecret: secret,
      jwtTtlSeconds: 3600,
      corsOrigins: [],
      loginRateLimit: 1000,
      firebase: { projectId: 'demo-smart-zone', apiKey: 'k', authDomain: 'demo-smart-zone.firebaseapp.com' },
      authEmulatorHost: undefined,
      webDist: path.join(dataDir, 'no-web'),
    },
    log: console.error,
  });
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const token = createAccessTokens(secret, 3600).sign({ email: 'bench@example.com', uid: 'bench', verified: true });

  const delivery = JSON.stringify({
    name: 'Bench',
    email: 'bench@example.com',
    inventory: 'Phone 0',
    inventoriesId: ids[0],
    address: '1 Bench Street',
    phone: '+1 555 0100',
  });
  const scenarios: { name: string; opts: autocannon.Options }[] = [
    { name: 'GET /api/inventory?limit=6', opts: { url: `${base}/api/inventory?limit=6` } },
    { name: `GET /api/inventory (all ${itemCount})`, opts: { url: `${base}/api/inventory` } },
    { name: 'GET /api/inventory/:id', opts: { url: `${base}/api/inventory/${ids[Math.floor(itemCount / 2)]}` } },
    {
      name: 'POST /api/myitem (deliver 1)',
      opts: {
        url: `${base}/api/myitem`,
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: delivery,
      },
    },
  ];

  console.log(`Smart Zone bench: ${seconds}s × ${connections} connections, ${itemCount} items, SQLite file store`);
  console.log('scenario'.padEnd(34), 'req/s'.padStart(9), 'p50 ms'.padStart(8), 'p99 ms'.padStart(8), 'non-2xx'.padStart(8));
  for (const scenario of scenarios) {
    const result = await autocannon({ ...scenario.opts, connections, duration: seconds });
    console.log(
      scenario.name.padEnd(34),
      result.requests.average.toFixed(0).padStart(9),
      String(result.latency.p50).padStart(8),
      String(result.latency.p99).padStart(8),
      String(result.non2xx).padStart(8),
    );
  }
  server.close();
  await store.close();
  rmSync(dataDir, { recursive: true, force: true });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
