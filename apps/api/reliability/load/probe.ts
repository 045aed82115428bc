/**
 * `GET /api/inventory?limit=6` probed by autocannon, as bench/load.ts runs it,
 * but until the orchestrator says stop (at most `seconds`): for a case whose
 * load lasts as long as it lasts. The bench's LoadSpec as argv[2]; a
 * ProbeRunning once autocannon runs, then any message stops it and the
 * bench's LoadResult comes back.
 */
import autocannon from 'autocannon';
import type { LoadResult, LoadSpec } from '../../bench/protocol';
import type { ProbeRunning } from './protocol';

async function main() {
  const spec = JSON.parse(process.argv[2] ?? '') as LoadSpec;
  let instance: autocannon.Instance | undefined;
  const running = new Promise<autocannon.Result>((resolve, reject) => {
    instance = autocannon(
      {
        url: spec.url,
        connections: spec.connections,
        duration: spec.seconds,
        timeout: spec.timeout ?? 10,
        ...(spec.overallRate ? { overallRate: spec.overallRate } : {}),
        sampleInt: 100,
      },
      (error: Error | null, result) => (error ? reject(error) : resolve(result)),
    );
  });
  const stop = () => instance?.stop();
  process.once('message', stop);
  process.send?.({ running: true } satisfies ProbeRunning);
  const result = await running;
  // Without a listener the IPC channel no longer holds the process open: it exits once this is sent.
  process.off('message', stop);
  const completed = result.requests.total;
  const answer: LoadResult = {
    reqPerSec: completed / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    completed,
    non2xx: result.non2xx,
    errors: result.errors,
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
