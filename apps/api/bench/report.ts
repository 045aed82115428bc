import os from 'node:os';
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
