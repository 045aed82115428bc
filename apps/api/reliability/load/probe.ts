/**
 * `GET /api/inventory?limit=6` probed by autocannon, as bench/load.ts runs it,
 * but until the orchestrator says stop (at most `seconds`): for a case whose
 * load lasts as long as it lasts. The bench's LoadSpec as argv[2]; a
 * ProbeRunning once autocannon runs, then any message stops it and the
 * bench's LoadResult comes back.
 */
import autocannon from 'autocannon';
import { type LoadSpec, loadResultOf } from '../../bench/protocol';
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
  process.send?.(loadResultOf(result));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
