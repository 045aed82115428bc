/**
 * Issue 22: live updates (GET /api/events, Server-Sent Events) with a thousand clients connected.
 *
 * The clients are a process of their own (sse-clients.ts, run by load.ts), a few streams per loopback address so the
 * server's per-address cap holds (checked first: one address over the cap gets its 429).
 *
 * 1. One API process: the server's RSS before the clients connect and with all of them connected (per
 *    connection: the difference over the streams); then RESTOCKS restocks of one item of the bench's own
 *    (+1 each, the manager's token, RESTOCK_SPACING_MS apart), each event's receipt timed on every stream
 *    from the commit time the event carries (`at`, the same machine's clock) and from the restock's
 *    answer reaching the bench.
 * 2. Reads (a page of 20) and deliveries (deliver 1, as issue 9's run) by autocannon in its own process,
 *    with the clients connected and with none, in interleaved rounds (none, with, with, none…): the ratio
 *    of each round's rates, and how many events the clients read meanwhile (each delivery is an event to
 *    every stream).
 * 3. Two API processes on the same SQLite file: the clients on the second, the restocks through the first
 *    (which the second hears by polling the file, sqlite-feed.ts).
 *
 * Runs only when `--only` names it (`--only sse`), after the other scenarios.
 */
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Item } from '@smart-zone/types/item';
import { LIVE_PER_ADDRESS_MAX } from '@smart-zone/types/live';
import { type ApiServer, startApiServer } from './api-server';
import { checkStock, deliveryBody, type StockCheck, type StockItem } from './deliveries';
import { expect } from './http';
import { measure, warmUp } from './measure';
import { residentMb, watchMemory } from './memory';
import { firstMessage, forkTs, stop } from './processes';
import type {
  LoadResult,
  LoadSpec,
  SseCapChecked,
  SseClientsReady,
  SseClientsSpec,
  SseClosed,
  SseCommand,
  SseConnected,
  SseReceipts,
} from './protocol';

/** The scenario's name, as `--only` matches it. */
export const SSE_SCENARIO = 'live updates over SSE (issue 22)';

/** Streams from one loopback address: half the server's cap. */
const PER_ADDRESS = Math.max(1, Math.floor(LIVE_PER_ADDRESS_MAX / 2));
const RESTOCKS = 20;
const RESTOCK_SPACING_MS = 200;
/** After the last restock, how long the streams have to read it (the second process polls every 250 ms). */
const SETTLE_MS = { one: 1000, two: 2000 };
/** After the streams are open, before the server's RSS is read with them. */
const CONNECTED_SETTLE_MS = 2000;
/** Seconds of each call's unrecorded load before the comparison's first round. */
const COMPARE_WARMUP_S = 3;
/** The read the comparison runs: a page of the list, as the issue-8 scenario. */
const READ_PATH = '/api/inventory?limit=20&skip=40';

/** Commit to receipt over every stream and restock, ms. */
export interface SseLatency {
  restocks: number;
  /** Events of the restocked item the streams saw (one per restock when all is well). */
  events: number;
  /** Streams asked for, open at the end, and among those the ones that read every event. */
  clients: number;
  streamsOpen: number;
  streamsWithEvery: number;
  receipts: number;
  /** From the `at` the event carries (when the server committed it). */
  fromCommit: Percentiles;
  /** From the restock's answer reaching the bench (negative: the event came first). */
  fromAnswer: Percentiles;
  /** Per restock, from `at` to the last stream's receipt. */
  lastStreamP50: number;
}

interface Percentiles {
  p50: number;
  p99: number;
  max: number;
}

export interface SseRun {
  kind: 'reads' | 'deliveries';
  round: number;
  /** Streams open during the run (0: none connected). */
  streams: number;
  load: LoadResult;
  /** The server's RSS, MB: at the run's start and its peak. */
  memory: { beforeMb: number; peakMb: number };
  /** What the streams read during the run, and the clients process's CPU seconds meanwhile. */
  clients?: SseClosed;
}

export interface SseResult {
  clients: number;
  perAddress: number;
  addresses: number;
  connectSeconds: number;
  /** The cap check: streams opened at once from one address, and how many were refused with a 429. */
  capCheck: { streams: number; ok: number; refused: number; other: number };
  /** The first API process's RSS (MB) before the streams, with them, and after they closed. */
  memory: { beforeMb: number; withMb: number; peakMb: number; afterCloseMb: number; perConnectionKb: number };
  one: SseLatency;
  two?: SseLatency & { memory: { beforeMb: number; withMb: number; perConnectionKb: number } };
  runs: SseRun[];
  stock: StockCheck;
  failedToOpen: Record<string, number>;
  /** The machine's 1-minute load average when the scenario started and when it ended (2 cores: 2 is busy). */
  loadAverage: { start: number; end: number };
}

interface SseContext {
  api: ApiServer;
  dataDir: string;
  workDir: string;
  server: 'compiled' | 'tsx';
  token: string;
  /** The item with all the stock an item may hold, which the deliveries take from. */
  stockItem: StockItem;
  clients: number;
  seconds: number;
  connections: number;
  warmup: number;
  rounds: number;
  progress: (message: string) => void;
}

interface SseClients {
  ask<T>(command: SseCommand): Promise<T>;
  stop(): Promise<void>;
}

/** sse-clients.ts (through load.ts) in a process of its own. */
async function startClients(): Promise<SseClients> {
  const spec: SseClientsSpec = { kind: 'sse-clients' };
  const child = forkTs(path.join('bench', 'load.ts'), { args: [JSON.stringify(spec)] });
  await firstMessage<SseClientsReady>(child, 'the SSE clients');
  return {
    ask<T>(command: SseCommand) {
      const answer = firstMessage<T>(child, 'the SSE clients');
      child.send(command);
      return answer;
    },
    stop: () => stop(child, 2000),
  };
}

/** The sample at or below which that share of them lie, as probe.ts and autocannon count. */
function percentiles(values: number[]): Percentiles {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (share: number) =>
    sorted.length === 0
      ? Number.NaN
      : round1(sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)]!);
  return { p50: at(0.5), p99: at(0.99), max: round1(sorted.at(-1) ?? Number.NaN) };
}

const round1 = (value: number) => Math.round(value * 10) / 10;
function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  if (sorted.length === 0) return Number.NaN;
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}
const nowMs = () => performance.timeOrigin + performance.now();

/** A fresh item of the bench's own, which only the restocks below change; its id and version. */
async function liveItem(base: string, token: string, name: string): Promise<{ id: string; version: number }> {
  const { body } = await expect<{ insertedId: string }>(201, `${base}/api/inventory`, {
    method: 'POST',
    token,
    body: { name, supplier: 'Bench', price: 1, quantity: 0, description: '', img: '' },
  });
  const item = await expect<Item>(200, `${base}/api/inventory/${body.insertedId}`);
  return { id: item.body._id, version: item.body.version };
}

/** RESTOCKS restocks through `through`, each event timed on every stream the clients hold. */
async function timedRestocks(
  clients: SseClients,
  context: SseContext,
  through: string,
  item: { id: string; version: number },
  settleMs: number,
): Promise<SseLatency> {
  await clients.ask({ track: { itemId: item.id, afterVersion: item.version } });
  const answeredMs: number[] = [];
  for (let i = 0; i < RESTOCKS; i += 1) {
    const started = performance.now();
    await expect(200, `${through}/api/inventory/${item.id}/stock`, {
      method: 'POST',
      token: context.token,
      body: { delta: 1, note: 'Bench: live updates' },
    });
    answeredMs.push(nowMs());
    await sleep(Math.max(0, RESTOCK_SPACING_MS - (performance.now() - started)));
  }
  await sleep(settleMs);
  const receipts = await clients.ask<SseReceipts>({ receipts: true });
  // The restocks ran one after another, so the item's versions follow their order.
  const fromCommit: number[] = [];
  const fromAnswer: number[] = [];
  const lastStream: number[] = [];
  receipts.events.forEach((event, i) => {
    for (const received of event.receivedMs) {
      fromCommit.push(received - event.atMs);
      const answered = answeredMs[i];
      if (answered !== undefined) fromAnswer.push(received - answered);
    }
    if (event.receivedMs.length > 0) lastStream.push(Math.max(...event.receivedMs) - event.atMs);
  });
  return {
    restocks: RESTOCKS,
    events: receipts.events.length,
    clients: context.clients,
    streamsOpen: receipts.streams,
    streamsWithEvery: receipts.events.length === RESTOCKS ? receipts.streamsWithEvery : 0,
    receipts: fromCommit.length,
    fromCommit: percentiles(fromCommit),
    fromAnswer: percentiles(fromAnswer),
    lastStreamP50: round1(median(lastStream)),
  };
}

async function connect(clients: SseClients, context: SseContext, base: string): Promise<SseConnected> {
  const connected = await clients.ask<SseConnected>({
    connect: { base, clients: context.clients, perAddress: PER_ADDRESS },
  });
  const failed = Object.entries(connected.failed);
  context.progress(
    `sse: ${connected.opened} of ${context.clients} streams open in ${connected.seconds.toFixed(1)} s from ` +
      `${connected.addresses} loopback addresses${failed.length ? `; failed: ${JSON.stringify(connected.failed)}` : ''}`,
  );
  return connected;
}

export async function runSse(context: SseContext): Promise<SseResult> {
  const { api, progress } = context;
  const loadAtStart = os.loadavg()[0]!;
  const clients = await startClients();
  let second: ApiServer | undefined;
  try {
    // The server's own cap, from one address: one stream over it must be refused.
    const cap = await clients.ask<SseCapChecked>({ capCheck: { base: api.base, streams: LIVE_PER_ADDRESS_MAX + 1 } });
    const capCheck = {
      streams: cap.statuses.length,
      ok: cap.statuses.filter((status) => status === 200).length,
      refused: cap.statuses.filter((status) => status === 429).length,
      other: cap.statuses.filter((status) => status !== 200 && status !== 429).length,
    };
    progress(
      `sse: the cap, ${capCheck.streams} streams from one address: ${capCheck.ok} open, ${capCheck.refused} refused (429)`,
    );
    await sleep(500);

    // 1. One process: memory per connection, then the restocks.
    const item = await liveItem(api.base, context.token, 'Bench live 1');
    const beforeMb = residentMb(api.pid);
    const connected = await connect(clients, context, api.base);
    await sleep(CONNECTED_SETTLE_MS);
    const withMb = residentMb(api.pid);
    progress(`sse: API RSS ${beforeMb.toFixed(0)} MB → ${withMb.toFixed(0)} MB with ${connected.opened} streams`);
    const watch = watchMemory(api.pid);
    progress(`sse: ${RESTOCKS} restocks through the API, ${RESTOCK_SPACING_MS} ms apart…`);
    const one = await timedRestocks(clients, context, api.base, item, SETTLE_MS.one);
    const peakMb = watch.stop().peakMb;
    progress(`sse: commit → receipt p50 ${one.fromCommit.p50} ms, p99 ${one.fromCommit.p99} ms`);
    await clients.ask<SseClosed>({ close: true });
    await sleep(1000);
    const afterCloseMb = residentMb(api.pid);

    // 2. Reads and deliveries with the streams and without, in interleaved rounds.
    const runs = await compare(clients, context);

    // 3. Two processes on one file: the streams on the second, the restocks through the first.
    progress('sse: starting a second API process on the same SQLite file…');
    second = await startApiServer(context.dataDir, path.join(context.workDir, 'server-2.log'), {
      server: context.server,
    });
    const item2 = await liveItem(api.base, context.token, 'Bench live 2');
    // The second process hears of the item's creation by its poll, before any restock is timed.
    await sleep(1000);
    const beforeMb2 = residentMb(second.pid);
    const connected2 = await connect(clients, context, second.base);
    await sleep(CONNECTED_SETTLE_MS);
    const withMb2 = residentMb(second.pid);
    progress(`sse: ${RESTOCKS} restocks through the first process, the streams on the second…`);
    const two = await timedRestocks(clients, context, api.base, item2, SETTLE_MS.two);
    progress(`sse: across processes, commit → receipt p50 ${two.fromCommit.p50} ms, p99 ${two.fromCommit.p99} ms`);
    await clients.ask<SseClosed>({ close: true });

    return {
      clients: context.clients,
      perAddress: PER_ADDRESS,
      addresses: connected.addresses,
      connectSeconds: connected.seconds,
      capCheck,
      memory: {
        beforeMb,
        withMb,
        peakMb,
        afterCloseMb,
        perConnectionKb: connected.opened ? ((withMb - beforeMb) * 1024) / connected.opened : Number.NaN,
      },
      one,
      two: {
        ...two,
        memory: {
          beforeMb: beforeMb2,
          withMb: withMb2,
          perConnectionKb: connected2.opened ? ((withMb2 - beforeMb2) * 1024) / connected2.opened : Number.NaN,
        },
      },
      runs,
      stock: await checkStock(api.base, context.token, [context.stockItem]),
      failedToOpen: connected.failed,
      loadAverage: { start: loadAtStart, end: os.loadavg()[0]! },
    };
  } finally {
    await Promise.all([clients.stop(), second?.stop()]);
  }
}

/** Each round: reads, then deliveries, with the streams open and with none (the order alternating by round). */
async function compare(clients: SseClients, context: SseContext): Promise<SseRun[]> {
  const { api, progress } = context;
  const loads: Record<SseRun['kind'], LoadSpec> = {
    reads: { url: `${api.base}${READ_PATH}`, connections: context.connections, seconds: context.seconds },
    deliveries: {
      url: `${api.base}/api/myitem`,
      // 64 connections, as issue 9 measures deliveries.
      connections: 64,
      seconds: context.seconds,
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${context.token}` },
      body: deliveryBody(context.stockItem),
    },
  };
  // Longer than the other scenarios' warm-up: the first measured run must not be the one that grows the heap.
  for (const kind of ['reads', 'deliveries'] as const) {
    progress(`sse: warming up ${kind}…`);
    await warmUp(loads[kind], Math.max(context.warmup, COMPARE_WARMUP_S));
  }
  const runs: SseRun[] = [];
  for (let round = 1; round <= context.rounds; round += 1) {
    // None first, then with, then with, none…: neither side always runs first.
    const order = round % 2 === 1 ? [false, true] : [true, false];
    for (const withStreams of order) {
      for (const kind of ['reads', 'deliveries'] as const) {
        progress(
          `sse: ${kind} ${withStreams ? `with ${context.clients} streams` : 'with no stream'}, round ${round} of ${context.rounds}…`,
        );
        const opened = withStreams ? (await connect(clients, context, api.base)).opened : 0;
        // Measured with the streams settled, as with none: not during the burst of their opening.
        if (withStreams) await sleep(CONNECTED_SETTLE_MS);
        const watch = watchMemory(api.pid);
        const load = await measure(loads[kind]);
        const { beforeMb, peakMb } = watch.stop();
        const read = withStreams ? await clients.ask<SseClosed>({ close: true }) : undefined;
        runs.push({ kind, round, streams: opened, load, memory: { beforeMb, peakMb }, clients: read });
        // The server sees the streams closed before the next run starts.
        if (withStreams) await sleep(500);
      }
    }
  }
  return runs;
}

/** A kind's runs as the comparison reads them: medians of each round's with/without ratio. */
export function sseRatios(result: SseResult, kind: SseRun['kind']) {
  const runs = result.runs.filter((run) => run.kind === kind);
  const rounds = [...new Set(runs.map((run) => run.round))];
  const pairs = rounds.flatMap((round) => {
    const withRun = runs.find((run) => run.round === round && run.streams > 0);
    const without = runs.find((run) => run.round === round && run.streams === 0);
    return withRun && without ? [{ withRun, without }] : [];
  });
  const sum = (list: SseRun[], pick: (run: SseRun) => number) => list.reduce((total, run) => total + pick(run), 0);
  const side = (list: SseRun[]) => ({
    reqPerSec: sum(list, (run) => run.load.completed) / sum(list, (run) => run.load.seconds),
    p50: median(list.map((run) => run.load.p50)),
    p99: median(list.map((run) => run.load.p99)),
    failed: sum(list, (run) => run.load.non2xx + run.load.errors),
  });
  return {
    rounds: pairs.map(({ withRun, without }) => withRun.load.reqPerSec / without.load.reqPerSec),
    ratio: median(pairs.map(({ withRun, without }) => withRun.load.reqPerSec / without.load.reqPerSec)),
    with: side(pairs.map((pair) => pair.withRun)),
    without: side(pairs.map((pair) => pair.without)),
  };
}
