import path from 'node:path';
import { exited, firstMessage, forkTs } from './processes';
import type { LoadResult, LoadSpec, ProbeCommand, ProbeReady, ProbeResult, ProbeSpec } from './protocol';

/** One autocannon run in a fresh child process (load.ts); resolves with its figures. */
export async function measure(spec: LoadSpec): Promise<LoadResult> {
  const child = forkTs(path.join('bench', 'load.ts'), { args: [JSON.stringify(spec)] });
  const result = await firstMessage<LoadResult>(child, 'the load generator');
  await exited(child, 'the load generator');
  return result;
}

/**
 * A short unrecorded run first, so the figures are of a warmed-up server
 * (JIT-compiled handlers, SQLite pages cached), not of its first second.
 */
export async function warmUp(spec: LoadSpec, seconds: number): Promise<void> {
  if (seconds <= 0) return;
  const { amount: _amount, ...rest } = spec;
  // A run bounded by an amount (the whole list) warms up with one request.
  await measure(spec.amount ? { ...rest, connections: 1, amount: 1 } : { ...rest, seconds });
}

export interface Probe {
  /** Requests sent from now on count in this phase (null: in none). */
  phase(name: string | null): void;
  /** Stops sending; resolves once the requests still out have finished, with every phase's figures. */
  stop(): Promise<ProbeResult>;
}

/** Issue 21's probe (probe.ts, through load.ts) in a fresh child process; resolves once it is sending. */
export async function startProbe(spec: ProbeSpec): Promise<Probe> {
  const child = forkTs(path.join('bench', 'load.ts'), { args: [JSON.stringify(spec)] });
  await firstMessage<ProbeReady>(child, 'the probe');
  const tell = (command: ProbeCommand) => child.send(command);
  return {
    phase: (name) => tell({ phase: name }),
    async stop() {
      const result = firstMessage<ProbeResult>(child, 'the probe');
      tell({ stop: true });
      const answer = await result;
      await exited(child, 'the probe');
      return answer;
    },
  };
}
