import { parseArgs } from 'node:util';

export interface BenchOptions {
  seconds: number;
  connections: number;
  items: number;
  /** Deliveries and stock moves the seed script adds over the items, by synthetic clerks (issue 20's audit). */
  deliveries: number;
  movements: number;
  /** Seconds of unrecorded load before each measured run, so the JIT has settled. */
  warmup: number;
  /** Interleaved rounds (API, floor, ceiling) for the calls the floor answers. */
  rounds: number;
  /** `compiled` runs dist/server.js as `pnpm start` does; `tsx` runs src/server.ts as the dev server (and the API before issue 9) did. */
  server: 'compiled' | 'tsx';
  /**
   * Runs only the scenarios whose name contains one of these texts. Issue 21's CSV export and import
   * (csv.ts) and issue 22's live updates (sse.ts) run only when one of them names them (`--only csv`,
   * `--only sse`), after the others.
   */
  only?: string[];
  /** Issue 22 (`--only sse`): SSE streams held open by the clients process. */
  sseClients: number;
  /** Where to write the results as JSON. */
  json?: string;
  /** Runs the API under `node --cpu-prof` and prints where its time went. */
  cpuProf: boolean;
  /** Keeps the temp folder (database, server log, profile) for a look afterwards. */
  keep: boolean;
  /** A data folder an earlier run seeded and kept (`<kept folder>/data`): used as it is, nothing seeded. */
  reuse?: string;
}

const USAGE =
  'pnpm bench -- [--items 500] [--deliveries 0] [--movements 0] [--seconds 5] [--connections 32] [--warmup 1] [--rounds 3] [--server compiled|tsx] [--only <text>[,<text>…] (csv: the issue 21 export and import; sse: the issue 22 live updates; each run only when named)] [--sse-clients 1000] [--json <file>] [--cpu-prof] [--keep] [--reuse <data folder>]';

export function readOptions(argv: string[]): BenchOptions {
  const { values } = parseArgs({
    // pnpm forwards a literal `--` when one is typed before the flags.
    args: argv.filter((arg) => arg !== '--'),
    options: {
      seconds: { type: 'string', default: '5' },
      connections: { type: 'string', default: '32' },
      items: { type: 'string', default: '500' },
      deliveries: { type: 'string', default: '0' },
      movements: { type: 'string', default: '0' },
      warmup: { type: 'string', default: '1' },
      rounds: { type: 'string', default: '3' },
      server: { type: 'string', default: 'compiled' },
      only: { type: 'string' },
      'sse-clients': { type: 'string', default: '1000' },
      json: { type: 'string' },
      'cpu-prof': { type: 'boolean', default: false },
      keep: { type: 'boolean', default: false },
      reuse: { type: 'string' },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  return {
    seconds: whole('seconds', values.seconds, 1),
    connections: whole('connections', values.connections, 1),
    items: whole('items', values.items, 1),
    deliveries: whole('deliveries', values.deliveries, 0),
    movements: whole('movements', values.movements, 0),
    warmup: whole('warmup', values.warmup, 0),
    rounds: whole('rounds', values.rounds, 1),
    server: serverKind(values.server),
    only: values.only
      ?.split(',')
      .map((text) => text.trim())
      .filter(Boolean),
    sseClients: whole('sse-clients', values['sse-clients'], 1),
    json: values.json,
    cpuProf: values['cpu-prof'],
    keep: values.keep,
    reuse: values.reuse,
  };
}

function serverKind(text: string): BenchOptions['server'] {
  if (text === 'compiled' || text === 'tsx') return text;
  throw new Error(`--server must be compiled or tsx (got ${text})\nUsage: ${USAGE}`);
}

function whole(name: string, text: string, min: number): number {
  return wholeFlag(name, text, min, USAGE);
}

/** A command-line flag's whole number of at least `min`, or an error naming the flag and the usage. */
export function wholeFlag(name: string, text: string, min: number, usage: string): number {
  const value = Number(text);
  if (!Number.isInteger(value) || value < min) {
    throw new Error(`--${name} must be a whole number of at least ${min} (got ${text})\nUsage: ${usage}`);
  }
  return value;
}
