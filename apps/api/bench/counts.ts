/**
 * Issue 35: a stock count at the store's size, with other users' requests going on (`--only counts`).
 *
 * 1. POST /api/counts over every item (a session of as many lines as the store has items), timed.
 * 2. 1,000 of its lines counted (PUT, 8 at a time), each one fewer than the ledger holds: 1,000 variances.
 * 3. POST /api/counts/:id/apply, timed: 1,000 `count` movements in one transaction.
 * 4. Throughout, the probe (probe.ts, in its own process) reads pages and items and restocks a few items:
 *    its figures at rest, then during the opening and the apply (issue 35: p99 < 250 ms).
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Count, CountApplyResult } from '@smart-zone/types/count';
import type { Item } from '@smart-zone/types/item';
import { expect } from './http';
import { startProbe } from './measure';
import type { ProbeItems, ProbeResult } from './protocol';

export const COUNTS_SCENARIO = 'counts: open over every item, apply 1,000 lines (issue 35)';
const COUNTED = 1_000;
const AT_ONCE = 8;
export const COUNT_GOALS = { openSeconds: 5, applySeconds: 2, otherP99Ms: 250 } as const;

export interface CountsResult {
  items: number;
  lines: number;
  openSeconds: number;
  countSeconds: number;
  applySeconds: number;
  movements: number;
  probe: ProbeResult;
}

interface CountsContext {
  base: string;
  token: string;
  workDir: string;
  warmup: number;
  seconds: number;
  progress: (message: string) => void;
}

async function timedJson<T>(url: string, token: string, method: string, body: unknown) {
  const started = performance.now();
  const res = await fetch(url, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const answer = (await res.json()) as T;
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(answer)}`);
  return { answer, seconds: (performance.now() - started) / 1000 };
}

export async function runCounts(context: CountsContext): Promise<CountsResult> {
  const { base, token, progress } = context;
  const pages = await Promise.all(
    [0, 500, 1000, 1500].map((skip) => expect<Item[]>(200, `${base}/api/inventory?limit=500&skip=${skip}`, { token })),
  );
  const [first, second, third, fourth] = pages.map((page) => page.body);
  // Items with units (a count of one fewer is a variance), the probe restocking others.
  const counted = [...first!, ...second!, ...third!].filter((item) => item.quantity > 0).slice(0, COUNTED);
  const itemsFile = path.join(context.workDir, 'count-probe-items.json');
  writeFileSync(
    itemsFile,
    JSON.stringify({
      read: counted.map((item) => item._id),
      restock: fourth!.map((item) => item._id),
    } satisfies ProbeItems),
  );
  const probe = await startProbe({
    kind: 'probe',
    base,
    token,
    readsPerSecond: 40,
    writesPerSecond: 4,
    itemsFile,
    pages: 50,
    timeout: 600,
  });
  let probed: ProbeResult;
  let opened: { answer: Count; seconds: number };
  let applied: { answer: CountApplyResult; seconds: number };
  let countSeconds: number;
  try {
    await sleep(context.warmup * 1000);
    progress(`counts: the probe at rest for ${context.seconds} s…`);
    probe.phase('at rest');
    await sleep(context.seconds * 1000);
    probe.phase('open over every item');
    opened = await timedJson<Count>(`${base}/api/counts`, token, 'POST', { name: 'Bench count' });
    probe.phase(null);
    progress(`counts: opened ${opened.answer.lines} lines in ${opened.seconds.toFixed(2)} s`);
    const started = performance.now();
    for (let from = 0; from < counted.length; from += AT_ONCE) {
      await Promise.all(
        counted.slice(from, from + AT_ONCE).map((item) =>
          timedJson(`${base}/api/counts/${opened.answer._id}/lines/${item._id}`, token, 'PUT', {
            counted: item.quantity - 1,
          }),
        ),
      );
    }
    countSeconds = (performance.now() - started) / 1000;
    progress(`counts: ${counted.length} lines counted in ${countSeconds.toFixed(1)} s`);
    probe.phase(`apply ${counted.length} lines`);
    applied = await timedJson<CountApplyResult>(`${base}/api/counts/${opened.answer._id}/apply`, token, 'POST', {});
    probe.phase(null);
    progress(`counts: applied ${applied.answer.movements} movements in ${applied.seconds.toFixed(2)} s`);
    await sleep(1000);
  } finally {
    probed = await probe.stop();
  }
  return {
    items: opened.answer.lines,
    lines: opened.answer.lines,
    openSeconds: opened.seconds,
    countSeconds,
    applySeconds: applied.seconds,
    movements: applied.answer.movements,
    probe: probed,
  };
}

/** The report's lines: the timings and the probe's p99 in each phase, against issue 35's goals. */
export function countsLines(result: CountsResult): string[] {
  const rows = result.probe.phases.map(
    ({ phase, reads, writes }) =>
      `| ${phase} | ${reads.completed} | ${reads.p99} | ${writes.completed} | ${writes.p99} | ${reads.non2xx + writes.non2xx + reads.errors + writes.errors} |`,
  );
  const worst = Math.max(
    ...result.probe.phases.filter((p) => p.phase !== 'at rest').flatMap((p) => [p.reads.p99, p.writes.p99]),
  );
  const mark = (ok: boolean) => (ok ? 'met' : 'NOT MET');
  return [
    `Opened over ${result.lines.toLocaleString('en')} items in ${result.openSeconds.toFixed(2)} s (goal < ${COUNT_GOALS.openSeconds} s: ${mark(result.openSeconds < COUNT_GOALS.openSeconds)}); ` +
      `1,000 lines counted in ${result.countSeconds.toFixed(1)} s; applied (${result.movements} movements) in ` +
      `${result.applySeconds.toFixed(2)} s (goal < ${COUNT_GOALS.applySeconds} s: ${mark(result.applySeconds < COUNT_GOALS.applySeconds)}); ` +
      `other requests' worst p99 meanwhile ${worst} ms (goal < ${COUNT_GOALS.otherP99Ms} ms: ${mark(worst < COUNT_GOALS.otherP99Ms)}).`,
    '',
    '| probe phase | reads | reads p99 (ms) | restocks | restocks p99 (ms) | failed |',
    '| --- | ---: | ---: | ---: | ---: | ---: |',
    ...rows,
  ];
}
