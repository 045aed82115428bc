import { type LevelWithSilent, type Logger, pino } from 'pino';

/**
 * The process's one logger: JSON lines on stdout, written through an
 * asynchronous destination (sonic-boom), so a request never waits for the
 * terminal or the disk. Made readable outside the process: `pnpm start` and
 * `pnpm dev` pass the lines through pino-pretty (scripts/lib/readable-log.cjs),
 * and by hand, `node dist/server.js | npx pino-pretty`.
 */
export function createLogger(level: LevelWithSilent): Logger {
  const destination = pino.destination({ dest: 1, sync: false });
  // Every field costs on every request: no pid or hostname (the container runtime knows them), and the time as
  // epoch milliseconds (pino's cheapest; pino-pretty and jq turn it into a date).
  return pino({ level, base: undefined }, destination);
}

/** A logger that writes nothing, and holds no file descriptor open. */
export function silentLogger(): Logger {
  return pino({ level: 'silent' }, { write: () => {} });
}
