import { setImmediate as nextTurn } from 'node:timers/promises';
import { StoreBusyError } from '../store';

/**
 * Turns at the file's write lock: the server gives one between its own writes (import-runner.ts,
 * write-gate.ts), so that they wait for a chunk at most, never for a whole file. Alone (a test's in-memory
 * store, the store's open), any time is a turn.
 */
export interface WriteTurns {
  /** Resolves when the turn is given. */
  take(): Promise<void>;
  /** Ends the turn. */
  give(): void;
}
export const anyTime: WriteTurns = { take: () => Promise.resolve(), give: () => undefined };

/**
 * While the import worker writes a chunk of an import to the file (it holds the file's write lock for that
 * chunk's transaction), this process's own writes wait here, asynchronously: better-sqlite3 would otherwise
 * wait for the lock inside its synchronous call, holding the event loop for every other request. Reads go on
 * (WAL): only writes wait, and they run, in order, once the chunk commits, before the next chunk's turn.
 */
export interface WriteGate {
  /** Whether another process holds the lock now (or is waiting its turn to). */
  readonly held: boolean;
  /** Resolves once nobody holds it. */
  opened(): Promise<void>;
  /** Holds it from this moment: writes asked for from now on wait until every hold is released. */
  close(): () => void;
  /**
   * A turn for another process (the import worker) at the file's write lock: once the writes that waited have
   * run, it is held, and given once none of this process's writes is running; release() ends it.
   */
  turn(): Promise<() => void>;
  /** Runs a write of this process (counted: a turn is given only when none runs). */
  running<T>(write: () => Promise<T>): Promise<T>;
}

/** Writes that waited, let go per turn of the event loop once the gate opens. */
const RELEASED_PER_TURN = 8;
/** How long a write waits for the gate: then it is refused (429, nothing written), not run late. */
export const GATE_WAIT_MS = 15_000;

export function writeGate(): WriteGate {
  let holds = 0;
  let waiters: (() => void)[] = [];
  /** Resolves once the writes that waited for the last turn have all been let go (none waited: undefined). */
  let released: Promise<void> | undefined;
  let active = 0;
  const idle: (() => void)[] = [];
  const done = () => {
    active -= 1;
    if (active > 0) return;
    for (const resolve of idle.splice(0)) resolve();
  };
  const gate: WriteGate = {
    get held() {
      return holds > 0;
    },
    opened() {
      return holds === 0 ? Promise.resolve() : new Promise<void>((resolve) => waiters.push(resolve));
    },
    close() {
      holds += 1;
      let over = false;
      return () => {
        if (over) return;
        over = true;
        holds -= 1;
        if (holds > 0) return;
        const ready = waiters;
        waiters = [];
        // Nobody waited: the next turn may be given at once.
        if (ready.length === 0) return;
        released = new Promise<void>((allLetGo) => {
          // A few per turn of the event loop: each is a commit of its own, and reads wait behind a long run.
          const next = () => {
            for (const resolve of ready.splice(0, RELEASED_PER_TURN)) resolve();
            if (ready.length > 0) setImmediate(next);
            else allLetGo();
          };
          next();
        });
      };
    },
    async turn() {
      // One turn at a time, each after the writes that waited for the one before (and what they started: a turn
      // of the event loop).
      while (holds > 0 || released) {
        if (holds > 0) await new Promise<void>((resolve) => waiters.push(resolve));
        const letGo = released;
        released = undefined;
        if (letGo) {
          await letGo;
          await nextTurn();
        }
      }
      const release = gate.close();
      if (active > 0) await new Promise<void>((resolve) => idle.push(resolve));
      return release;
    },
    running(write) {
      active += 1;
      try {
        return write().finally(done);
      } catch (error) {
        done();
        throw error;
      }
    },
  };
  return gate;
}

/** Resolves when the gate opens; rejects (StoreBusyError) if that is not before `deadline`. */
function afterGate(gate: WriteGate, deadline: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(
      () => reject(new StoreBusyError('An import is being written: try again in a few seconds.')),
      Math.max(0, deadline - Date.now()),
    );
  });
  return Promise.race([gate.opened(), late]).finally(() => clearTimeout(timer));
}

/**
 * The same repository, each named write run at once while the gate is open (nearly always), else once it
 * opens: checked again then, as another turn may have begun since.
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
    (wrapped as Record<keyof R, unknown>)[name] = (...args: unknown[]) => {
      const attempt = (deadline: number): Promise<unknown> =>
        gate.held
          ? afterGate(gate, deadline).then(() => attempt(deadline))
          : gate.running(() => write.apply(repository, args));
      return attempt(Date.now() + waitMs);
    };
  }
  return wrapped;
}
