import { alertTotal, checkStock } from './deliveries';
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
 * floor is the median of the rounds' ratios. Scenarios sharing an
 * `interleave` key take turns the same way (A, B, A, B, …).
 */
export async function runScenarios(
  chosen: Scenario[],
  targets: Targets,
  context: {
    warmup: number;
    rounds: number;
    token: string;
    progress: (message: string) => void;
  },
): Promise<Row[]> {
  const rows: Row[] = [];
  for (const group of groups(chosen)) {
    // Lanes measured in turn each round: one scenario on the API, floor and ceiling, or the API under each of a group.
    const lanes: { scenario: Scenario; target: Target; base: string; runs: LoadResult[]; alerts: number }[] = [];
    for (const scenario of group) {
      lanes.push({ scenario, target: 'api', base: targets.api.base, runs: [], alerts: 0 });
      if (scenario.hasFloor && targets.floor && targets.ceiling) {
        lanes.push(
          { scenario, target: 'floor', base: targets.floor.base, runs: [], alerts: 0 },
          { scenario, target: 'ceiling', base: targets.ceiling.base, runs: [], alerts: 0 },
        );
      }
    }
    const rounds = lanes.length > 1 ? context.rounds : 1;
    for (const scenario of group) {
      if (scenario.before) {
        context.progress(`${scenario.name}: setting up…`);
        await scenario.before();
      }
    }
    // Watched from before the warm-up: RSS rarely shrinks, so growth during it must count.
    const memory = new Map(
      group.map((scenario) => [scenario, scenario.watchMemory ? watchMemory(targets.api.pid) : undefined]),
    );
    for (const lane of lanes) {
      context.progress(`${lane.scenario.name}: warming up ${lane.target}…`);
      await warmUp({ ...lane.scenario.load, url: `${lane.base}${lane.scenario.path}` }, context.warmup);
    }
    for (let round = 1; round <= rounds; round += 1) {
      for (const lane of lanes) {
        context.progress(
          `${lane.scenario.name} on ${lane.target}${rounds > 1 ? `, round ${round} of ${rounds}` : ''}…`,
        );
        const alertsBefore = lane.scenario.countAlerts ? await alertTotal(targets.api.base, context.token) : 0;
        lane.runs.push(await measure({ ...lane.scenario.load, url: `${lane.base}${lane.scenario.path}` }));
        if (lane.scenario.countAlerts)
          lane.alerts += (await alertTotal(targets.api.base, context.token)) - alertsBefore;
      }
    }
    for (const lane of lanes) {
      const { scenario, target, runs } = lane;
      const row: Row = { scenario: scenario.name, target, ...combine(runs) };
      const floorRuns = lanes.find((other) => other.scenario === scenario && other.target === 'floor')?.runs;
      if (target === 'api') row.memory = memory.get(scenario)?.stop();
      if (floorRuns) {
        const ratios = runs.map((result, i) => result.reqPerSec / floorRuns[i]!.reqPerSec);
        row.vsFloor = median(ratios);
        if (rounds > 1) row.vsFloorRounds = ratios;
      }
      if (target === 'api' && scenario.stock)
        row.stock = await checkStock(targets.api.base, context.token, scenario.stock);
      if (target === 'api' && scenario.countAlerts) row.alerts = lane.alerts;
      rows.push(row);
    }
  }
  return rows;
}

/** Consecutive scenarios with the same `interleave` key as one group; every other scenario on its own. */
function groups(chosen: Scenario[]): Scenario[][] {
  const result: Scenario[][] = [];
  for (const scenario of chosen) {
    const last = result.at(-1);
    if (scenario.interleave && last?.[0]?.interleave === scenario.interleave) last.push(scenario);
    else result.push([scenario]);
  }
  return result;
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
