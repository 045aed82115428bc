import type { CountsResult } from './counts';
import os from 'node:os';
import type { CsvResult } from './csv';
import type { StockCheck } from './deliveries';
import type { MemoryGrowth } from './memory';
import type { BenchOptions } from './options';
import type { LoadResult } from './protocol';
import { type SseLatency, type SseResult, sseRatios } from './sse';

export type Target = 'api' | 'floor' | 'ceiling';

export interface Row extends LoadResult {
  scenario: string;
  target: Target;
  /** req/s over the floor's for the same call; only for calls the floor answers. */
  vsFloor?: number;
  /** Each interleaved round's ratio, when there were several (vsFloor is their median). */
  vsFloorRounds?: number[];
  memory?: MemoryGrowth;
  stock?: StockCheck;
  /** Alerts raised during the measured runs (not the warm-up). */
  alerts?: number;
}

export interface Report {
  date: string;
  machine: { cpus: number; cpu: string; memoryGb: number; node: string; platform: string };
  command: string;
  options: BenchOptions;
  /** Items in the store, as X-Total-Count reports them. */
  itemsInStore: number | null;
  searchMatches: number | null;
  /** Issue 20: audit entries and deliveries (not cancelled) in the store, as X-Total-Count reports them. */
  auditEntries: number | null;
  deliveriesInStore: number | null;
  /** How long seeding took (items, deliveries and stock moves); null when the store was reused (--reuse). */
  seedSeconds: number | null;
  rows: Row[];
  /**
   * Issue 34, when a locations scenario ran: the locations in the store and each search's matches, as
   * X-Total-Count reports them, and how long seeding the tree took (null: the store reused).
   */
  locations?: { inStore: number | null; matches: Record<string, number | null>; seedSeconds: number | null };
  /** Issue 21's CSV export and import (`--only csv`). */
  csv?: CsvResult;
  counts?: CountsResult;
  /** Issue 22's live updates (`--only sse`). */
  sse?: SseResult;
  profile?: string[];
}

export function machine(): Report['machine'] {
  return {
    cpus: os.availableParallelism(),
    cpu: os.cpus()[0]?.model ?? 'unknown',
    memoryGb: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
    platform: `${os.platform()} ${os.release()}`,
  };
}

export function markdownTable(rows: Row[]): string {
  const lines = [
    '| Scenario | Server | req/s | p50 ms | p99 ms | non-2xx | errors | × floor (median of rounds) | Notes |',
    '|---|---|--:|--:|--:|--:|--:|--:|---|',
  ];
  for (const row of rows) {
    lines.push(
      `| ${row.scenario} | ${row.target} | ${rate(row.reqPerSec)} | ${row.p50} | ${row.p99} | ` +
        `${row.non2xx} | ${row.errors} | ${row.vsFloor === undefined ? '' : row.vsFloor.toFixed(2)} | ${notes(row)} |`,
    );
  }
  return lines.join('\n');
}

/** Whole numbers with separators; one decimal below 100, where the whole list lives. */
function rate(perSecond: number): string {
  return perSecond < 100 ? perSecond.toFixed(1) : Math.round(perSecond).toLocaleString('en');
}

function notes(row: Row): string {
  const parts: string[] = [];
  if (row.vsFloorRounds && row.target === 'api') {
    parts.push(`rounds: ${row.vsFloorRounds.map((ratio) => ratio.toFixed(2)).join(', ')}`);
  }
  if (row.memory) {
    parts.push(
      `RSS ${row.memory.beforeMb.toFixed(0)} → peak ${row.memory.peakMb.toFixed(0)} MB (+${row.memory.growthMb.toFixed(1)} MB)`,
    );
    parts.push(`${row.completed} answers, ${row.mbPerSec.toFixed(1)} MB/s`);
  }
  if (row.stock) {
    const { initial, final, delivered, oversold, crossings } = row.stock;
    parts.push(
      `stock ${initial.toLocaleString('en')} → ${final.toLocaleString('en')}, ${delivered} delivered, oversold ${oversold}`,
    );
    if (row.alerts !== undefined) parts.push(`${crossings} items crossed their reorder point (warm-up included)`);
  }
  if (row.alerts !== undefined) parts.push(`${row.alerts} alerts raised in the measured runs`);
  return parts.join('; ');
}

const mb = (value: number) => value.toFixed(0);
const whole = (value: number) => value.toLocaleString('en');

/** Issue 21: each export and import step, then what the probe's reads and writes met during each. */
export function csvTables(csv: CsvResult): string {
  const lines = [
    '| Step | Rows | Seconds | MB sent | Server RSS before → peak → after, MB | Answer |',
    '|---|--:|--:|--:|---|---|',
  ];
  for (const step of csv.steps) {
    const { beforeMb, peakMb, afterMb } = step.memory;
    const answer = step.report
      ? `update ${whole(step.report.update)}, create ${whole(step.report.create)}, unchanged ${whole(step.report.unchanged)}`
      : step.cutOffAt !== undefined
        ? `**no answer**: the server closed the connection after ${step.cutOffAt.toFixed(1)} s; its writes seen at the time given`
        : '';
    lines.push(
      `| ${step.step} | ${whole(step.rows)} | ${step.seconds.toFixed(2)} | ${step.megabytes.toFixed(step.megabytes < 1 ? 2 : 1)} | ` +
        `${mb(beforeMb)} → ${mb(peakMb)} → ${mb(afterMb)} (+${(peakMb - beforeMb).toFixed(0)}) | ${answer} |`,
    );
    if (step.step.endsWith(': apply')) {
      const file = step.step.slice(0, -': apply'.length);
      const total = csvImportSeconds(csv, file);
      if (total !== undefined) lines.push(`| **${file}: dry run + apply** | | **${total.toFixed(2)}** | | | |`);
    }
  }
  lines.push(
    '',
    `The probe (its own process): ${csv.rates.reads} reads/s (a page of 20 among the first 50, or one item, ` +
      `half each) and ${csv.rates.writes} restocks/s (+1, a manager's token), sent at those rates whatever ` +
      'the answers do; each request counted in the phase it was sent in; ms from sending to the last byte.',
    '',
    '| Phase | s | Reads | p50 ms | p99 ms | max ms | non-2xx, errors | Writes | p50 ms | p99 ms | max ms | non-2xx, errors |',
    '|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|',
  );
  for (const { phase, seconds, reads, writes } of csv.probe.phases) {
    const cells = (stats: typeof reads) =>
      stats.completed === 0
        ? '0 | – | – | – | –'
        : `${stats.completed} | ${stats.p50} | ${stats.p99} | ${stats.max} | ${stats.non2xx}, ${stats.errors}` +
          (stats.errors > 0
            ? ` (${Object.entries(stats.errorKinds)
                .map(([kind, count]) => `${count} ${kind}`)
                .join(', ')})`
            : '');
    lines.push(`| ${phase} | ${seconds.toFixed(1)} | ${cells(reads)} | ${cells(writes)} |`);
  }
  lines.push(
    '',
    `Items: ${whole(csv.itemsBefore)} before the imports, ${whole(csv.itemsAfter)} after. ` +
      `Stocktake read back: ${csv.stocktakeCheck.wrong} of ${csv.stocktakeCheck.checked} items ` +
      'not at the file’s price and quantity.',
  );
  return lines.join('\n');
}

/** A file's dry run and apply, in seconds, when both ran. */
export function csvImportSeconds(csv: CsvResult, file: string): number | undefined {
  const dry = csv.steps.find((step) => step.step === `${file}: dry run`);
  const apply = csv.steps.find((step) => step.step === `${file}: apply`);
  return dry && apply ? dry.seconds + apply.seconds : undefined;
}

/** Issue 22: commit to receipt in one process and across two, the server's memory, then reads and deliveries beside none. */
export function sseTables(sse: SseResult): string {
  const latency = (label: string, run: SseLatency) =>
    `| ${label} | ${run.restocks} | ${run.events} | ${whole(run.streamsOpen)} / ${whole(run.streamsWithEvery)} | ` +
    `${whole(run.receipts)} | ${run.fromCommit.p50} | ${run.fromCommit.p99} | ${run.fromCommit.max} | ` +
    `${run.fromAnswer.p50} / ${run.fromAnswer.p99} | ${run.lastStreamP50} |`;
  const { memory } = sse;
  const lines = [
    `${whole(sse.clients)} streams of GET /api/events from the clients' own process, ${sse.perAddress} per loopback ` +
      `address (${whole(sse.addresses)} addresses), opened in ${sse.connectSeconds.toFixed(1)} s. The cap: ` +
      `${sse.capCheck.streams} streams at once from one address, ${sse.capCheck.ok} opened, ${sse.capCheck.refused} ` +
      `refused with a 429${sse.capCheck.other ? `, ${sse.capCheck.other} otherwise` : ''}. The machine's load ` +
      `average (1 min): ${sse.loadAverage.start.toFixed(1)} at the start, ${sse.loadAverage.end.toFixed(1)} at the end.`,
    '',
    '| Restocks (+1, 200 ms apart) | Restocks | Events seen | Streams open / read every event | Receipts | p50 ms | p99 ms | max ms | From the answer p50 / p99 ms | Last stream p50 ms |',
    '|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|',
    latency('one API process', sse.one),
  ];
  if (sse.two) lines.push(latency('through the first of two, streams on the second', sse.two));
  lines.push(
    '',
    'ms from the commit time the event carries (`at`) to the stream reading it, over every stream and restock; ' +
      "“from the answer”: from the restock's answer reaching the bench (negative: the event came first).",
    '',
    `Server RSS: ${mb(memory.beforeMb)} MB before the streams, ${mb(memory.withMb)} MB with them ` +
      `(**${memory.perConnectionKb.toFixed(1)} KB per stream**), ${mb(memory.peakMb)} MB at the peak of the restocks, ` +
      `${mb(memory.afterCloseMb)} MB once they closed.` +
      (sse.two
        ? ` The second process: ${mb(sse.two.memory.beforeMb)} → ${mb(sse.two.memory.withMb)} MB ` +
          `(${sse.two.memory.perConnectionKb.toFixed(1)} KB per stream).`
        : ''),
    '',
    '| Call | Round | Streams | req/s | p50 ms | p99 ms | non-2xx, errors | Server RSS start → peak MB | Events the streams read | Clients CPU s |',
    '|---|--:|--:|--:|--:|--:|--:|---|--:|--:|',
  );
  for (const run of sse.runs) {
    const { load } = run;
    const expected = run.kind === 'deliveries' ? load.statuses['2xx']! * run.streams : undefined;
    const read = run.clients
      ? `${whole(run.clients.events)}${expected ? ` (${((100 * run.clients.events) / expected).toFixed(0)} % of 2xx × streams)` : ''}` +
        `${run.clients.dropped ? `, ${run.clients.dropped} dropped` : ''}`
      : '';
    lines.push(
      `| ${run.kind} | ${run.round} | ${whole(run.streams)} | ${rate(load.reqPerSec)} | ${load.p50} | ${load.p99} | ` +
        `${load.non2xx}, ${load.errors} | ${mb(run.memory.beforeMb)} → ${mb(run.memory.peakMb)} | ${read} | ` +
        `${run.clients ? run.clients.cpuSeconds.toFixed(1) : ''} |`,
    );
  }
  lines.push(
    '',
    'Each delivery is an `item` event to every stream; the deliveries still in flight when a run ends count in ' +
      'the events read, not in its 2xx (so over 100 %). Reads make no event (heartbeats are not counted).',
    '',
  );
  for (const kind of ['reads', 'deliveries'] as const) {
    const ratios = sseRatios(sse, kind);
    lines.push(
      `${kind === 'reads' ? 'Reads' : 'Deliveries'} with the streams: × ${ratios.ratio.toFixed(2)} of the rate with none ` +
        `(median of rounds: ${ratios.rounds.map((ratio) => ratio.toFixed(2)).join(', ')}); ` +
        `${rate(ratios.with.reqPerSec)} vs ${rate(ratios.without.reqPerSec)}/s, p50 ${ratios.with.p50} vs ` +
        `${ratios.without.p50} ms, p99 ${ratios.with.p99} vs ${ratios.without.p99} ms.`,
    );
  }
  const { initial, final, delivered, oversold } = sse.stock;
  lines.push(
    `Deliveries' stock: ${whole(initial)} → ${whole(final)}, ${whole(delivered)} delivered, oversold ${oversold}.`,
  );
  return lines.join('\n');
}
