import { useCountLines } from '../api/get-count-lines';

/** The recently counted lines a count screen lists. */
export const RECENT_LINES = 20;

/** The last lines counted, live (the list, and the line on show, follow other counters). One request for both. */
export const useRecentLines = (countId: string) =>
  useCountLines(countId, { filter: 'counted', limit: RECENT_LINES }, { live: true });
