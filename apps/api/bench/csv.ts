/**
 * Issue 21: the CSV export and import at the store's size, with other users' requests going on.
 *
 * 1. GET /api/inventory.csv, the whole body read: as it is sent, then as a browser asks (brotli or gzip).
 * 2. From that export, two files: a stocktake (every row's price and quantity + 1: every item updated) and
 *    as many new rows (no id, SKUs no item has).
 * 3. Each file's dry run, then its import, one POST each, timed, with the server's resident memory before,
 *    at its peak during and after each.
 * 4. Throughout, the probe (probe.ts, in its own process) reads pages and items and restocks a few items
 *    at fixed rates: its figures at rest first, then during each dry run and each import.
 *
 * The store keeps both imports (every item's price and quantity moved, twice the items): the scenario
 * runs last, and only when `--only` names it (`--only csv`).
 */
import { writeFileSync } from 'node:fs';
import { request } from 'node:http';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { ITEM_CSV_COLUMNS } from '@smart-zone/types/csv';
import type { ImportReport } from '@smart-zone/types/imports';
import { type Item, PRICE_MAX, QUANTITY_MAX } from '@smart-zone/types/item';
import { ean13 } from '../src/store/ean13';
import { expect } from './http';
import { startProbe } from './measure';
import { residentMb, watchMemory } from './memory';
import type { ProbeItems, ProbeResult } from './protocol';

/** The scenario's name, as `--only` matches it. */
export const CSV_SCENARIO = 'csv export and import (issue 21)';

/** The probe's rates: a few people at work, not a load test. */
const READS_PER_SECOND = 40;
const WRITES_PER_SECOND = 4;
/** The probe's pages are the list's first ones (skip 0–980), as people browse it. */
const PAGES = 50;
/** Items of the stocktake whose price and quantity are read back after its import (none the probe restocks). */
const CHECKED = 200;
/** Seconds at rest (the probe going) after the imports at most, the server's RSS read each second. */
const REST_AFTER_SECONDS = 60;
/** The RSS growth (MB) an import may leave behind once at rest (issue 32). */
const RSS_KEPT_MAX_MB = 100;

export interface CsvStep {
  /** `export`, `export (<content-encoding>)`, `<file>: dry run`, `<file>: apply` (the probe's phases too). */
  step: string;
  /** Data rows: the export's, or the import's own count of the rows it read. */
  rows: number;
  seconds: number;
  /** Bytes on the wire: the body downloaded, or the file uploaded. */
  megabytes: number;
  /** The server's RSS (MB): before, the highest sample during (every 20 ms), and at the answer. */
  memory: { beforeMb: number; peakMb: number; afterMb: number };
  /** An import's answer (its changes left out). */
  report?: Omit<ImportReport, 'changes'>;
  /**
   * Seconds after which the server closed the connection with no answer: `seconds` is then when what it
   * wrote was first seen (polled every 250 ms).
   */
  cutOffAt?: number;
}

export interface CsvResult {
  /** Items the export held. */
  items: number;
  rates: { reads: number; writes: number };
  steps: CsvStep[];
  probe: ProbeResult;
  /** After the stocktake's import: items read back whose price or quantity is not the file's. */
  stocktakeCheck: { checked: number; wrong: number };
  /** After the new rows' import: X-Total-Count before and after. */
  itemsBefore: number;
  itemsAfter: number;
  /**
   * The server's RSS (MB) before the first import, and after the last one answered: the first reading within
   * RSS_KEPT_MAX_MB of before, read each second (V8 gives its heap back when allocation has been slow a while),
   * or the last after REST_AFTER_SECONDS.
   */
  rested?: { beforeMb: number; afterMb: number; seconds: number; limitMb: number };
}

interface CsvContext {
  base: string;
  pid: number;
  /** A manager's token (the bench's user). */
  token: string;
  workDir: string;
  /** Unrecorded seconds of the probe before its figures at rest, and the seconds of those. */
  warmup: number;
  seconds: number;
  progress: (message: string) => void;
}

interface Timed {
  /** 0: the connection failed or was closed before the answer's end (`error` says how). */
  status: number;
  /** The answer's Content-Encoding, if any. */
  encoding?: string;
  body: Buffer;
  seconds: number;
  error?: string;
}

/**
 * One request on a connection of its own, timed from sending to the answer's last byte, with no timeout
 * (fetch's would cut a slow import off at 300 s) and nothing decoded (a compressed export is timed as
 * the bytes arrive, as a browser receives them). A connection that fails is an answer too: status 0.
 */
function timed(url: string, options: { method?: string; headers?: Record<string, string>; body?: Buffer }) {
  return new Promise<Timed>((resolve) => {
    const started = performance.now();
    const seconds = () => (performance.now() - started) / 1000;
    const failed = (error: Error) =>
      resolve({ status: 0, body: Buffer.alloc(0), seconds: seconds(), error: error.message });
    const req = request(url, { method: options.method ?? 'GET', headers: options.headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          encoding: res.headers['content-encoding'],
          body: Buffer.concat(chunks),
          seconds: seconds(),
        }),
      );
      res.on('error', failed);
    });
    req.on('error', failed);
    req.end(options.body);
  });
}

/**
 * A call timed with the server's memory watched around it. When the connection is closed before the
 * answer (the server's idle timeout closes a connection silent for 60 s), `landed` is polled until what
 * the call writes can be seen: the step then lasts until then, and says where it was cut off.
 */
async function watched(
  context: CsvContext,
  step: string,
  url: string,
  options: Parameters<typeof timed>[1],
  landed?: () => Promise<boolean>,
): Promise<{ answer: Timed; memory: CsvStep['memory']; cutOffAt?: number }> {
  const watch = watchMemory(context.pid);
  const started = performance.now();
  const answer = await timed(url, options);
  let cutOffAt: number | undefined;
  if (answer.status === 0 && landed) {
    cutOffAt = answer.seconds;
    context.progress(`${step}: connection closed after ${cutOffAt.toFixed(1)} s (${answer.error}); polling…`);
    const deadline = started + 30 * 60_000;
    while (!(await landed())) {
      if (performance.now() > deadline) throw new Error(`${step}: not landed within 30 minutes`);
      await sleep(250);
    }
    answer.seconds = (performance.now() - started) / 1000;
  }
  const { beforeMb, peakMb } = watch.stop();
  const afterMb = residentMb(context.pid);
  context.progress(
    `${step}: ${answer.status || 'no answer'}${cutOffAt === undefined ? '' : ', landed'} in ${answer.seconds.toFixed(2)} s`,
  );
  return { answer, memory: { beforeMb, peakMb: Math.max(peakMb, afterMb), afterMb }, cutOffAt };
}

const round2 = (value: number) => Math.round(value * 100) / 100;

/** The export's rows as the stocktake and the new rows (header first), and which items the probe may restock. */
function importFiles(exported: string[][], skuFrom: number) {
  const column = (name: (typeof ITEM_CSV_COLUMNS)[number]) => ITEM_CSV_COLUMNS.indexOf(name);
  const [id, sku, name, price, quantity] = (['id', 'sku', 'name', 'price', 'quantity'] as const).map(column);
  const stocktake = exported.map((row) => {
    const copy = [...row];
    const oldPrice = Number(row[price!]);
    const oldQuantity = Number(row[quantity!]);
    copy[price!] = String(oldPrice < PRICE_MAX - 1 ? round2(oldPrice + 1) : round2(oldPrice - 1));
    copy[quantity!] = String(oldQuantity < QUANTITY_MAX ? oldQuantity + 1 : oldQuantity - 1);
    return copy;
  });
  const added = exported.map((row, i) => {
    const copy = [...row];
    copy[id!] = '';
    // GS1's restricted prefix 299, numbered on from the items already in the store: a code no item has.
    copy[sku!] = ean13(`299${String(skuFrom + i).padStart(9, '0')}`);
    copy[name!] = `Bench import ${skuFrom + i}`;
    return copy;
  });
  // The probe restocks every other item (+1 each, far from the limit); the check reads back the others.
  const restocked = exported
    .filter((row, i) => i % 2 === 0 && Number(row[quantity!]) < QUANTITY_MAX - 10_000)
    .map((row) => row[id!]!);
  const checkable = stocktake.filter((_row, i) => i % 2 === 1);
  const step = Math.max(1, Math.floor(checkable.length / CHECKED));
  const checks = checkable
    .filter((_row, i) => i % step === 0)
    .slice(0, CHECKED)
    .map((row) => ({ id: row[id!]!, price: Number(row[price!]), quantity: Number(row[quantity!]) }));
  const csv = (rows: string[][]) => Buffer.from(stringify([[...ITEM_CSV_COLUMNS], ...rows]));
  const ids = exported.map((row) => row[id!]!);
  return { stocktake: csv(stocktake), added: csv(added), ids, restocked, checks };
}

async function itemCount(base: string): Promise<number> {
  const { headers } = await expect<unknown[]>(200, `${base}/api/inventory?limit=1`);
  return Number(headers.get('x-total-count'));
}

export async function runCsv(context: CsvContext): Promise<CsvResult> {
  const { base, token, progress } = context;
  const steps: CsvStep[] = [];
  const url = `${base}/api/inventory.csv`;

  // 1. The export, as it is sent and as a browser asks for it.
  progress('csv: GET /api/inventory.csv…');
  const plain = await watched(context, 'export', url, {});
  if (plain.answer.status !== 200) throw new Error(`GET /api/inventory.csv answered ${plain.answer.status}`);
  const [header, ...exported] = parse(plain.answer.body, { bom: true });
  if (header?.join(',') !== ITEM_CSV_COLUMNS.join(',')) throw new Error(`the export's header is ${header?.join(',')}`);
  const step = (name: string, call: Awaited<ReturnType<typeof watched>>, rows: number, bytes: number): CsvStep => ({
    step: name,
    rows,
    seconds: call.answer.seconds,
    megabytes: bytes / 1e6,
    memory: call.memory,
  });
  steps.push(step('export', plain, exported.length, plain.answer.body.length));
  // A browser's Accept-Encoding: the step is named by the encoding the server chose.
  const compressed = await watched(context, 'export, compressed', url, {
    headers: { 'accept-encoding': 'gzip, deflate, br' },
  });
  if (compressed.answer.status !== 200) throw new Error(`GET /api/inventory.csv answered ${compressed.answer.status}`);
  const encoding = compressed.answer.encoding ?? 'not compressed';
  steps.push(step(`export (${encoding})`, compressed, exported.length, compressed.answer.body.length));

  // 2. The files.
  const itemsBefore = await itemCount(base);
  const files = importFiles(exported, itemsBefore + 1);
  writeFileSync(path.join(context.workDir, 'stocktake.csv'), files.stocktake);
  writeFileSync(path.join(context.workDir, 'new-rows.csv'), files.added);
  progress(
    `csv: ${exported.length} rows exported; stocktake ${(files.stocktake.length / 1e6).toFixed(1)} MB, ` +
      `new rows ${(files.added.length / 1e6).toFixed(1)} MB`,
  );

  // 3 and 4. The imports, with the probe going.
  const itemsFile = path.join(context.workDir, 'probe-items.json');
  writeFileSync(itemsFile, JSON.stringify({ read: files.ids, restock: files.restocked } satisfies ProbeItems));
  const probe = await startProbe({
    kind: 'probe',
    base,
    token,
    readsPerSecond: READS_PER_SECOND,
    writesPerSecond: WRITES_PER_SECOND,
    itemsFile,
    pages: PAGES,
    timeout: 600,
  });
  let probed: ProbeResult;
  let rested: CsvResult['rested'];
  try {
    // Warm-up: sent, not counted (no phase yet).
    await sleep(context.warmup * 1000);
    progress(`csv: the probe at rest for ${context.seconds} s…`);
    probe.phase('at rest');
    await sleep(context.seconds * 1000);
    const first = files.checks[0]!;
    // What each file's import writes, as a reader sees it once committed.
    const stocktakeLanded = async () => {
      const { body } = await expect<Item>(200, `${base}/api/inventory/${first.id}`);
      return body.price === first.price && body.quantity === first.quantity;
    };
    const addedLanded = async () => (await itemCount(base)) >= itemsBefore + exported.length;
    for (const [name, file, expected, landed] of [
      ['stocktake', files.stocktake, { create: 0, update: exported.length }, stocktakeLanded],
      ['new rows', files.added, { create: exported.length, update: 0 }, addedLanded],
    ] as const) {
      for (const dryRun of [true, false]) {
        const label = `${name}: ${dryRun ? 'dry run' : 'apply'}`;
        progress(`csv: ${label} (${exported.length} rows)…`);
        probe.phase(label);
        const call = await watched(
          context,
          label,
          `${base}/api/imports${dryRun ? '?dryRun=true' : ''}`,
          {
            method: 'POST',
            headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv' },
            body: file,
          },
          dryRun ? undefined : landed,
        );
        probe.phase(null);
        if (call.cutOffAt !== undefined) {
          steps.push({ ...step(label, call, exported.length, file.length), cutOffAt: call.cutOffAt });
          continue;
        }
        const text = call.answer.body.toString('utf8');
        const answer = (call.answer.status === 200 ? JSON.parse(text) : undefined) as ImportReport | undefined;
        if (!answer)
          throw new Error(`${label} answered ${call.answer.status || call.answer.error}: ${text.slice(0, 2000)}`);
        const { changes: _changes, ...report } = answer;
        if (report.create !== expected.create || report.update !== expected.update) {
          throw new Error(`${label} would create ${report.create} and update ${report.update}, not as the file says`);
        }
        steps.push({ ...step(label, call, report.rows, file.length), report });
      }
    }
    const imports = steps.filter((done) => done.step.includes(':'));
    if (imports.length > 0) {
      progress(`csv: at rest after the imports, until the RSS is back (${REST_AFTER_SECONDS} s at most)…`);
      const beforeMb = imports[0]!.memory.beforeMb;
      let seconds = 0;
      let afterMb = residentMb(context.pid);
      while (afterMb - beforeMb >= RSS_KEPT_MAX_MB && seconds < REST_AFTER_SECONDS) {
        await sleep(1000);
        seconds += 1;
        afterMb = residentMb(context.pid);
      }
      rested = { beforeMb, afterMb, seconds, limitMb: RSS_KEPT_MAX_MB };
    }
  } finally {
    probed = await probe.stop();
  }
  // The probe restocked none of these: each must have the file's price and quantity.
  let wrong = 0;
  for (const check of files.checks) {
    const { body } = await expect<Item>(200, `${base}/api/inventory/${check.id}`);
    if (body.price !== check.price || body.quantity !== check.quantity) wrong += 1;
  }
  return {
    items: exported.length,
    rates: { reads: READS_PER_SECOND, writes: WRITES_PER_SECOND },
    steps,
    probe: probed,
    stocktakeCheck: { checked: files.checks.length, wrong },
    itemsBefore,
    itemsAfter: await itemCount(base),
    ...(rested ? { rested } : {}),
  };
}
