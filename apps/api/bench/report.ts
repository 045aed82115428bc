import os from 'node:os';
import type { CsvResult } from './csv';
import type { StockCheck } from './deliveries';
import type { MemoryGrowth } from './memory';
import type { BenchOptions } from './options';
import type { LoadResult } from './protocol';

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
  /** Issue 21's CSV export and import (`--only csv`). */
  csv?: CsvResult;
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
