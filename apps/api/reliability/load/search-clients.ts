/**
 * Clients that search with 1–2 characters, each query text never sent
 * before (so no cache can answer it), in their own process. SearchSpec as
 * argv[2], SearchResult over IPC when the time is up.
 */
import type { SearchResult, SearchSpec } from './protocol';

// Letters a shop's search box sees, accented ones included (they fold to the same ones, or not).
const ALPHABET = [...'abcdefghijklmnopqrstuvwxyz0123456789éèàüöçñøåß'];

/** 1-character terms first, then 2; when all are used, the page size changes so the query text stays new. */
function* uniqueQueries(): Generator<string> {
  for (let round = 0; ; round += 1) {
    const limit = 12 + round;
    for (const a of ALPHABET) yield `q=${encodeURIComponent(a)}&limit=${limit}`;
    for (const a of ALPHABET) for (const b of ALPHABET) yield `q=${encodeURIComponent(a + b)}&limit=${limit}`;
  }
}

async function main() {
  const spec = JSON.parse(process.argv[2] ?? '') as SearchSpec;
  const queries = uniqueQueries();
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  let errors = 0;
  const end = Date.now() + spec.seconds * 1000;
  const gapMs = spec.rate > 0 ? (1000 * spec.clients) / spec.rate : 0;

  const client = async (index: number) => {
    // Spread the clients' first requests over one gap, so the rate is even rather than in bursts of 8.
    await new Promise((resolve) => setTimeout(resolve, (gapMs * index) / spec.clients));
    while (Date.now() < end) {
      const started = performance.now();
      try {
        const response = await fetch(`${spec.base}/api/inventory?${queries.next().value as string}`, {
          signal: AbortSignal.timeout(30_000),
        });
        await response.arrayBuffer();
        statuses[response.status] = (statuses[response.status] ?? 0) + 1;
        latencies.push(performance.now() - started);
      } catch {
        errors += 1;
      }
      const wait = gapMs - (performance.now() - started);
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    }
  };
  await Promise.all(Array.from({ length: spec.clients }, (_, i) => client(i)));
  latencies.sort((a, b) => a - b);
  const at = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))] ?? 0;
  const result: SearchResult = { sent: latencies.length + errors, statuses, errors, p50: at(0.5), p99: at(0.99) };
  process.send?.(result);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
