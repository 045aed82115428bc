import { checkStock, type StockItem } from './deliveries';
import { measure, warmUp } from './measure';
import type { LoadResult } from './protocol';
import { watchMemory } from './memory';
import type { Row, Target } from './report';
import type { Scenario } from './scenarios';

export interface Targets {
  api: { base: string; pid: number };
  floor?: { base: string };
  ceiling?: { base: string };
}

/**
 * Each scenario on the API, then (for the calls they answer) on the floor
 * and the ceiling. Those calls run in `rounds` interleaved rounds (API,
 * floor, ceiling, API, floor, …), so a burst of noise from the rest of a
 * shared machine lands on all three rather than on one: the ratio to the
 * floor is the median of the rounds' ratios.
 */
export async function runScenarios(
  chosen: Scenario[],
  targets: Targets,
  context: {
    warmup: number;
    rounds: number;
    token: string;
    stockItem: StockItem;
    progress: (message: string) => void;
  },
): Promise<Row[]> {
  const rows: Row[] = [];
  for (const scenario of chosen) {
    const servers: [Target, string][] = [['api', targets.api.base]];
    if (scenario.hasFloor && targets.floor && targets.ceiling) {
      servers.push(['floor', targets.floor.base], ['ceiling', targets.ceiling.base]);
    }
    const rounds = servers.length > 1 ? context.rounds : 1;
    const runs = new Map<Target, LoadResult[]>(servers.map(([target]) => [target, []]));
    // Watched from before the warm-up: RSS rarely shrinks, so growth during it must count.
    const memory = scenario.watchMemory ? watchMemory(targets.api.pid) : undefined;
    for (const [target, base] of servers) {
      context.progress(`${scenario.name}: warming up ${target}…`);
      await warmUp({ ...scenario.load, url: `${base}${scenario.path}` }, context.warmup);
    }
    for (let round = 1; round <= rounds; round += 1) {
      for (const [target, base] of servers) {
        context.progress(`${scenario.name} on ${target}${rounds > 1 ? `, round ${round} of ${rounds}` : ''}…`);
        runs.get(target)!.push(await measure({ ...scenario.load, url: `${base}${scenario.path}` }));
      }
    }
    const floorRuns = runs.get('floor');
    for (const [target] of servers) {
      const results = runs.get(target)!;
      const row: Row = { scenario: scenario.name, target, ...combine(results) };
      if (target === 'api') row.memory = memory?.stop();
      if (floorRuns) {
        const ratios = results.map((result, i) => result.reqPerSec / floorRuns[i]!.reqPerSec);
        row.vsFloor = median(ratios);
        if (rounds > 1) row.vsFloorRounds = ratios;
      }
      if (scenario.checkStock && target === 'api') {
        row.stock = await checkStock(targets.api.base, context.token, context.stockItem);
      }
      rows.push(row);
    }
  }
  return rows;
}

/** Rounds of one server as one: rates over the whole time, latencies as the median round's. */
function combine(results: LoadResult[]): LoadResult {
  const sum = (pick: (result: LoadResult) => number) => results.reduce((total, result) => total + pick(result), 0);
  const completed = sum((result) => result.completed);
  const seconds = sum((result) => result.seconds);
  return {
    reqPerSec: completed / seconds,
    p50: median(results.map((result) => result.p50)),
    p99: median(results.map((result) => result.p99)),
    completed,
    non2xx: sum((result) => result.non2xx),
    errors: sum((result) => result.errors),
    seconds,
    mbPerSec: sum((result) => result.mbPerSec * result.seconds) / seconds,
    max: Math.max(...results.map((result) => result.max)),
    statuses: Object.fromEntries(
      Object.keys(results[0]?.statuses ?? {}).map((status) => [status, sum((result) => result.statuses[status] ?? 0)]),
    ),
  };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}
