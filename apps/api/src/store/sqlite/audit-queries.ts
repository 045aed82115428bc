import type Database from 'better-sqlite3';
import type { AuditAction, AuditTargetKind } from '@smart-zone/types/audit';
import type { AuditFilter } from '../store';

export interface AuditRow {
  id: string;
  at: string;
  actor_uid: string;
  actor_email: string;
  action: AuditAction;
  target_kind: AuditTargetKind;
  target_id: string;
  target_name: string;
  item_id: string | null;
  changes_json: string | null;
  reason: string | null;
  movement_id: string | null;
  request_id: string;
}

type Params = Record<string, string | number>;

/** The conditions of a filter; each equality has an index ending in `at` (schema.ts), so does `at` alone. */
function where(filter: AuditFilter): string {
  const conditions = [
    ...(filter.actor !== undefined ? ['actor_email = @actor'] : []),
    ...(filter.action !== undefined ? ['action = @action'] : []),
    ...(filter.itemId !== undefined ? ['item_id = @itemId'] : []),
    ...(filter.from !== undefined ? ['at >= @from'] : []),
    ...(filter.to !== undefined ? ['at <= @to'] : []),
  ];
  return conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '';
}

/** The key audit_counts keeps the total under, when the filter is none or one equality. */
export function auditCountKey(filter: AuditFilter): string | undefined {
  const { actor, action, itemId, from, to } = filter;
  const set = [actor, action, itemId, from, to].filter((value) => value !== undefined).length;
  if (set === 0) return '';
  if (set > 1) return undefined;
  if (actor !== undefined) return `actor:${actor}`;
  if (action !== undefined) return `action:${action}`;
  return itemId !== undefined ? `item:${itemId}` : undefined;
}

/** Only a time range, spanning more than one day: its total is counted per day (see schema.ts). */
const isWideRange = (filter: AuditFilter) =>
  filter.actor === undefined &&
  filter.action === undefined &&
  filter.itemId === undefined &&
  (filter.from ?? filter.to) !== undefined &&
  filter.from?.slice(0, 10) !== filter.to?.slice(0, 10);

/** The day after a date-time's day, as the first instant of it. */
const nextDay = (at: string) => new Date(Date.parse(at.slice(0, 10)) + 86_400_000).toISOString();

/**
 * The audit's page reads, newest first: by time, then commit order. Run on the
 * server's connection when they are cheap (a kept total, a shallow page) and in
 * the read worker otherwise (read-jobs.ts): the same code on either connection.
 */
export function auditQueries(db: Database.Database) {
  const counted = db.prepare<[string], number>('SELECT n FROM audit_counts WHERE key = ?').pluck();
  // Entries are written with toISOString(), so `day:YYYY-MM-DD` keys sort as their days; 'day;' sorts after all.
  const days = db
    .prepare<[string, string], number>('SELECT COALESCE(SUM(n), 0) FROM audit_counts WHERE key > ? AND key < ?')
    .pluck();
  const fromToDayEnd = db
    .prepare<[string, string], number>('SELECT COUNT(*) FROM audit WHERE at >= ? AND at < ?')
    .pluck();
  const dayStartToTo = db
    .prepare<[string, string], number>('SELECT COUNT(*) FROM audit WHERE at >= ? AND at <= ?')
    .pluck();
  /** A range's total: the days strictly inside it from their counts, its first and last (part) day from the index. */
  const rangeTotal = ({ from, to }: AuditFilter): number => {
    if (from !== undefined && to !== undefined && from > to) return 0;
    const inside = days.get(from ? `day:${from.slice(0, 10)}` : 'day:', to ? `day:${to.slice(0, 10)}` : 'day;') ?? 0;
    const first = from ? (fromToDayEnd.get(from, nextDay(from)) ?? 0) : 0;
    const last = to ? (dayStartToTo.get(`${to.slice(0, 10)}T00:00:00.000Z`, to) ?? 0) : 0;
    return inside + first + last;
  };

  // One pair of statements per combination of filters (32 at most), prepared when first asked for.
  const prepared = new Map<
    string,
    { page: Database.Statement<Params, AuditRow>; count: Database.Statement<Params, number> }
  >();
  const statements = (filter: AuditFilter) => {
    const conditions = where(filter);
    let found = prepared.get(conditions);
    if (!found) {
      found = {
        page: db.prepare(`SELECT * FROM audit ${conditions} ORDER BY at DESC, seq DESC LIMIT @limit OFFSET @skip`),
        count: db.prepare<Params, number>(`SELECT COUNT(*) FROM audit ${conditions}`).pluck(),
      };
      prepared.set(conditions, found);
    }
    return found;
  };

  /** A page and how many match, in one read transaction, so both see the same entries. */
  const read = db.transaction((filter: AuditFilter, page: { limit: number; skip: number }) => {
    const params: Params = Object.fromEntries(
      Object.entries(filter).filter((entry): entry is [string, string] => entry[1] !== undefined),
    );
    const { page: pageQuery, count } = statements(filter);
    const key = auditCountKey(filter);
    const rows = pageQuery.all({ ...params, limit: page.limit, skip: page.skip });
    const total =
      key !== undefined ? (counted.get(key) ?? 0) : isWideRange(filter) ? rangeTotal(filter) : (count.get(params) ?? 0);
    return { rows, total };
  });

  return {
    page: (filter: AuditFilter, page: { limit: number; skip: number }): { rows: AuditRow[]; total: number } =>
      read(filter, page),
  };
}
