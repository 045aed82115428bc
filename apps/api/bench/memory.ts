import { readFileSync } from 'node:fs';

/** A process's resident memory in MB, from the kernel (Linux /proc), so it counts every byte, not just V8's heap. */
export function residentMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = /^VmRSS:\s+(\d+) kB$/m.exec(status)?.[1];
  if (!kb) throw new Error(`no VmRSS for process ${pid}`);
  return Number(kb) / 1024;
}

export interface MemoryGrowth {
  beforeMb: number;
  peakMb: number;
  growthMb: number;
}

/** Samples a process's RSS every `everyMs` until stopped; growth is the peak over the first sample. */
export function watchMemory(pid: number, everyMs = 20): { stop(): MemoryGrowth } {
  const beforeMb = residentMb(pid);
  let peakMb = beforeMb;
  const timer = setInterval(() => {
    try {
      peakMb = Math.max(peakMb, residentMb(pid));
    } catch {
      // The process is gone; the run will fail on its own.
    }
  }, everyMs);
  return {
    stop() {
      clearInterval(timer);
      return { beforeMb, peakMb, growthMb: peakMb - beforeMb };
    },
  };
}
