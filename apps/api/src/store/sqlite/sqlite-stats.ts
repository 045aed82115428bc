import type Database from 'better-sqlite3';
import { DAY_BUCKETS, type DayBucket } from '@smart-zone/types/movement-kinds';
import { type DayMovement, STATS_TOP_MOVERS, statsDays, type Stats, withInOut } from '@smart-zone/types/stats';
import type { StatsRepository } from '../store';

/**
 * GET /api/stats from the totals the ledger's triggers keep (schema-stats.ts: day buckets, items delivered) in every write's
 * transaction (schema.ts): one row, the window's 30 day rows, and the top of
 * the items' out over the window; low and out counted in their
 * partial indexes. Read in one transaction, so the figures agree with each other. A deleted item's rows
 * went with it (the trigger), so every mover read is an item that exists.
 */
export function sqliteStats(db: Database.Database): StatsRepository {
  const sql = {
    totals: db.prepare<[], { items: number; units: number; value_cents: number }>(
      'SELECT items, units, value_cents FROM stock_totals WHERE id = 1',
    ),
    low: db.prepare<[], number>('SELECT COUNT(*) FROM items WHERE min_stock > 0 AND quantity <= min_stock').pluck(),
    out: db.prepare<[], number>('SELECT COUNT(*) FROM items WHERE quantity = 0').pluck(),
    days: db.prepare<[string, string], Record<DayBucket, number> & { day: string }>(
      `SELECT day, ${DAY_BUCKETS.join(', ')} FROM day_buckets WHERE day BETWEEN ? AND ?`,
    ),
    moversFrom: db.prepare<[], string>("SELECT value FROM meta WHERE key = 'movers_from'").pluck(),
    window: db.prepare<[number], { item_id: string; name: string; units_out: number }>(
      `SELECT w.item_id, i.name, w.units_out FROM item_out_window w JOIN items i ON i.id = w.item_id
        WHERE w.units_out > 0 ORDER BY w.units_out DESC, w.item_id LIMIT ?`,
    ),
    movers: db.prepare<[string, string, number], { item_id: string; name: string; units_out: number }>(
      `SELECT t.item_id, i.name, t.units_out FROM (
         SELECT item_id, SUM(units_out) AS units_out FROM item_out_days WHERE day BETWEEN ? AND ?
          GROUP BY item_id HAVING SUM(units_out) > 0 ORDER BY units_out DESC, item_id LIMIT ?
       ) t JOIN items i ON i.id = t.item_id ORDER BY t.units_out DESC, t.item_id`,
    ),
  };

  const read = db.transaction((now: Date): Stats => {
    const days = statsDays(now);
    const first = days[0]!;
    const last = days[days.length - 1]!;
    const totals = sql.totals.get() ?? { items: 0, units: 0, value_cents: 0 };
    const byDay = new Map(sql.days.all(first, last).map((row) => [row.day, row]));
    // The window the triggers keep sums the days from movers_from to the last movement's day: when that
    // is this window (a movement today), its five biggest are an index's first entries. Else (nothing moved
    // yet today, or another day asked for) the window's item-days are summed.
    const movers =
      sql.moversFrom.get() === first ? sql.window.all(STATS_TOP_MOVERS) : sql.movers.all(first, last, STATS_TOP_MOVERS);
    return {
      items: totals.items,
      units: totals.units,
      stockValue: totals.value_cents / 100,
      low: sql.low.get() ?? 0,
      out: sql.out.get() ?? 0,
      movementsByDay: days.map((day) => {
        const row = byDay.get(day);
        return withInOut({
          day,
          ...Object.fromEntries(DAY_BUCKETS.map((bucket) => [bucket, row?.[bucket] ?? 0])),
        } as DayMovement);
      }),
      topMovers: movers.map((row) => ({
        itemId: row.item_id,
        name: row.name,
        out: row.units_out,
      })),
    };
  });

  return {
    async read(now = new Date()) {
      return read(now);
    },
  };
}
