import type { Locator } from '@playwright/test';

/** Clicks, counted (one tap each on a phone), and the seconds since the first: a task's taps and time. */
export function tapper() {
  let taps = 0;
  let started = 0;
  return {
    tap: async (target: Locator) => {
      if (taps === 0) started = Date.now();
      taps += 1;
      await target.click();
    },
    get taps() {
      return taps;
    },
    seconds: () => (Date.now() - started) / 1000,
  };
}
