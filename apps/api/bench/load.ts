/**
 * The load generator, run as a child process of run.ts (one per measured run)
 * so that it never shares an event loop or a core's time slices with the
 * server it measures. It gets its LoadSpec as argv[2] and answers one
 * LoadResult over IPC; given a ProbeSpec instead, it runs issue 21's probe
 * (probe.ts), and given an SseClientsSpec issue 22's SSE clients (sse-clients.ts),
 * which the orchestrator steers over IPC.
 */
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { runProbe } from './probe';
import type { LoadResult, LoadSpec, ProbeSpec, SseClientsSpec } from './protocol';
import { runSseClients } from './sse-clients';

async function main() {
  const given = JSON.parse(process.argv[2] ?? '') as LoadSpec | ProbeSpec | SseClientsSpec;
  if ('kind' in given) return given.kind === 'probe' ? runProbe(given) : runSseClients();
  const spec: LoadSpec = given;
  const bodies = spec.bodies ? (JSON.parse(readFileSync(spec.bodies, 'utf8')) as string[]) : undefined;
  const result = await autocannon({
    url: spec.url,
    method: spec.method ?? 'GET',
    headers: spec.headers,
    body: spec.body,
    ...(bodies
      ? {
          requests: [
            { setupRequest: (request) => ({ ...request, body: bodies[Math.floor(Math.random() * bodies.length)] }) },
          ],
        }
      : {}),
    connections: spec.connections,
    // autocannon refuses a key that is present but undefined.
    ...(spec.amount ? { amount: spec.amount } : { duration: spec.seconds }),
    timeout: spec.timeout ?? 10,
    ...(spec.overallRate ? { overallRate: spec.overallRate } : {}),
    // autocannon only notices it is done at a sample tick: tick often, so a
    // run bounded by an amount is not rounded up to the next whole second.
    sampleInt: 100,
  });
  const completed = result.requests.total;
  const answer: LoadResult = {
    // Totals over elapsed time (autocannon's averages are per sample tick):
    // the same formula whether the run was bounded by time or by an amount.
    reqPerSec: completed / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    completed,
    non2xx: result.non2xx,
    errors: result.errors, // timeouts included
    seconds: result.duration,
    mbPerSec: result.throughput.total / 1e6 / result.duration,
    max: result.latency.max,
    statuses: {
      '1xx': result['1xx'],
      '2xx': result['2xx'],
      '3xx': result['3xx'],
      '4xx': result['4xx'],
      '5xx': result['5xx'],
    },
  };
  process.send?.(answer);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
