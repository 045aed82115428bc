import { StoreBusyError } from '../store';

/**
 * While an import writes to the file from the import worker (it holds the
 * file's write lock for its one transaction), this process's own writes wait
 * here, asynchronously: better-sqlite3 would otherwise wait for the lock
 * inside its synchronous call, holding the event loop for every other request.
 * Reads go on (WAL): only writes wait, and they run, in order, once it commits.
 */
export interface WriteGate {
  /** Whether an import holds the lock now (or is waiting its turn to). */
  readonly held: boolean;
  /** Resolves once no import holds it. */
  opened(): Promise<void>;
  /** Holds it from this moment: writes asked for from now on wait until every hold is released. */
  close(): () => void;
}

/** Writes that waited, let go per turn of the event loop once the gate opens. */
const RELEASED_PER_TURN = 8;
/** How long a write waits for an import's commit: then it is refused (429, nothing written), not run late. */
export const GATE_WAIT_MS = 15_000;

export function writeGate(): WriteGate {
  let holds = 0;
  let waiters: (() => void)[] = [];
  return {
    get held() {
      return holds > 0;
    },
    opened() {
      return holds === 0 ? Promise.resolve() : new Promise<void>((resolve) => waiters.push(resolve));
    },
    close() {
      holds += 1;
      let released = false;
      return () => {
        if (released) return;
        released = true;
        holds -= 1;
        if (holds > 0) return;
        const ready = waiters;
        waiters = [];
        // A few per turn of the event loop: each is a commit of its own, and reads wait behind a long run.
        const next = () => {
          for (const resolve of ready.splice(0, RELEASED_PER_TURN)) resolve();
          if (ready.length > 0) setImmediate(next);
        };
        next();
      };
    },
  };
}

/** Resolves when the gate opens; rejects (StoreBusyError) if that takes over GATE_WAIT_MS. */
function afterGate(gate: WriteGate, waitMs: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(
      () => reject(new StoreBusyError('An import is being written: try again in a few seconds.')),
      waitMs,
    );
  });
  return Promise.race([gate.opened(), late]).finally(() => clearTimeout(timer));
}

/**
 * The same repository, each named write first waiting for the gate (no wait at all while it is open,
 * which is nearly always).
 */
export function gated<R extends object>(
  repository: R,
  gate: WriteGate,
  writes: readonly (keyof R)[],
  waitMs = GATE_WAIT_MS,
): R {
  const wrapped = { ...repository };
  for (const name of writes) {
    const write = repository[name] as (...args: unknown[]) => Promise<unknown>;
    (wrapped as Record<keyof R, unknown>)[name] = (...args: unknown[]) =>
      gate.held ? afterGate(gate, waitMs).then(() => write.apply(repository, args)) : write.apply(repository, args);
  }
  return wrapped;
}
