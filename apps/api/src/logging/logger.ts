import { type LevelWithSilent, type Logger, pino } from 'pino';

/**
 * The process's one logger: JSON lines on stdout, written through an
 * asynchronous destination (sonic-boom), so a request never waits for the
 * terminal or the disk. Made readable outside the process: `pnpm start` and
 * `pnpm dev` pass the lines through pino-pretty (scripts/lib/readable-log.cjs),
 * and by hand, `node dist/server.js | npx pino-pretty`.
 */
export function createLogger(level: LevelWithSilent): Logger {
  // Lines are gathered up to 4 KB (about 20 requests) per write, and whatever waits goes out within
  // FLUSH_MS however quiet the server is (and at exit: pino flushes then). A write per line cost a loaded
  // server a tenth of its reads (a system call and a thread-pool round trip each).
  const destination = pino.destination({ dest: 1, sync: false, minLength: 4096 });
  setInterval(() => destination.flush(), FLUSH_MS).unref();
  // Every field costs on every request: no pid or hostname (the container runtime knows them), and the time as
  // epoch milliseconds (pino's cheapest; pino-pretty and jq turn it into a date).
  return pino({ level, base: undefined }, destination);
}

/** The longest a line waits in the buffer; the server also flushes once it listens (server.ts). */
const FLUSH_MS = 250;

/** A logger that writes nothing, and holds no file descriptor open. */
export function silentLogger(): Logger {
  return pino({ level: 'silent' }, { write: () => {} });
}
