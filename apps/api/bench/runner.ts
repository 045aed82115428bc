import { checkStock, type StockItem } from './deliveries';
import { measure, warmUp } from './measure';
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
 * and the ceiling right after, so the three see about the same machine noise.
 */
export async function runScenarios(
  chosen: Scenario[],
  targets: Targets,
  context: { warmup: number; token: string; stockItem: StockItem; progress: (message: string) => void },
): Promise<Row[]> {
  const rows: Row[] = [];
  for (const scenario of chosen) {
    const servers: [Target, string][] = [['api', targets.api.base]];
    if (scenario.hasFloor && targets.floor && targets.ceiling) {
      servers.push(['floor', targets.floor.base], ['ceiling', targets.ceiling.base]);
    }
    const scenarioRows: Row[] = [];
    for (const [target, base] of servers) {
      context.progress(`${scenario.name} on ${target}…`);
      const spec = { ...scenario.load, url: `${base}${scenario.path}` };
      // Watched from before the warm-up: RSS rarely shrinks, so growth during it must count.
      const memory = scenario.watchMemory ? watchMemory(targets.api.pid) : undefined;
      await warmUp(spec, context.warmup);
      const result = await measure(spec);
      const row: Row = { scenario: scenario.name, target, ...result, memory: memory?.stop() };
      if (scenario.checkStock) row.stock = await checkStock(targets.api.base, context.token, context.stockItem);
      scenarioRows.push(row);
    }
    const floor = scenarioRows.find((row) => row.target === 'floor');
    if (floor) for (const row of scenarioRows) row.vsFloor = row.reqPerSec / floor.reqPerSec;
    rows.push(...scenarioRows);
  }
  return rows;
}
