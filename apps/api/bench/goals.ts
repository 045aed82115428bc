import type { Row } from './report';

/** The figures issues 8, 9 and 19 ask for, checked against a run. */
interface Goal {
  issue: number;
  scenario: string;
  text: string;
  met(row: Row): boolean;
}

const GOALS: Goal[] = [
  ...['paged', 'sorted', 'searched'].map((scenario) => ({
    issue: 8,
    scenario,
    text: `${scenario}: p99 < 15 ms`,
    met: (row: Row) => row.p99 < 15,
  })),
  {
    issue: 8,
    scenario: 'whole list',
    text: 'whole list: server memory grows < 50 MB',
    met: (row) => (row.memory?.growthMb ?? Infinity) < 50,
  },
  {
    issue: 9,
    scenario: 'GET /api/inventory/:id',
    text: 'GET /api/inventory/:id: ≥ 0.8 of the floor',
    met: (row) => (row.vsFloor ?? 0) >= 0.8,
  },
  {
    issue: 9,
    scenario: 'GET /api/inventory?limit=6',
    text: 'GET /api/inventory?limit=6: ≥ 0.8 of the floor',
    met: (row) => (row.vsFloor ?? 0) >= 0.8,
  },
  {
    issue: 9,
    scenario: 'POST /api/myitem (deliver 1)',
    text: 'deliveries: ≥ 1,000/s, p99 < 50 ms, 0 oversold',
    met: (row) => row.reqPerSec >= 1000 && row.p99 < 50 && row.stock?.oversold === 0,
  },
  {
    issue: 19,
    scenario: 'GET /api/inventory?stock=low',
    text: 'GET /api/inventory?stock=low&limit=20: p99 < 15 ms',
    met: (row) => row.p99 < 15,
  },
];

/** Issue 19: deliveries with alerts on beside the same with every reorder point 0. */
function alertsCostLines(api: Row[]): string[] {
  const on = api.find((row) => row.scenario.includes('alerts on'));
  const off = api.find((row) => row.scenario.includes('minStock 0'));
  if (!on || !off) return [];
  const ratio = on.reqPerSec / off.reqPerSec;
  const met =
    ratio >= 0.9 &&
    on.p99 <= off.p99 * 1.1 &&
    on.stock?.oversold === 0 &&
    off.stock?.oversold === 0 &&
    (on.alerts ?? 0) > 0;
  return [
    `- ${met ? 'met' : 'MISSED'} (issue 19) deliveries with alerts on within 10 % of every minStock 0, 0 oversold: ` +
      `${Math.round(on.reqPerSec)} vs ${Math.round(off.reqPerSec)}/s (× ${ratio.toFixed(2)}), ` +
      `p99 ${on.p99} vs ${off.p99} ms, ${on.alerts ?? 0} alerts raised`,
  ];
}

/**
 * Issue 20: each audit read, filtered or not, at 1,000,000 entries: p99 < 20 ms,
 * beside the floor's p99 for the same answer (bare Express, from memory) on the same machine.
 */
function auditLines(rows: Row[]): string[] {
  return rows
    .filter((row) => row.target === 'api' && row.scenario.startsWith('GET /api/audit'))
    .map((row) => {
      const floor = rows.find((other) => other.target === 'floor' && other.scenario === row.scenario);
      return (
        `- ${row.p99 < 20 ? 'met' : 'MISSED'} (issue 20) ${row.scenario}: p99 < 20 ms (${row.p99} ms` +
        `${floor ? `; the floor ${floor.p99} ms` : ''})`
      );
    });
}

/** One line per goal whose scenario ran; every row must also be all 2xx and error-free. */
export function goalLines(rows: Row[]): string[] {
  const api = rows.filter((row) => row.target === 'api');
  const lines = GOALS.flatMap((goal) => {
    const row = api.find((candidate) => candidate.scenario.startsWith(goal.scenario));
    return row ? [`- ${goal.met(row) ? 'met' : 'MISSED'} (issue ${goal.issue}) ${goal.text}`] : [];
  });
  lines.push(...alertsCostLines(api), ...auditLines(rows));
  const failing = api.filter((row) => row.non2xx > 0 || row.errors > 0).map((row) => row.scenario);
  lines.push(
    failing.length
      ? `- MISSED every answer 2xx, no errors: ${failing.join(', ')}`
      : '- met every answer 2xx, no errors',
  );
  return lines;
}
