import path from 'node:path';
import { createAccessTokens } from '../../src/auth/access-token';
import { expect } from '../../bench/http';
import { residentMb } from '../../bench/memory';
import { exited, firstMessage, forkTs } from '../../bench/processes';
import { child as loadChild, LIMITS, loadCase, seededDataDir, type LoadCase } from '../load/load';
import { JWT_SECRET, startServer, type Server } from '../server';
import type {
  HeldUploadsResult,
  HeldUploadsSpec,
  RestocksResult,
  RestocksSpec,
  SearchesProgress,
  SearchesResult,
  SearchesSpec,
  StalledStreamsResult,
  StalledStreamsSpec,
  UploadOutcome,
  UploadPlan,
  UploadsSpec,
} from './protocol';
import { sendQueues } from './send-queues';
import { rowsFor } from './upload';

const MB = 1024 * 1024;

/** What each case must show; p99 is the load part's. */
export const ATTACK_LIMITS = {
  p99Ms: LIMITS.p99Ms,
  /** 49 MB of tiny rows: an answer (any) within this, and RSS growth under this. */
  importAnswerSeconds: 60,
  importGrowthMb: 400,
  /** The chunked 60 MB: its 413 within this from the first byte, RSS growth under this. */
  chunkedAnswerSeconds: 2,
  chunkedGrowthMb: 100,
  /** The upload past the imports in flight: its 429 within this, before this much of its body was sent. */
  extraAnswerSeconds: 2,
  extraSentMb: 4,
  /** The stalled live streams: all closed by the server within this of the restocks' end, its send queues under this. */
  streamsClosedSeconds: 60,
  sendQueueMb: 64,
  /** RSS growth between the 50,000th unique search and the 100,000th. */
  searchGrowthMb: 20,
};

const STAFF = { email: 'attack-staff@example.com', uid: 'attack-staff', verified: true };
/** RSS is given this long to come back after each case (the load part gives 30 s; here it is only shown). */
const SETTLE_SECONDS = 10;
const STREAMS = 400;
/** 127.0.0.2 … 127.0.0.51: 8 streams from each, the per-address cap. */
const STREAM_ADDRESSES = Array.from({ length: 50 }, (_, i) => `127.0.0.${i + 2}`);
const RESTOCKS = 3000;
const SEARCHES = 100_000;
const SEARCH_MARKS = 4;
/** The searches' bound: at 100,000 items they must not take the part past its few minutes. */
const SEARCH_SECONDS = 180;

export type AttackFigures =
  | { kind: 'import'; dryRun: UploadOutcome; apply: UploadOutcome }
  | { kind: 'chunked'; upload: UploadOutcome }
  | { kind: 'held'; held: HeldUploadsResult }
  | {
      kind: 'streams';
      streams: StalledStreamsResult;
      restocks: RestocksResult;
      sendQueuePeakMb: number;
      sendQueueFinalMb: number;
      /** Streams the server still held when the restocks ended, and when the wait ended. */
      streamsAtRestocksEnd: number;
      streamsLeft: number;
      /** After the restocks' end, when the server held none of them any more; null: it still did. */
      closedAfterSeconds: number | null;
      waitedSeconds: number;
    }
  | { kind: 'searches'; searches: SearchesResult; rssMb: number[] }
  | { kind: 'early413'; uploads: UploadOutcome[] };

export interface AttackCase {
  name: string;
  /** The case's measures; absent when it could not run to the end (see error). */
  measured?: LoadCase<AttackFigures>;
  error?: string;
  /** /api/health answered within 5 s after the case (if not, the server was restarted for the next). */
  healthy: boolean;
}

export interface AttackResult {
  items: number;
  cases: AttackCase[];
}

/**
 * Hostile uploads and readers against the compiled server at `items` items
 * (the load part's catalogue): a 49 MB file of 6.4 million tiny rows (dry
 * run, then for real), a chunked 60 MB one, an upload past 4 held in flight,
 * 400 live streams that never read under 3,000 restocks, 100,000 unique
 * searches and 20 uploads past the size cap. Each case probes `?limit=6`
 * from just before it starts until it ends and samples the server's RSS; a
 * server that no longer answers /api/health after a case is restarted.
 */
export async function runAttack(
  workDir: string,
  options: { items: number },
  progress: (message: string) => void,
): Promise<AttackResult> {
  const dataDir = await seededDataDir(workDir, options.items, progress);
  const logFile = path.join(workDir, 'attack-server.log');
  let server = await startServer(dataDir, logFile);
  const token = createAccessTokens(JWT_SECRET, 3600).sign(STAFF);
  const port = () => Number(new URL(server.base).port);
  const upload = (rows: number, length?: UploadPlan['length'], dryRun = true): UploadPlan => ({
    port: port(),
    path: dryRun ? '/api/imports?dryRun=true' : '/api/imports',
    token,
    rows,
    length,
  });
  const cases: AttackCase[] = [];
  const run = async (name: string, attack: () => Promise<AttackFigures>) => {
    progress(`attack: ${name}…`);
    const done: AttackCase = { name, healthy: false };
    try {
      const timing = { startMb: residentMb(server.pid), probeSeconds: 'load' as const, settleSeconds: SETTLE_SECONDS };
      done.measured = await loadCase(server, name, timing, attack);
    } catch (error) {
      done.error = error instanceof Error ? error.message : String(error);
    }
    done.healthy = await healthy(server);
    if (!done.healthy) {
      progress(`attack: the server did not answer /api/health after "${name}": restarting it`);
      await server.kill();
      server = await startServer(dataDir, logFile);
    }
    cases.push(done);
  };

  try {
    progress('attack: warming up…');
    await expect(200, `${server.base}/api/inventory?limit=6`);

    await run('(1) 49 MB of 6.4 M tiny rows: dry run, then import', async () => {
      const rows = rowsFor(49 * MB);
      const one = async (dryRun: boolean) =>
        (
          await child<UploadOutcome[]>('uploads.ts', {
            uploads: [upload(rows, undefined, dryRun)],
            timeoutMs: ATTACK_LIMITS.importAnswerSeconds * 1000,
          } satisfies UploadsSpec)
        )[0]!;
      const dryRun = await one(true);
      return { kind: 'import', dryRun, apply: await one(false) };
    });

    await run('(2) 60 MB chunked (no Content-Length), tiny rows', async () => {
      const [outcome] = await child<UploadOutcome[]>('uploads.ts', {
        uploads: [upload(rowsFor(60 * MB), 'chunked')],
        timeoutMs: 15_000,
      } satisfies UploadsSpec);
      return { kind: 'chunked', upload: outcome! };
    });

    await run('(3) 4 uploads of 49 MB held in flight, then a 5th at 1 MB/s', async () => {
      const held = await child<HeldUploadsResult>('held-uploads.ts', {
        plan: upload(rowsFor(49 * MB)),
        held: 4,
        heldBytes: 16 * 1024,
        extraBytesPerSecond: MB,
        timeoutMs: 20_000,
      } satisfies HeldUploadsSpec);
      return { kind: 'held', held };
    });

    await run(`(4) ${STREAMS} live streams that never read, under ${RESTOCKS} restocks`, async () => {
      const items = (await expect<{ _id: string }[]>(200, `${server.base}/api/inventory?limit=5`)).body.map(
        (item) => item._id,
      );
      return stalledStreams(server, port(), token, items);
    });

    await run(`(5) ${SEARCHES.toLocaleString('en')} unique searches`, () => uniqueSearches(server));

    await run('(6) 20 uploads saying 60 MB (over the cap), each sending it', async () => {
      const uploads = await child<UploadOutcome[]>('uploads.ts', {
        uploads: Array.from({ length: 20 }, () => ({ ...upload(rowsFor(60 * MB)), sendAll: true })),
        timeoutMs: 30_000,
      } satisfies UploadsSpec);
      return { kind: 'early413', uploads };
    });
    return { items: options.items, cases };
  } finally {
    await server.stop();
  }
}

/** Case 4: the streams opened and stalled, the restocks sent, then the server watched in /proc for 60 s at most. */
async function stalledStreams(server: Server, port: number, token: string, items: string[]): Promise<AttackFigures> {
  const streams = forkTs(path.join('reliability', 'attack', 'stalled-streams.ts'), {
    args: [JSON.stringify({ port, streams: STREAMS, addresses: STREAM_ADDRESSES } satisfies StalledStreamsSpec)],
  });
  try {
    await firstMessage<StalledStreamsResult>(streams, 'stalled-streams.ts');
    let peak = 0;
    const look = () => {
      const queues = sendQueues(port, STREAM_ADDRESSES);
      peak = Math.max(peak, queues.bytes);
      return queues;
    };
    const sampler = setInterval(look, 500);
    const restocks = await child<RestocksResult>('restocks.ts', {
      base: server.base,
      token,
      items,
      count: RESTOCKS,
      connections: 8,
    } satisfies RestocksSpec);
    clearInterval(sampler);
    const ended = Date.now();
    let closedAfterSeconds: number | null = null;
    let queues = look();
    const streamsAtRestocksEnd = queues.open;
    for (;;) {
      const seconds = (Date.now() - ended) / 1000;
      if (queues.open === 0) closedAfterSeconds ??= seconds;
      if ((queues.open === 0 && queues.bytes < ATTACK_LIMITS.sendQueueMb * MB) || seconds >= 60) break;
      await new Promise((resolve) => setTimeout(resolve, 500));
      queues = look();
    }
    const waitedSeconds = (Date.now() - ended) / 1000;
    const result = firstMessage<StalledStreamsResult>(streams, 'stalled-streams.ts');
    streams.send('stop');
    return {
      kind: 'streams',
      streams: await result,
      restocks,
      sendQueuePeakMb: peak / MB,
      sendQueueFinalMb: queues.bytes / MB,
      streamsAtRestocksEnd,
      streamsLeft: queues.open,
      closedAfterSeconds,
      waitedSeconds,
    };
  } finally {
    if (streams.connected) streams.disconnect();
    await exited(streams, 'stalled-streams.ts');
  }
}

/** Case 5: the searches in their own process; the server's RSS read at the start and at every quarter. */
async function uniqueSearches(server: Server): Promise<AttackFigures> {
  const rssMb = [residentMb(server.pid)];
  const spec: SearchesSpec = {
    base: server.base,
    count: SEARCHES,
    connections: 4,
    every: SEARCHES / SEARCH_MARKS,
    seconds: SEARCH_SECONDS,
  };
  const searches = forkTs(path.join('reliability', 'attack', 'unique-searches.ts'), { args: [JSON.stringify(spec)] });
  const result = new Promise<SearchesResult>((resolve, reject) => {
    searches.on('message', (message: SearchesProgress | SearchesResult) => {
      if ('statuses' in message) resolve(message);
      else rssMb.push(residentMb(server.pid));
    });
    searches.once('exit', () => reject(new Error('unique-searches.ts exited before answering')));
  });
  const figures = await result;
  await exited(searches, 'unique-searches.ts');
  return { kind: 'searches', searches: figures, rssMb };
}

/** A load generator of this folder in its own process: its one IPC answer. */
const child = <T>(file: string, spec: object) => loadChild<T>(file, spec, 'attack');

async function healthy(server: Server): Promise<boolean> {
  try {
    const response = await fetch(`${server.base}/api/health`, { signal: AbortSignal.timeout(5000) });
    return response.ok;
  } catch {
    return false;
  }
}
