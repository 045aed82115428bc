import type Database from 'better-sqlite3';
import type { AuditAction, AuditEntry, AuditTargetKind } from '@smart-zone/types/audit';
import type { AuditFilter, AuditRepository } from '../store';

interface AuditRow {
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

function toEntry(row: AuditRow): AuditEntry {
  return {
    _id: row.id,
    at: row.at,
    actor: { uid: row.actor_uid, email: row.actor_email },
    action: row.action,
    target: {
      kind: row.target_kind,
      id: row.target_id,
      name: row.target_name,
      // An item's own entries keep item_id only for the filter; their target is the item.
      ...(row.item_id && row.target_kind !== 'item' ? { itemId: row.item_id } : {}),
    },
    ...(row.changes_json ? { changes: JSON.parse(row.changes_json) as NonNullable<AuditEntry['changes']> } : {}),
    ...(row.reason ? { reason: row.reason } : {}),
    ...(row.movement_id ? { movementId: row.movement_id } : {}),
    requestId: row.request_id,
  };
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
function countKey(filter: AuditFilter): string | undefined {
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

/** The audit, newest first: by time, then commit order (the same order while the clock does not step back). */
export function sqliteAudit(db: Database.Database): AuditRepository {
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
  const queries = (filter: AuditFilter) => {
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

  return {
    async list(filter, page) {
      const params: Params = Object.fromEntries(
        Object.entries(filter).filter((entry): entry is [string, string] => entry[1] !== undefined),
      );
      const { page: pageQuery, count } = queries(filter);
      const key = countKey(filter);
      // Read in one transaction, so the page and its total see the same entries.
      return db.transaction(() => {
        const entries = pageQuery.all({ ...params, limit: page.limit, skip: page.skip }).map(toEntry);
        const total =
          key !== undefined
            ? (counted.get(key) ?? 0)
            : isWideRange(filter)
              ? rangeTotal(filter)
              : (count.get(params) ?? 0);
        return { entries, total };
      })();
    },
  };
}
