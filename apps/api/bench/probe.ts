/**
 * Issue 21's probe (run by load.ts in its own process): what other users see while a file is imported.
 * Reads (a page of 20 of the list, or one item) and writes (a restock of +1 with a manager's token) go out
 * at fixed rates whatever the answers do, so a write waiting behind the import's transaction never holds
 * the next request back (autocannon's connections would wait with it, and the waits would go unmeasured).
 * Each request counts in the phase named when it was sent; on `stop` the probe waits for the requests
 * still out and answers one ProbeResult.
 */
import { readFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { performance } from 'node:perf_hooks';
import type { LatencyStats, ProbeCommand, ProbeItems, ProbeReady, ProbeResult, ProbeSpec } from './protocol';

interface Sample {
  ms: number;
  /** The status, or 0 for a connection error or a timeout. */
  status: number;
  /** Why there is no status: the error's code or message. */
  error?: string;
}

interface Phase {
  phase: string;
  started: number;
  ended?: number;
  reads: Sample[];
  writes: Sample[];
}

const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)]!;

export function runProbe(spec: ProbeSpec): Promise<void> {
  const url = new URL(spec.base);
  const items = JSON.parse(readFileSync(spec.itemsFile, 'utf8')) as ProbeItems;
  // Every request gets a socket at once: none queues behind a write that waits for the import. A free
  // socket is closed after 4 s, before the server's 5 s keep-alive does (which, when both happen at
  // once, resets the next request sent on it: the client's doing, not the server's).
  const agent = new Agent({ keepAlive: true, maxSockets: Infinity, timeout: 4000 });
  const phases: Phase[] = [];
  let current: Phase | null = null;
  const outstanding = new Set<Promise<void>>();

  const send = (write: boolean) => {
    const phase = current;
    const path = write
      ? `/api/inventory/${pick(items.restock)}/stock`
      : Math.random() < 0.5
        ? `/api/inventory?limit=20&skip=${20 * Math.floor(Math.random() * spec.pages)}`
        : `/api/inventory/${pick(items.read)}`;
    const body = write ? JSON.stringify({ delta: 1 }) : undefined;
    const started = performance.now();
    const done = new Promise<void>((resolve) => {
      const record = (status: number, error?: Error) => {
        const reason = error && ((error as NodeJS.ErrnoException).code ?? error.message);
        (write ? phase?.writes : phase?.reads)?.push({ ms: performance.now() - started, status, error: reason });
        resolve();
      };
      const req = request(
        {
          host: url.hostname,
          port: url.port,
          path,
          agent,
          method: write ? 'POST' : 'GET',
          timeout: spec.timeout * 1000,
          headers: write
            ? {
                authorization: `Bearer ${spec.token}`,
                'content-type': 'application/json',
                'content-length': Buffer.byteLength(body!),
              }
            : {},
        },
        (res) => {
          res.resume();
          res.on('end', () => record(res.statusCode ?? 0));
          res.on('error', (error) => record(0, error));
        },
      );
      req.on('timeout', () => req.destroy(new Error('timed out')));
      req.on('error', (error) => record(0, error));
      req.end(body);
    });
    outstanding.add(done);
    void done.then(() => outstanding.delete(done));
  };

  // Open loop: each tick sends every request due by now, so a late tick catches up rather than slowing down.
  const began = performance.now();
  const sent = { reads: 0, writes: 0 };
  const tick = setInterval(() => {
    const seconds = (performance.now() - began) / 1000;
    while (sent.reads < Math.floor(seconds * spec.readsPerSecond)) {
      sent.reads += 1;
      send(false);
    }
    while (sent.writes < Math.floor(seconds * spec.writesPerSecond)) {
      sent.writes += 1;
      send(true);
    }
  }, 5);

  process.send?.({ ready: true } satisfies ProbeReady);
  return new Promise((resolve) => {
    const onCommand = (command: ProbeCommand) => {
      const now = performance.now();
      if (current) current.ended = now;
      if ('phase' in command) {
        current = command.phase === null ? null : { phase: command.phase, started: now, reads: [], writes: [] };
        if (current) phases.push(current);
        return;
      }
      clearInterval(tick);
      current = null;
      void Promise.all(outstanding).then(() => {
        const result: ProbeResult = {
          phases: phases.map((phase) => ({
            phase: phase.phase,
            seconds: ((phase.ended ?? now) - phase.started) / 1000,
            reads: stats(phase.reads),
            writes: stats(phase.writes),
          })),
        };
        agent.destroy();
        // Without a listener the IPC channel no longer holds the process open: it exits once this is sent.
        process.off('message', onCommand);
        process.send?.(result, () => resolve());
      });
    };
    process.on('message', onCommand);
  });
}

/** Percentiles as autocannon's: the sample at or below which that share of them lie (ms, one decimal). */
function stats(samples: Sample[]): LatencyStats {
  const sorted = samples.map((sample) => sample.ms).sort((a, b) => a - b);
  const at = (share: number) =>
    sorted.length === 0 ? 0 : round(sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)]!);
  return {
    completed: samples.length,
    p50: at(0.5),
    p99: at(0.99),
    max: round(sorted.at(-1) ?? 0),
    non2xx: samples.filter((sample) => sample.status !== 0 && (sample.status < 200 || sample.status > 299)).length,
    errors: samples.filter((sample) => sample.status === 0).length,
    errorKinds: samples.reduce<Record<string, number>>((kinds, { error }) => {
      if (error) kinds[error] = (kinds[error] ?? 0) + 1;
      return kinds;
    }, {}),
  };
}

const round = (ms: number) => Math.round(ms * 10) / 10;
