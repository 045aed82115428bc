import type Database from 'better-sqlite3';
import type { DeliveryFilter } from '../store';
import type { DeliveryRow } from './rows';

/** The key delivery_counts keeps the total under, when the filter is none or one email or one item. */
export function deliveryCountKey({ email, itemId, from, to, state }: DeliveryFilter): string | undefined {
  if (from !== undefined || to !== undefined) return undefined;
  if (email !== undefined && itemId !== undefined) return undefined;
  // The cancelled ones too: under `all:` keys (migration 26), which a cancel leaves as they are.
  const all = state === 'all' ? 'all:' : '';
  if (email !== undefined) return `${all}email:${email}`;
  return itemId !== undefined ? `${all}item:${itemId}` : all;
}

/**
 * The list's conditions, each one served by a partial index of the deliveries not cancelled
 * (schema-team.ts) or, with the cancelled ones, by a full one (migration 26), which ends in created_at:
 * the page is read in order from one index range.
 */
function listWhere(filter: DeliveryFilter): string {
  const conditions = [
    ...(filter.state === 'all' ? [] : ['cancelled_at IS NULL']),
    ...(filter.email !== undefined ? ['email = @email'] : []),
    ...(filter.itemId !== undefined ? ['inventories_id = @itemId'] : []),
    ...(filter.from !== undefined ? ['created_at >= @from'] : []),
    ...(filter.to !== undefined ? ['created_at <= @to'] : []),
  ];
  return conditions.length > 0 ? conditions.join(' AND ') : 'true';
}

function listParams({ state: _state, ...filter }: DeliveryFilter): Record<string, string> {
  return Object.fromEntries(Object.entries(filter).filter(([, value]) => value !== undefined));
}

/**
 * Every delivery not cancelled, newest first, a page at a time. Run on the
 * server's connection when cheap (a kept total, a shallow page) and in the read
 * worker otherwise (read-jobs.ts): the same code on either connection.
 */
export function deliveryQueries(db: Database.Database) {
  // The total of no filter, or of one email or one item, is kept by triggers (schema.ts): no counting.
  const counted = db.prepare<[string], number>('SELECT n FROM delivery_counts WHERE key = ?').pluck();

  // One pair of statements per combination of filters (16 at most), prepared when first asked for.
  const prepared = new Map<
    string,
    {
      page: Database.Statement<Record<string, unknown>, DeliveryRow>;
      count: Database.Statement<Record<string, unknown>, number>;
    }
  >();
  const statements = (filter: DeliveryFilter) => {
    const where = listWhere(filter);
    let query = prepared.get(where);
    if (!query) {
      query = {
        page: db.prepare(
          `SELECT * FROM deliveries WHERE ${where} ORDER BY created_at DESC, seq DESC LIMIT @limit OFFSET @skip`,
        ),
        count: db.prepare<Record<string, unknown>, number>(`SELECT COUNT(*) FROM deliveries WHERE ${where}`).pluck(),
      };
      prepared.set(where, query);
    }
    return query;
  };

  /** A page and how many match, in one read transaction, so both see the same deliveries. */
  const read = db.transaction((filter: DeliveryFilter, page: { limit: number; skip: number }) => {
    const query = statements(filter);
    const params = listParams(filter);
    const key = deliveryCountKey(filter);
    const rows = query.page.all({ ...params, limit: page.limit, skip: page.skip });
    const total = key !== undefined ? (counted.get(key) ?? 0) : (query.count.get(params) ?? 0);
    return { rows, total };
  });

  return {
    page: (filter: DeliveryFilter, page: { limit: number; skip: number }): { rows: DeliveryRow[]; total: number } =>
      read(filter, page),
  };
}
