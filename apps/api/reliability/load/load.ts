import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { residentMb, watchMemory } from '../../bench/memory';
import { exited, firstMessage, forkTs } from '../../bench/processes';
import { seedWithScript } from '../../bench/seed-items';
import { startServer, type Server } from '../server';
import type { LoadResult as CannonResult, LoadSpec as CannonSpec } from '../../bench/protocol';
import type { ProbeRunning, SearchResult, SearchSpec, SlowResult, SlowSpec } from './protocol';

export const LIMITS = { p99Ms: 250, peakMb: 400, settleMb: 50 };

export interface LoadCase<T = string> {
  name: string;
  /** `GET /api/inventory?limit=6` while the case's load ran. */
  probe: CannonResult;
  /** What the case's load generator itself saw. */
  background?: T;
  startMb: number;
  peakMb: number;
  /** RSS once the load has gone (the first sample back within the limit, or the last one tried). */
  afterMb: number;
  afterSeconds: number;
}

export interface LoadResult {
  items: number;
  startMb: number;
  cases: LoadCase[];
}

/** The probe: a steady trickle a person's page makes, enough samples for a p99 (100 a second over 4 connections). */
const PROBE = { connections: 4, overallRate: 100, timeout: 10 };
const SETTLE_SECONDS = 30;
/** The bound of a probe that runs as long as its case's load (the load's own bounds are tighter). */
const PROBE_MAX_SECONDS = 600;

/** How a case is measured: RSS against `startMb`, the probe for `probeSeconds` or as long as the load runs. */
export interface CaseTiming {
  startMb: number;
  probeSeconds: number | 'load';
  /** How long RSS is given to come back within LIMITS.settleMb of the start (default SETTLE_SECONDS). */
  settleSeconds?: number;
}

/** The load catalogue, seeded once per run: the load and attack parts read the same one (each its own server). */
const seeded = new Map<string, Promise<string>>();
export function seededDataDir(workDir: string, items: number, progress: (message: string) => void): Promise<string> {
  const dataDir = path.join(workDir, `data-${items}-items`);
  let ready = seeded.get(dataDir);
  if (!ready) {
    mkdirSync(dataDir);
    progress(`seeding ${items} items with src/seed.ts…`);
    ready = seedWithScript(dataDir, items).then(() => dataDir);
    seeded.set(dataDir, ready);
  }
  return ready;
}

/**
 * The load cases of issue 18 at `items` items: `?limit=6`'s p99 alone, then
 * while (a) 8 clients search with unique 1–2 characters, (b) 30 whole lists
 * download uncompressed, (c) 100 slow readers hang; the server's RSS sampled
 * from /proc throughout, and again until it settles after each case. Every
 * load generator runs in a process of its own.
 */
export async function runLoad(
  workDir: string,
  options: { items: number; seconds: number },
  progress: (message: string) => void,
): Promise<LoadResult> {
  const dataDir = await seededDataDir(workDir, options.items, progress);
  const server = await startServer(dataDir, path.join(workDir, 'load-server.log'));
  try {
    progress('load: warming up…');
    await cannon({ ...PROBE, url: `${server.base}/api/inventory?limit=6`, seconds: 3 });
    const startMb = residentMb(server.pid);
    const seconds = options.seconds;
    // Each background load runs a little longer than the probe, so the probe never measures a quiet tail.
    const backgroundSeconds = seconds + 2;
    const cases: LoadCase[] = [];
    const run = async (name: string, background?: () => Promise<string>) => {
      progress(`load: ${name}…`);
      cases.push(await loadCase(server, name, { startMb, probeSeconds: seconds }, background));
    };
    await run('quiet (the probe alone)');
    await run('(a) 8 clients, unique 1–2-character searches, 10/s in all', async () => {
      const spec: SearchSpec = { base: server.base, clients: 8, seconds: backgroundSeconds, rate: 10 };
      const r = await child<SearchResult>('search-clients.ts', spec);
      return `${r.sent} searches, ${statusText(r.statuses)}, ${r.errors} errors; search p50 ${ms(r.p50)}, p99 ${ms(r.p99)}`;
    });
    await run('(b) 30 whole-list downloads, uncompressed', async () => {
      const r = await cannon({
        url: `${server.base}/api/inventory`,
        connections: 30,
        seconds: backgroundSeconds,
        timeout: 60,
      });
      return `${r.completed} whole lists, ${statusText(r.statuses)}, ${r.errors} errors/timeouts, ${r.mbPerSec.toFixed(1)} MB/s`;
    });
    await run('(c) 100 slow readers of the whole list', async () => {
      const spec: SlowSpec = { port: Number(new URL(server.base).port), readers: 100, seconds: backgroundSeconds };
      const r = await child<SlowResult>('slow-readers.ts', spec);
      return `${r.opened} opened, ${r.closedByServer} closed by the server, answers ${statusText(r.statuses)}, ${r.bytesRead} bytes read`;
    });
    return { items: options.items, startMb, cases };
  } finally {
    await server.stop();
  }
}

/**
 * One case: the server's RSS sampled every 100 ms while `background` (a load
 * generator) runs and `?limit=6` is probed, either for `probeSeconds` (the
 * load started a second before) or, with `'load'`, from just before the load
 * starts until it ends; then RSS until it settles.
 */
export async function loadCase<T = string>(
  server: Server,
  name: string,
  timing: CaseTiming,
  background?: () => Promise<T>,
): Promise<LoadCase<T>> {
  const memory = watchMemory(server.pid, 100);
  const url = `${server.base}/api/inventory?limit=6`;
  let probe: CannonResult;
  let backgroundResult: T | undefined;
  let peakMb: number;
  try {
    if (timing.probeSeconds === 'load') {
      const probing = await probeUntilStopped({ ...PROBE, url, seconds: PROBE_MAX_SECONDS });
      try {
        backgroundResult = await background?.();
      } finally {
        probe = await probing.stop();
      }
    } else {
      const running = background?.();
      // Let the background load get going before the probe starts counting.
      if (running) await new Promise((resolve) => setTimeout(resolve, 1000));
      probe = await cannon({ ...PROBE, url, seconds: timing.probeSeconds });
      backgroundResult = await running;
    }
  } finally {
    peakMb = memory.stop().peakMb;
  }
  const settled = await settle(server.pid, timing.startMb + LIMITS.settleMb, timing.settleSeconds ?? SETTLE_SECONDS);
  return { name, probe, background: backgroundResult, startMb: timing.startMb, peakMb, ...settled };
}

/** RSS after a load: sampled twice a second until it is back within the limit, at most `maxSeconds`. */
async function settle(
  pid: number,
  targetMb: number,
  maxSeconds: number,
): Promise<{ afterMb: number; afterSeconds: number }> {
  const started = Date.now();
  for (;;) {
    const afterMb = residentMb(pid);
    const afterSeconds = (Date.now() - started) / 1000;
    if (afterMb <= targetMb || afterSeconds >= maxSeconds) return { afterMb, afterSeconds };
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** One autocannon run in its own process: the bench's load generator (bench/load.ts). */
async function cannon(spec: CannonSpec): Promise<CannonResult> {
  const process = forkTs(path.join('bench', 'load.ts'), { args: [JSON.stringify(spec)] });
  const result = await firstMessage<CannonResult>(process, 'bench/load.ts');
  await exited(process, 'bench/load.ts');
  return result;
}

/** The probe in its own process (probe.ts), running once this resolves, until stop(). */
async function probeUntilStopped(spec: CannonSpec): Promise<{ stop(): Promise<CannonResult> }> {
  const process = forkTs(path.join('reliability', 'load', 'probe.ts'), { args: [JSON.stringify(spec)] });
  await firstMessage<ProbeRunning>(process, 'load/probe.ts');
  return {
    async stop() {
      const result = firstMessage<CannonResult>(process, 'load/probe.ts');
      process.send('stop');
      const answer = await result;
      await exited(process, 'load/probe.ts');
      return answer;
    },
  };
}

/** A load generator (reliability/<folder>/<file>) in its own node process; resolves with its one IPC answer once it has exited. */
export async function child<T>(file: string, spec: object, folder = 'load'): Promise<T> {
  const process = forkTs(path.join('reliability', folder, file), { args: [JSON.stringify(spec)] });
  const result = await firstMessage<T>(process, file);
  await exited(process, file);
  return result;
}

function statusText(statuses: Record<string, number>): string {
  const parts = Object.entries(statuses)
    .filter(([, count]) => count > 0)
    .map(([status, count]) => `${count} × ${status}`);
  return parts.length ? parts.join(', ') : 'no answers';
}

const ms = (value: number) => `${Math.round(value)} ms`;
