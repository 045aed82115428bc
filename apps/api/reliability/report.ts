import type { CrashRound } from './crash';
import type { FuzzResult } from './fuzz/fuzz';
import { LIMITS, type LoadResult } from './load/load';

/** One promise checked once: what it says, whether it held, and the figure that says so. */
export interface Check {
  name: string;
  passed: boolean;
  figure: string;
}

export const FUZZ_MIN_REQUESTS = 10_000;

export function fuzzChecks(result: FuzzResult, wanted: number): Check[] {
  const count = (test: (status: string) => boolean) =>
    Object.entries(result.statuses)
      .filter(([status]) => test(status))
      .reduce((sum, [, n]) => sum + n, 0);
  const serverErrors = count((status) => status === 'no answer' || Number(status) >= 500);
  const shapeFailures = result.failures.filter((failure) => /^4\d\d /.test(failure.problem)).length;
  return [
    {
      name: `fuzz: ≥ ${Math.min(wanted, FUZZ_MIN_REQUESTS)} requests from the OpenAPI document`,
      passed: result.requests >= Math.min(wanted, FUZZ_MIN_REQUESTS),
      figure: `${result.requests} requests over ${result.operations} operations (seed ${result.seed})`,
    },
    { name: 'fuzz: no 5xx, no request left unanswered', passed: serverErrors === 0, figure: `${serverErrors}` },
    { name: 'fuzz: every 4xx in the error shape', passed: shapeFailures === 0, figure: `${shapeFailures} not` },
    {
      name: 'fuzz: canary items untouched',
      passed: result.canaries.changed.length === 0,
      figure: `${result.canaries.checked - result.canaries.changed.length} of ${result.canaries.checked} unchanged`,
    },
  ];
}

export function crashChecks(rounds: CrashRound[]): Check[] {
  return rounds.flatMap((round) => {
    const acked = round.ackedDeliveries + round.ackedRestocks;
    return [
      {
        name: `crash ${round.round}: every acknowledged write survives kill -9`,
        passed: acked > 0 && round.missing.length === 0,
        figure: `${acked - round.missing.length} of ${acked} this round (${round.missing.length} missing overall)`,
      },
      {
        name: `crash ${round.round}: each quantity = the sum of its movements`,
        passed: round.ledgerMismatches.length === 0,
        figure: `${round.ledgerMismatches.length} items off`,
      },
      {
        name: `crash ${round.round}: PRAGMA integrity_check`,
        passed: round.integrity === 'ok',
        figure: round.integrity,
      },
      {
        name: `crash ${round.round}: the restarted API reads the same`,
        passed: round.apiAgrees,
        figure: String(round.apiAgrees),
      },
    ];
  });
}

export function loadChecks(result: LoadResult): Check[] {
  return result.cases.flatMap((c) => [
    {
      name: `load ${c.name}: ?limit=6 p99 < ${LIMITS.p99Ms} ms, every probe answered 2xx`,
      passed:
        c.probe.completed > 0 &&
        c.probe.p99 < LIMITS.p99Ms &&
        c.probe.errors === 0 &&
        c.probe.statuses['2xx'] === c.probe.completed,
      figure: `${latency(c.probe, 'p99')}, ${c.probe.errors} errors/timeouts, ${c.probe.completed - (c.probe.statuses['2xx'] ?? 0)} non-2xx`,
    },
    {
      name: `load ${c.name}: RSS < ${LIMITS.peakMb} MB`,
      passed: c.peakMb < LIMITS.peakMb,
      figure: `peak ${c.peakMb.toFixed(0)} MB`,
    },
    {
      name: `load ${c.name}: RSS back within ${LIMITS.settleMb} MB of the start`,
      passed: c.afterMb - c.startMb <= LIMITS.settleMb,
      figure: `${c.afterMb.toFixed(0)} MB vs ${c.startMb.toFixed(0)} MB at the start`,
    },
  ]);
}

export function printFuzz(result: FuzzResult): void {
  console.log(`\n### Fuzz: ${result.requests} requests in ${result.seconds.toFixed(0)} s (seed ${result.seed})\n`);
  console.log('| status | requests |\n| --- | ---: |');
  const order = (status: string) => (status === 'no answer' ? 999 : Number(status));
  for (const [status, count] of Object.entries(result.statuses).sort(([a], [b]) => order(a) - order(b))) {
    console.log(`| ${status} | ${count} |`);
  }
  if (result.failures.length) {
    console.log(`\n${result.failures.length} answers broke a promise; the first 20:`);
    for (const failure of result.failures.slice(0, 20)) console.log(`- ${failure.problem}\n  ${failure.request}`);
  }
}

export function printCrash(rounds: CrashRound[]): void {
  console.log('\n### Crash: kill -9 during a burst of deliveries and restocks (8 connections)\n');
  console.log(
    '| round | killed after | acked deliveries | acked restocks | unanswered | refused | missing | ledger off | integrity |',
  );
  console.log('| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |');
  for (const r of rounds) {
    console.log(
      `| ${r.round} | ${r.killedAfterMs} ms | ${r.ackedDeliveries} | ${r.ackedRestocks} | ${r.unanswered} | ${r.refused} | ${r.missing.length} | ${r.ledgerMismatches.length} | ${r.integrity} |`,
    );
  }
  for (const line of rounds.flatMap((r) => [...r.missing, ...r.ledgerMismatches]).slice(0, 20))
    console.log(`- ${line}`);
}

export function printLoad(result: LoadResult): void {
  console.log(
    `\n### Load at ${result.items.toLocaleString('en')} items: GET /api/inventory?limit=6 (100/s over 4 connections)\n`,
  );
  console.log('| case | p50 | p99 | max | probe errors | RSS start | RSS peak | RSS after |');
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const c of result.cases) {
    console.log(
      `| ${c.name} | ${latency(c.probe, 'p50')} | ${latency(c.probe, 'p99')} | ${latency(c.probe, 'max')} | ${c.probe.errors} | ${c.startMb.toFixed(0)} MB | ${c.peakMb.toFixed(0)} MB | ${c.afterMb.toFixed(0)} MB (${c.afterSeconds.toFixed(0)} s) |`,
    );
  }
  for (const c of result.cases.filter((c) => c.background)) console.log(`- ${c.name}: ${c.background}`);
}

/** autocannon leaves timed-out requests out of its latencies: with none answered, there is no figure to show. */
function latency(probe: LoadResult['cases'][number]['probe'], which: 'p50' | 'p99' | 'max'): string {
  return probe.completed === 0 ? 'none answered' : `${probe[which]} ms`;
}

export function printChecks(checks: Check[]): void {
  console.log('\n### Promises\n');
  for (const check of checks) console.log(`${check.passed ? 'PASS' : 'FAIL'}  ${check.name}: ${check.figure}`);
  const failed = checks.filter((check) => !check.passed).length;
  console.log(`\n${checks.length - failed} passed, ${failed} failed`);
}
