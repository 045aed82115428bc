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
import { type LoadSpec, loadResultOf, type ProbeSpec, type SseClientsSpec } from './protocol';
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
  process.send?.(loadResultOf(result));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
