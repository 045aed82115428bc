/**
 * Restocks (+1, each with a note) spread over a few items from several
 * connections, one after another on each, until `count` are answered or
 * failed. RestocksSpec as argv[2], RestocksResult over IPC.
 */
import type { RestocksResult, RestocksSpec } from './protocol';

async function main() {
  const spec = JSON.parse(process.argv[2] ?? '') as RestocksSpec;
  const result: RestocksResult = { statuses: {}, errors: 0, seconds: 0 };
  const headers = { authorization: `Bearer ${spec.token}`, 'content-type': 'application/json' };
  const started = performance.now();
  let next = 0;
  const connection = async () => {
    while (next < spec.count) {
      const n = next++;
      try {
        const response = await fetch(`${spec.base}/api/inventory/${spec.items[n % spec.items.length]}/stock`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ delta: 1, note: `attack restock #${n}` }),
          signal: AbortSignal.timeout(30_000),
        });
        await response.arrayBuffer();
        result.statuses[response.status] = (result.statuses[response.status] ?? 0) + 1;
      } catch {
        result.errors += 1;
      }
    }
  };
  await Promise.all(Array.from({ length: spec.connections }, connection));
  result.seconds = (performance.now() - started) / 1000;
  process.send?.(result);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
