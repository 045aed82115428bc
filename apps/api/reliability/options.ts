import { parseArgs } from 'node:util';
import { wholeFlag } from '../bench/options';

export const PARTS = ['fuzz', 'crash', 'load', 'attack'] as const;
export type Part = (typeof PARTS)[number];

export interface ReliabilityOptions {
  /** Items in the catalogue of the load and attack cases (the fuzz and crash parts use a small one of their own). */
  items: number;
  /** Requests the fuzzer sends (fast-check runs, one request each). */
  fuzzRuns: number;
  /** fast-check's seed, to replay a run; random when not given. */
  seed: number;
  /** Seconds `?limit=6` is measured in each load case. */
  seconds: number;
  only: Part[];
  /** Where to write the figures as JSON. */
  json?: string;
  /** Keeps the temp folder (databases, server logs) for a look afterwards. */
  keep: boolean;
}

const USAGE =
  'pnpm test:reliability -- [--items 100000] [--fuzz-runs 10000] [--seed <n>] [--seconds 15] [--only fuzz,crash,load,attack] [--json <file>] [--keep]';

export function readOptions(argv: string[]): ReliabilityOptions {
  const { values } = parseArgs({
    // pnpm forwards a literal `--` when one is typed before the flags.
    args: argv.filter((arg) => arg !== '--'),
    options: {
      items: { type: 'string', default: '100000' },
      'fuzz-runs': { type: 'string', default: '10000' },
      seed: { type: 'string' },
      seconds: { type: 'string', default: '15' },
      only: { type: 'string', default: PARTS.join(',') },
      json: { type: 'string' },
      keep: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  return {
    items: whole('items', values.items, 1),
    fuzzRuns: whole('fuzz-runs', values['fuzz-runs'], 1),
    seed: values.seed === undefined ? Math.floor(Math.random() * 2 ** 31) : whole('seed', values.seed, 0),
    seconds: whole('seconds', values.seconds, 1),
    only: values.only.split(',').map((text) => part(text.trim())),
    json: values.json,
    keep: values.keep,
  };
}

function part(text: string): Part {
  const found = PARTS.find((name) => name === text);
  if (!found) throw new Error(`--only takes ${PARTS.join(', ')} (got ${text})\nUsage: ${USAGE}`);
  return found;
}

function whole(name: string, text: string, min: number): number {
  return wholeFlag(name, text, min, USAGE);
}
