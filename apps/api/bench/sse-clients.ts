/**
 * Issue 22's SSE clients, run by load.ts in a child process of run.ts (sse.ts starts it) so that reading a
 * thousand streams never shares an event loop with the server it measures, nor with the orchestrator. It
 * holds streams of GET /api/events open as browsers do, and answers one message per SseCommand over IPC.
 *
 * The server caps streams per client address (LIVE_PER_ADDRESS_MAX, keyed on the socket's address: the
 * bench's API trusts no proxy). A thousand clients come from many loopback addresses, a few each, as a
 * thousand browsers would from their own machines: Linux routes all of 127.0.0.0/8 to `lo`, so a socket
 * can be bound to 127.x.y.z (`localAddress`). Each `connect` takes a /16 of its own (127.10.0.0 on), so
 * streams the server has not yet seen closed never count against the next ones. No header, no proxy
 * setting: the server's own cap applies, and `capCheck` shows it does.
 *
 * Each stream is read by eventsource-parser, as an EventSource reads it: every event counted, the tracked
 * item's data parsed.
 */
import { type ClientRequest, type IncomingMessage, request } from 'node:http';
import { performance } from 'node:perf_hooks';
import { createParser } from 'eventsource-parser';
import type { LiveEvent } from '@smart-zone/types/live';
import type { SseCapChecked, SseClientsReady, SseClosed, SseCommand, SseConnected, SseReceipts } from './protocol';

/** Wall-clock ms with a fraction, comparable with the `at` of an event (the same machine's clock). */
const nowMs = () => performance.timeOrigin + performance.now();

/** Streams being opened at once: a thousand SYNs at once would overflow the server's accept queue. */
const OPENING_AT_ONCE = 50;
/** A stream not answered in this long counts as failed. */
const OPEN_TIMEOUT_MS = 15_000;

interface Stream {
  req: ClientRequest;
  res: IncomingMessage;
  /** Tracked event versions this stream has read, and when. */
  received: Map<number, number>;
}

const streams = new Set<Stream>();
let connects = 0;
let counts = { events: 0, chars: 0, dropped: 0 };
let cpuAtOpen = process.cpuUsage();
let tracked: { itemId: string; needle: string; afterVersion: number; atMs: Map<number, number> } | null = null;

/** A stream's reader: each event counted, the tracked item's read with the time its chunk arrived. */
function readerFor(received: Map<number, number>): (chunk: string) => void {
  let receivedMs = 0;
  const parser = createParser({
    onEvent({ event, data }) {
      counts.events += 1;
      if (!tracked || event !== 'item' || !data.includes(tracked.needle)) return;
      const parsed = JSON.parse(data) as LiveEvent;
      if (parsed.type !== 'item' || parsed.itemId !== tracked.itemId || parsed.version <= tracked.afterVersion) return;
      if (!received.has(parsed.version)) received.set(parsed.version, receivedMs);
      if (!tracked.atMs.has(parsed.version)) tracked.atMs.set(parsed.version, Date.parse(parsed.at));
    },
  });
  return (chunk) => {
    receivedMs = nowMs();
    counts.chars += chunk.length;
    parser.feed(chunk);
  };
}

/** One stream from `localAddress`; resolves with its status (0: a connection error or timeout) once answered. */
function open(base: URL, localAddress: string, keep: boolean): Promise<{ status: number; reason?: string }> {
  return new Promise((resolve) => {
    const req = request({
      host: base.hostname,
      port: base.port,
      path: '/api/events',
      localAddress,
      agent: false,
      headers: { accept: 'text/event-stream' },
    });
    const timer = setTimeout(() => req.destroy(new Error('timeout')), OPEN_TIMEOUT_MS);
    req.on('error', (error: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      resolve({ status: 0, reason: error.code ?? error.message });
    });
    req.on('response', (res) => {
      clearTimeout(timer);
      const status = res.statusCode ?? 0;
      if (status !== 200 || !keep) {
        res.resume();
        req.destroy();
        resolve({ status, reason: String(status) });
        return;
      }
      const received = new Map<number, number>();
      const read = readerFor(received);
      const stream: Stream = { req, res, received };
      streams.add(stream);
      res.setEncoding('utf8');
      res.on('data', read);
      // A reset while open: counted as a drop when it closes.
      res.on('error', () => undefined);
      res.on('close', () => {
        if (streams.delete(stream)) counts.dropped += 1;
      });
      resolve({ status });
    });
    req.end();
  });
}

/** Runs `count` opens, OPENING_AT_ONCE at a time. */
async function openMany(count: number, one: (i: number) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < count) await one(next++);
  };
  await Promise.all(Array.from({ length: Math.min(OPENING_AT_ONCE, count) }, worker));
}

async function connect({ base, clients, perAddress }: { base: string; clients: number; perAddress: number }) {
  const url = new URL(base);
  const block = 10 + (connects++ % 200);
  const address = (i: number) => {
    const n = Math.floor(i / perAddress);
    return `127.${block}.${Math.floor(n / 250)}.${(n % 250) + 1}`;
  };
  counts = { events: 0, chars: 0, dropped: 0 };
  cpuAtOpen = process.cpuUsage();
  const failed: Record<string, number> = {};
  const started = performance.now();
  await openMany(clients, async (i) => {
    const { status, reason } = await open(url, address(i), true);
    if (status !== 200) failed[reason ?? String(status)] = (failed[reason ?? String(status)] ?? 0) + 1;
  });
  return {
    opened: streams.size,
    failed,
    seconds: (performance.now() - started) / 1000,
    addresses: Math.ceil(clients / perAddress),
  } satisfies SseConnected;
}

async function capCheck({ base, streams: count }: { base: string; streams: number }) {
  const url = new URL(base);
  // All at once from one address (127.2.0.1, used by nothing else): the server must refuse what is over its cap.
  const kept = new Set(streams);
  const statuses = await Promise.all(Array.from({ length: count }, () => open(url, '127.2.0.1', true)));
  for (const stream of streams) {
    if (kept.has(stream)) continue;
    // Out of the set first: its close is then not counted as a drop.
    streams.delete(stream);
    stream.req.destroy();
  }
  return { statuses: statuses.map((answer) => answer.status) } satisfies SseCapChecked;
}

function receipts(): SseReceipts {
  const versions = [...(tracked?.atMs.keys() ?? [])].sort((a, b) => a - b);
  const answer: SseReceipts = {
    streams: streams.size,
    streamsWithEvery: [...streams].filter((stream) => versions.every((version) => stream.received.has(version))).length,
    events: versions.map((version) => ({
      version,
      atMs: tracked!.atMs.get(version)!,
      receivedMs: [...streams].flatMap((stream) => {
        const at = stream.received.get(version);
        return at === undefined ? [] : [at];
      }),
    })),
  };
  tracked = null;
  for (const stream of streams) stream.received.clear();
  return answer;
}

function close(): SseClosed {
  const closed = [...streams];
  // Out of the set first: their closes are then not counted as drops.
  streams.clear();
  for (const stream of closed) stream.req.destroy();
  const cpu = process.cpuUsage(cpuAtOpen);
  return {
    events: counts.events,
    megabytes: counts.chars / 1e6,
    dropped: counts.dropped,
    cpuSeconds: (cpu.user + cpu.system) / 1e6,
  };
}

async function answer(command: SseCommand): Promise<unknown> {
  if ('connect' in command) return connect(command.connect);
  if ('capCheck' in command) return capCheck(command.capCheck);
  if ('track' in command) {
    const { itemId, afterVersion } = command.track;
    tracked = { itemId, needle: `"itemId":"${itemId}"`, afterVersion, atMs: new Map() };
    for (const stream of streams) stream.received.clear();
    return { tracking: true };
  }
  if ('receipts' in command) return receipts();
  return close();
}

/** Answers the orchestrator's commands until it disconnects (or is gone, even killed): then exits. */
export function runSseClients(): void {
  // One command at a time, in the order sent; the orchestrator waits for each answer.
  let queue: Promise<void> = Promise.resolve();
  process.on('message', (command: SseCommand) => {
    queue = queue.then(async () => {
      process.send?.(await answer(command));
    });
  });
  process.on('disconnect', () => process.exit(0));
  process.send?.({ ready: true } satisfies SseClientsReady);
}
