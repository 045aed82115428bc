import type { Locator } from '@playwright/test';

/**
 * Clicks, counted (one tap each on a phone), and the seconds since the first: a task's taps and time.
 * `aside(work)`: what the test does meanwhile that a person would not (screenshots, measuring), kept out of
 * the seconds.
 */
export function tapper() {
  let taps = 0;
  let started = 0;
  let asideMs = 0;
  return {
    tap: async (target: Locator) => {
      if (taps === 0) started = Date.now();
      taps += 1;
      await target.click();
    },
    aside: async <T>(work: () => Promise<T>): Promise<T> => {
      const at = Date.now();
      try {
        return await work();
      } finally {
        if (taps > 0) asideMs += Date.now() - at;
      }
    },
    get taps() {
      return taps;
    },
    seconds: () => (Date.now() - started - asideMs) / 1000,
  };
}

export type Tapper = ReturnType<typeof tapper>;

/** A task's taps and seconds, as the specs log them: `[timing] <task> (<where>): N taps, S s`. */
export const logTiming = (task: string, where: string, taps: number, seconds: number) =>
  console.log(`[timing] ${task} (${where}): ${taps} taps, ${seconds.toFixed(2)} s`);
