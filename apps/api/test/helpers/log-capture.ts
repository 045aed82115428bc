import { pino } from 'pino';

/** One JSON log line, parsed. */
export type LogLine = Record<string, unknown> & { level: number; msg?: string };

export const LEVEL = { debug: 20, info: 30, warn: 40, error: 50 } as const;

/** A real pino logger whose lines the test reads back (written synchronously, one JSON object each). */
export function captureLog(level: pino.LevelWithSilent = 'info') {
  const raw: string[] = [];
  const logger = pino({ level }, { write: (line: string) => raw.push(line) });
  return {
    logger,
    /** Every line so far, as written. */
    raw: () => raw.join(''),
    lines: () => raw.map((line) => JSON.parse(line) as LogLine),
    /** The request lines (one per answered request). */
    requests: () => raw.map((line) => JSON.parse(line) as LogLine).filter((line) => 'reqId' in line),
  };
}
