/**
 * One autocannon run in its own process (never in the server's, never in the
 * orchestrator's event loop): the CannonSpec comes as argv[2], the
 * CannonResult goes back over IPC.
 */
import autocannon from 'autocannon';
import type { CannonResult, CannonSpec } from './protocol';

async function main() {
  const spec = JSON.parse(process.argv[2] ?? '') as CannonSpec;
  const result = await autocannon({
    url: spec.url,
    connections: spec.connections,
    duration: spec.seconds,
    // autocannon refuses a key that is present but undefined.
    ...(spec.overallRate ? { overallRate: spec.overallRate } : {}),
    headers: spec.headers ?? {},
    timeout: spec.timeout,
    sampleInt: 100,
  });
  const answer: CannonResult = {
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    completed: result.requests.total,
    statuses: {
      '1xx': result['1xx'],
      '2xx': result['2xx'],
      '3xx': result['3xx'],
      '4xx': result['4xx'],
      '5xx': result['5xx'],
    },
    errors: result.errors,
    mbPerSec: result.throughput.total / 1e6 / result.duration,
  };
  process.send?.(answer);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
