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
        for (const resolve of ready) resolve();
      };
    },
  };
}

/**
 * The same repository, each named write first waiting for the gate (no wait at all while it is open,
 * which is nearly always).
 */
export function gated<R extends object>(repository: R, gate: WriteGate, writes: readonly (keyof R)[]): R {
  const wrapped = { ...repository };
  for (const name of writes) {
    const write = repository[name] as (...args: unknown[]) => Promise<unknown>;
    (wrapped as Record<keyof R, unknown>)[name] = (...args: unknown[]) =>
      gate.held ? gate.opened().then(() => write.apply(repository, args)) : write.apply(repository, args);
  }
  return wrapped;
}
