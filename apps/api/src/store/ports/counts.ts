import type { StockFilter } from '@smart-zone/types/item';
import type {
  Count,
  CountApplyResult,
  CountLine,
  CountLineFilter,
  CountRefusal,
  CountScope,
  CountState,
} from '@smart-zone/types/count';
import type { Author } from './items';

/** What POST /api/counts asks the store for, its scope resolved as far as the service can (counts.service.ts). */
export interface CountOpening {
  name: string;
  blind: boolean;
  /** The scope as asked, kept with the session (and the location's path, read by the store). */
  scope: CountScope;
  /** The items it may hold (a search's, or the ones named), or null: every item. */
  candidates: readonly string[] | null;
  locationId?: string;
  stock?: StockFilter;
}

/** How a line's count changes: set to a number, or `add` units to it (a scan: +1). */
export type CountRecording = { set: number } | { add: number };

export type CountOutcome<T> = { ok: true; value: T } | { ok: false; reason: CountRefusal };

/**
 * Stock counts (issue 35, docs/decisions/020). The store keeps each session with its lines; each recording
 * keeps, in its transaction, the ledger's units of the item then (at the session's location, or in all) and
 * its version; the apply writes each counted line's counted − those units as a `count` movement
 * (decisions/count.ts), every line in one transaction, the session applied in it too. Answers are whole:
 * the routes leave out what a blind count hides from the caller.
 */
export interface CountRepository {
  /** Refused when the location is not one, or when the scope holds more than COUNT_LINES_MAX items. */
  open(opening: CountOpening, by: Author): Promise<CountOutcome<Count>>;
  list(
    filter: { state?: CountState },
    page: { limit: number; skip: number },
  ): Promise<{ counts: Count[]; total: number }>;
  get(id: string): Promise<Count | null>;
  /** A page of lines (the filters: count.ts countLinesQuerySchema), and how many match; null: no such count. */
  lines(
    id: string,
    filter: CountLineFilter | undefined,
    page: { limit: number; skip: number },
  ): Promise<{ lines: CountLine[]; total: number } | null>;
  /** Every line by name, a batch at a time (the count sheet): memory stays flat. */
  sheet(id: string): AsyncIterable<CountLine[]>;
  /**
   * Sets or adds to a line, atomically (two counters adding to one line lose nothing); an item the session does
   * not hold yet becomes a line of it (found where it was not expected).
   */
  record(id: string, itemId: string, recording: CountRecording, by: Author): Promise<CountOutcome<CountLine>>;
  /** Writes the variances and closes the session, all or nothing; an applied or cancelled one: `not_open`. */
  apply(id: string, uncounted: 'keep' | 'zero', by: Author): Promise<CountOutcome<CountApplyResult>>;
  cancel(id: string, by: Author): Promise<CountOutcome<Count>>;
}
