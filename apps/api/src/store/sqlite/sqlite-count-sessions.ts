import { setImmediate } from 'node:timers/promises';
import type Database from 'better-sqlite3';
import { ObjectId } from 'bson';
import {
  COUNT_LINES_MAX,
  type Count,
  type CountLine,
  type CountLineFilter,
  type CountState,
} from '@smart-zone/types/count';
import { MAIN_LOCATION_ID } from '@smart-zone/types/location';
import {
  appliedNote,
  type CountSessionState,
  countTarget,
  decideCountLine,
  decideRecording,
  ledgerUnits,
} from '../decisions/count';
import type { CountOpening, CountOutcome, CountRecording, CountRepository } from '../ports/counts';
import type { Author } from '../ports/items';
import { sqliteItemWriter } from './item-writes';
import { toItem } from './rows';
import type { SqliteLedger } from './sqlite-ledger';

/** Lines written per transaction while a session opens: each a short turn, other requests between them. */
const OPEN_SLICE = 5_000;
/** Lines read per batch by the count sheet. */
const SHEET_BATCH = 2_000;

interface CountRow {
  id: string;
  name: string;
  state: CountState;
  blind: 0 | 1;
  location_id: string | null;
  scope_json: string;
  lines: number;
  created_email: string;
  at: string;
  closed_email: string | null;
  closed_at: string | null;
  movements: number | null;
}

interface LineRow {
  item_id: string;
  /** The name the line was opened with: what the sheet's pages go by. */
  line_name: string;
  name: string;
  sku: string | null;
  counted: number | null;
  expected: number | null;
  price: number | null;
  counted_email: string | null;
  counted_at: string | null;
  /** The ledger's units now (at the session's location, or in all); null when the item is gone. */
  units_now: number | null;
}

const cents = (value: number) => Math.round(value * 100) / 100;

/** A line as the API answers it (whole: the route leaves out what a blind count hides). */
export function lineOf(row: LineRow): CountLine {
  const counted = row.counted !== null;
  const expected = counted ? row.expected! : (row.units_now ?? 0);
  return {
    itemId: row.item_id,
    name: row.name,
    ...(row.sku ? { sku: row.sku } : {}),
    expected,
    ...(counted
      ? {
          counted: row.counted!,
          countedBy: row.counted_email!,
          countedAt: row.counted_at!,
          variance: row.counted! - expected,
          value: cents((row.counted! - expected) * (row.price ?? 0)),
        }
      : {}),
  };
}

const SESSION_STATE = (row: CountRow): CountSessionState => ({
  id: row.id,
  name: row.name,
  open: row.state === 'open',
  ...(row.location_id ? { locationId: row.location_id } : {}),
});

/** The stock filters as SQL (item-queries.ts' STOCK_SQL, on `i`). */
const STOCK_SQL = { low: 'i.min_stock > 0 AND i.quantity <= i.min_stock', out: 'i.quantity = 0' } as const;

/**
 * Stock counts in SQLite (issue 35): decisions/count.ts decides each recording and each line of an apply; this
 * reads what they need and records them, each write in one IMMEDIATE transaction.
 */
export function sqliteCountSessions(db: Database.Database, ledger: SqliteLedger, committed: () => void) {
  const writer = sqliteItemWriter(db, ledger);
  // What the ledger holds of a line's item now: at the session's location (Main: what no other holds), or in all.
  const unitsNow = `CASE WHEN i.id IS NULL THEN NULL
      WHEN @location IS NULL THEN i.quantity
      WHEN @location = '${MAIN_LOCATION_ID}' THEN i.quantity - i.placed
      ELSE COALESCE((SELECT s.quantity FROM item_stock s WHERE s.item_id = i.id AND s.location_id = @location), 0)
    END AS units_now`;
  const lineSelect = `SELECT l.item_id, l.name AS line_name, COALESCE(i.name, l.name) AS name, COALESCE(i.sku, l.sku) AS sku, l.counted,
      l.expected, l.price, l.counted_email, l.counted_at, ${unitsNow}
    FROM count_lines l LEFT JOIN items i ON i.id = l.item_id`;
  const FILTERS: Record<CountLineFilter | 'all', { where: string; order: string }> = {
    all: { where: '', order: 'l.name, l.item_id' },
    uncounted: { where: 'AND l.counted IS NULL', order: 'l.name, l.item_id' },
    counted: { where: 'AND l.counted IS NOT NULL', order: 'l.counted_at DESC, l.item_id' },
    variance: {
      where: 'AND l.counted IS NOT NULL AND l.counted <> l.expected',
      order: 'abs((l.counted - l.expected) * l.price) DESC, l.name, l.item_id',
    },
  };
  type Params = { count: string; location: string | null; limit: number; skip: number };
  const pages = Object.fromEntries(
    Object.entries(FILTERS).map(([key, { where, order }]) => [
      key,
      {
        page: db.prepare<Params, LineRow>(
          `${lineSelect} WHERE l.count_id = @count ${where} ORDER BY ${order} LIMIT @limit OFFSET @skip`,
        ),
        total: db
          .prepare<{ count: string }, number>(`SELECT COUNT(*) FROM count_lines l WHERE l.count_id = @count ${where}`)
          .pluck(),
      },
    ]),
  ) as Record<
    CountLineFilter | 'all',
    { page: Database.Statement<Params, LineRow>; total: Database.Statement<{ count: string }, number> }
  >;

  const sql = {
    get: db.prepare<[string], CountRow>('SELECT * FROM counts WHERE id = ?'),
    totals: db.prepare<[string], { counted: number; units: number | null; value: number | null }>(
      `SELECT COUNT(*) AS counted, SUM(counted - expected) AS units, SUM((counted - expected) * price) AS value
       FROM count_lines WHERE count_id = ? AND counted IS NOT NULL`,
    ),
    list: db.prepare<{ state: string | null; limit: number; skip: number }, CountRow>(
      'SELECT * FROM counts WHERE @state IS NULL OR state = @state ORDER BY id DESC LIMIT @limit OFFSET @skip',
    ),
    listTotal: db
      .prepare<{ state: string | null }, number>('SELECT COUNT(*) FROM counts WHERE @state IS NULL OR state = @state')
      .pluck(),
    insert: db.prepare(
      `INSERT INTO counts (id, name, state, blind, location_id, scope_json, lines, created_uid, created_email, at)
       VALUES (@id, @name, 'open', @blind, @location_id, @scope_json, @lines, @uid, @email, @at)`,
    ),
    addLine: db.prepare<[string, string, string, string | null]>(
      'INSERT OR IGNORE INTO count_lines (count_id, item_id, name, sku) VALUES (?, ?, ?, ?)',
    ),
    dropLines: db.prepare<[string, string, number]>(
      `DELETE FROM count_lines WHERE count_id = ?
         AND item_id IN (SELECT item_id FROM count_lines WHERE count_id = ? LIMIT ?)`,
    ),
    path: db.prepare<[string], string>('SELECT path FROM locations WHERE id = ?').pluck(),
    line: db.prepare<[string, string], { counted: number | null }>(
      'SELECT counted FROM count_lines WHERE count_id = ? AND item_id = ?',
    ),
    record: db.prepare(
      `INSERT INTO count_lines (count_id, item_id, name, sku, counted, expected, version, price, counted_uid,
         counted_email, counted_at)
       VALUES (@count, @item, @name, @sku, @counted, @expected, @version, @price, @uid, @email, @at)
       ON CONFLICT (count_id, item_id) DO UPDATE SET counted = excluded.counted, expected = excluded.expected,
         version = excluded.version, price = excluded.price, counted_uid = excluded.counted_uid,
         counted_email = excluded.counted_email, counted_at = excluded.counted_at`,
    ),
    oneMore: db.prepare<[string]>('UPDATE counts SET lines = lines + 1 WHERE id = ?'),
    counted: db.prepare<[string], { item_id: string; counted: number; expected: number }>(
      'SELECT item_id, counted, expected FROM count_lines WHERE count_id = ? AND counted IS NOT NULL',
    ),
    uncounted: db
      .prepare<[string], string>('SELECT item_id FROM count_lines WHERE count_id = ? AND counted IS NULL')
      .pluck(),
    close: db.prepare(
      `UPDATE counts SET state = @state, closed_uid = @uid, closed_email = @email, closed_at = @at,
         movements = @movements WHERE id = @id AND state = 'open'`,
    ),
    lineAfter: db.prepare<{ count: string; location: string | null; item: string }, LineRow>(
      `${lineSelect} WHERE l.count_id = @count AND l.item_id = @item`,
    ),
    sheetAfter: db.prepare<{ count: string; location: string | null; name: string; item: string }, LineRow>(
      `${lineSelect} WHERE l.count_id = @count AND (l.name, l.item_id) > (@name, @item)
       ORDER BY l.name, l.item_id LIMIT ${SHEET_BATCH}`,
    ),
    /** The next session that has lines, after `?` (a skip along the primary key: one seek a session). */
    nextWithLines: db
      .prepare<[string], string>('SELECT count_id FROM count_lines WHERE count_id > ? ORDER BY count_id LIMIT 1')
      .pluck(),
  };

  function countOf(row: CountRow): Count {
    const totals = sql.totals.get(row.id)!;
    return {
      _id: row.id,
      name: row.name,
      state: row.state,
      blind: row.blind === 1,
      scope: JSON.parse(row.scope_json) as Count['scope'],
      createdBy: row.created_email,
      at: row.at,
      lines: row.lines,
      counted: totals.counted,
      variance: { units: totals.units ?? 0, value: cents(totals.value ?? 0) },
      ...(row.closed_email ? { closedBy: row.closed_email, closedAt: row.closed_at! } : {}),
      ...(row.movements !== null ? { movements: row.movements } : {}),
    };
  }

  /** The items a session opens over, a slice at a time in item order (after `after`'s seq). */
  function candidatesQuery(opening: CountOpening) {
    const where = [
      ...(opening.stock ? [STOCK_SQL[opening.stock]] : []),
      ...(opening.locationId === MAIN_LOCATION_ID
        ? ['i.quantity - i.placed > 0']
        : opening.locationId
          ? [
              `EXISTS (SELECT 1 FROM item_stock s WHERE s.item_id = i.id AND s.location_id = @location AND s.quantity > 0)`,
            ]
          : []),
    ];
    const and = where.map((clause) => ` AND ${clause}`).join('');
    return {
      all: db.prepare<
        { location: string | null; after: number },
        { seq: number; id: string; name: string; sku: string | null }
      >(`SELECT i.seq, i.id, i.name, i.sku FROM items i WHERE i.seq > @after${and} ORDER BY i.seq LIMIT ${OPEN_SLICE}`),
      named: db.prepare<
        { location: string | null; ids: string },
        { seq: number; id: string; name: string; sku: string | null }
      >(`SELECT i.seq, i.id, i.name, i.sku FROM json_each(@ids) j JOIN items i ON i.id = j.value WHERE 1${and}`),
    };
  }

  const writeSlice = db.transaction((id: string, rows: { id: string; name: string; sku: string | null }[]) => {
    let added = 0;
    for (const row of rows) added += sql.addLine.run(id, row.id, row.name, row.sku).changes;
    return added;
  });

  /** A session that could not open: its lines dropped, a slice a turn. */
  async function dropLines(id: string) {
    while (sql.dropLines.run(id, id, OPEN_SLICE).changes > 0) await setImmediate();
  }

  const opened = db.transaction((row: Record<string, unknown>, audit: Parameters<SqliteLedger['audit']>) => {
    sql.insert.run(row);
    ledger.audit(...audit);
  });

  async function open(opening: CountOpening, by: Author): Promise<CountOutcome<Count>> {
    const location = opening.locationId ?? null;
    const path = location ? sql.path.get(location) : undefined;
    if (location && path === undefined) return { ok: false, reason: 'location_not_found' };
    const id = new ObjectId().toHexString();
    const query = candidatesQuery(opening);
    let lines = 0;
    const take = async (rows: { id: string; name: string; sku: string | null }[]) => {
      lines += writeSlice(id, rows);
      await setImmediate();
      return lines <= COUNT_LINES_MAX;
    };
    let fits = true;
    if (opening.candidates) {
      for (let from = 0; fits && from < opening.candidates.length; from += OPEN_SLICE) {
        const ids = JSON.stringify(opening.candidates.slice(from, from + OPEN_SLICE));
        fits = await take(query.named.all({ location, ids }));
      }
    } else {
      for (let after = 0; fits;) {
        const rows = query.all.all({ location, after });
        if (rows.length === 0) break;
        after = rows.at(-1)!.seq;
        fits = await take(rows);
      }
    }
    if (!fits) {
      await dropLines(id);
      return { ok: false, reason: 'too_large' };
    }
    const at = new Date().toISOString();
    const scope: Count['scope'] = {
      ...(location ? { locationId: location, path: path! } : {}),
      ...(opening.scope.q ? { q: opening.scope.q } : {}),
      ...(opening.stock ? { stock: opening.stock } : {}),
      ...(opening.scope.itemIds ? { items: opening.scope.itemIds.length } : {}),
    };
    const target = countTarget({ id, name: opening.name });
    opened(
      {
        id,
        name: opening.name,
        blind: opening.blind ? 1 : 0,
        location_id: location,
        scope_json: JSON.stringify(scope),
        lines,
        uid: by.uid,
        email: by.email,
        at,
      },
      [{ action: 'count.open', target, changes: { lines: [null, lines] } }, by, at],
    );
    committed();
    return { ok: true, value: countOf(sql.get.get(id)!) };
  }

  const record = db.transaction(
    (id: string, itemId: string, recording: CountRecording, by: Author): CountOutcome<CountLine> => {
      const row = sql.get.get(id);
      if (!row) return { ok: false, reason: 'not_found' };
      const itemRow = writer.read(itemId);
      const line = sql.line.get(id, itemId);
      const at = new Date().toISOString();
      const item = itemRow ? toItem(itemRow) : null;
      const session = SESSION_STATE(row);
      const decision = decideRecording(
        session,
        item,
        writer.holdings(itemRow),
        line?.counted ?? null,
        recording,
        by,
        at,
      );
      if (!decision.ok) return decision;
      const { counted, expected, version, price } = decision.line;
      sql.record.run({
        count: id,
        item: itemId,
        name: item!.name,
        sku: item!.sku ?? null,
        counted,
        expected,
        version,
        price,
        uid: by.uid,
        email: by.email,
        at,
      });
      if (!line) sql.oneMore.run(id);
      ledger.audit(decision.audit, by, at);
      return { ok: true, value: lineOf(sql.lineAfter.get({ count: id, location: row.location_id, item: itemId })!) };
    },
  );

  const apply = db.transaction(
    (id: string, uncounted: 'keep' | 'zero', by: Author): CountOutcome<{ movements: number; skipped: number }> => {
      const row = sql.get.get(id);
      if (!row) return { ok: false, reason: 'not_found' };
      const session = SESSION_STATE(row);
      if (!session.open) return { ok: false, reason: 'not_open' };
      const at = new Date().toISOString();
      const lines: { item_id: string; counted: number; expected?: number }[] = sql.counted.all(id);
      // An uncounted line counted as zero: whatever the ledger holds of it when applied goes.
      if (uncounted === 'zero') for (const itemId of sql.uncounted.all(id)) lines.push({ item_id: itemId, counted: 0 });
      let movements = 0;
      let skipped = 0;
      ledger.countingTogether(() => {
        for (const line of lines) {
          const itemRow = writer.read(line.item_id);
          if (!itemRow) {
            skipped += 1;
            continue;
          }
          const item = toItem(itemRow);
          const holdings = writer.holdings(itemRow);
          const expected = line.expected ?? ledgerUnits(item, holdings, session.locationId);
          const write = decideCountLine(session, item, holdings, { counted: line.counted, expected }, by, at);
          if (!write) continue;
          writer.apply(write, itemRow);
          movements += 1;
        }
        sql.close.run({ id, state: 'applied', uid: by.uid, email: by.email, at, movements });
        ledger.audit(appliedNote(session, lines.length, movements), by, at);
      });
      if (movements > 0) ledger.bumpRevision();
      return { ok: true, value: { movements, skipped } };
    },
  );

  const cancel = db.transaction((id: string, by: Author): CountOutcome<null> => {
    const row = sql.get.get(id);
    if (!row) return { ok: false, reason: 'not_found' };
    if (row.state !== 'open') return { ok: false, reason: 'not_open' };
    const at = new Date().toISOString();
    sql.close.run({ id, state: 'cancelled', uid: by.uid, email: by.email, at, movements: null });
    ledger.audit({ action: 'count.cancel', target: countTarget(SESSION_STATE(row)) }, by, at);
    return { ok: true, value: null };
  });

  const repository: CountRepository = {
    open,
    async list({ state }, { limit, skip }) {
      const rows = sql.list.all({ state: state ?? null, limit, skip });
      return { counts: rows.map(countOf), total: sql.listTotal.get({ state: state ?? null })! };
    },
    async get(id) {
      const row = sql.get.get(id);
      return row ? countOf(row) : null;
    },
    async lines(id, filter, { limit, skip }) {
      const row = sql.get.get(id);
      if (!row) return null;
      const query = pages[filter ?? 'all'];
      const rows = query.page.all({ count: id, location: row.location_id, limit, skip });
      return { lines: rows.map(lineOf), total: query.total.get({ count: id })! };
    },
    async *sheet(id) {
      const row = sql.get.get(id);
      if (!row) return;
      let after = { name: '', item: '' };
      for (;;) {
        const rows = sql.sheetAfter.all({ count: id, location: row.location_id, ...after });
        if (rows.length === 0) return;
        yield rows.map(lineOf);
        const last = rows.at(-1)!;
        after = { name: last.line_name, item: last.item_id };
      }
    },
    async record(id, itemId, recording, by) {
      const outcome = record(id, itemId, recording, by);
      committed();
      return outcome;
    },
    async apply(id, uncounted, by) {
      const outcome = apply(id, uncounted, by);
      committed();
      if (!outcome.ok) return outcome;
      return { ok: true, value: { count: countOf(sql.get.get(id)!), ...outcome.value } };
    },
    async cancel(id, by) {
      const outcome = cancel(id, by);
      committed();
      return outcome.ok ? { ok: true, value: countOf(sql.get.get(id)!) } : outcome;
    },
  };

  return {
    repository,
    /** Drops the lines of sessions that never finished opening (the process stopped midway): at open. */
    dropUnopened() {
      for (let id = sql.nextWithLines.get(''); id !== undefined; id = sql.nextWithLines.get(id)) {
        if (!sql.get.get(id)) while (sql.dropLines.run(id, id, OPEN_SLICE).changes > 0);
      }
    },
  };
}
