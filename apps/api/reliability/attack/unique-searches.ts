/**
 * Anonymous searches, `GET /api/inventory?q=<6 letters>&limit=6`, every text
 * new (so no cache can answer one twice and each may keep something), from a
 * few keep-alive connections as fast as answers come. A SearchesProgress
 * every `every` answers, so the orchestrator can read the server's RSS
 * there. SearchesSpec as argv[2], SearchesResult over IPC at the end.
 */
import http from 'node:http';
import type { SearchesProgress, SearchesResult, SearchesSpec } from './protocol';

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';
const TEXTS = LETTERS.length ** 6;
/** Coprime with 26^6, so n → n × STEP (mod 26^6) never gives the same text twice. */
const STEP = 1_000_003;

/** The n-th text: 6 letters that look random, never the same for two n below 26^6. */
function text(n: number, offset: number): string {
  let value = (offset + n * STEP) % TEXTS;
  let out = '';
  for (let i = 0; i < 6; i += 1) {
    out += LETTERS[value % 26];
    value = Math.floor(value / 26);
  }
  return out;
}

async function main() {
  const spec = JSON.parse(process.argv[2] ?? '') as SearchesSpec;
  const agent = new http.Agent({ keepAlive: true, maxSockets: spec.connections });
  const offset = Math.floor(Math.random() * TEXTS);
  const statuses: Record<string, number> = {};
  const latencies: number[] = [];
  let errors = 0;
  let next = 0;
  let done = 0;
  const started = performance.now();
  const end = Date.now() + spec.seconds * 1000;

  const get = (path: string) =>
    new Promise<number>((resolve, reject) => {
      const request = http.get(`${spec.base}${path}`, { agent, timeout: 30_000 }, (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
        response.on('error', reject);
      });
      request.on('timeout', () => request.destroy(new Error('timeout')));
      request.on('error', reject);
    });

  const client = async () => {
    while (next < spec.count && Date.now() < end) {
      const n = next++;
      const sent = performance.now();
      try {
        const status = await get(`/api/inventory?q=${text(n, offset)}&limit=6`);
        statuses[status] = (statuses[status] ?? 0) + 1;
        latencies.push(performance.now() - sent);
      } catch {
        errors += 1;
      }
      done += 1;
      if (done % spec.every === 0) process.send?.({ done } satisfies SearchesProgress);
    }
  };
  await Promise.all(Array.from({ length: spec.connections }, client));
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))] ?? 0;
  const result: SearchesResult = {
    done,
    statuses,
    errors,
    seconds: (performance.now() - started) / 1000,
    p50: at(0.5),
    p99: at(0.99),
  };
  process.send?.(result);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
