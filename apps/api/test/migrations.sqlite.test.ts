import Database from 'better-sqlite3';
import { migrate } from '../src/store/sqlite/schema';

/**
 * Migration 7 makes the movements table again (its reason CHECK names `import`
 * and `undo`, and an undo names what it undoes): every row is kept with its seq,
 * the indexes are back, and the CHECKs hold.
 */
it('keeps every movement of a version 6 file, and then holds the new rules', () => {
  const db = new Database(':memory:');
  migrate(db, 6);
  expect(db.pragma('user_version', { simple: true })).toBe(6);
  const insert = db.prepare(
    `INSERT INTO movements (id, item_id, delta, quantity_after, reason, actor_uid, actor_email, note, at)
     VALUES (?, 'item', ?, ?, ?, 'u', 'u@x', ?, ?)`,
  );
  insert.run('m1', 5, 5, 'created', null, '2026-01-01T00:00:00.000Z');
  insert.run('m2', 3, 8, 'restock', 'pallet', '2026-01-02T00:00:00.000Z');
  insert.run('m3', -8, 0, 'deleted', null, '2026-01-03T00:00:00.000Z');
  db.prepare("DELETE FROM movements WHERE id = 'm3'").run();
  const before = db.prepare('SELECT * FROM movements ORDER BY seq').all();
  expect(() => insert.run('x', 1, 1, 'import', null, '2026-01-04T00:00:00.000Z')).toThrow(/CHECK/);

  migrate(db);
  expect(db.pragma('user_version', { simple: true })).toBe(7);
  expect(
    db
      .prepare(
        'SELECT seq, id, item_id, delta, quantity_after, reason, actor_uid, actor_email, delivery_id, note, item_json, at FROM movements ORDER BY seq',
      )
      .all(),
  ).toEqual(before);
  // AUTOINCREMENT goes on past the highest seq ever used (m3's), as before.
  db.prepare(
    "INSERT INTO movements (id, item_id, delta, quantity_after, reason, actor_uid, actor_email, at) VALUES ('m4', 'item', 2, 10, 'import', 'u', 'u@x', 'now')",
  ).run();
  expect(db.prepare("SELECT seq FROM movements WHERE id = 'm4'").pluck().get()).toBe(4);
  const undo = db.prepare(
    "INSERT INTO movements (id, item_id, delta, quantity_after, reason, actor_uid, actor_email, at, undo_of) VALUES (?, 'item', -2, 8, ?, 'u', 'u@x', 'now', ?)",
  );
  expect(() => undo.run('u0', 'undo', null)).toThrow(/CHECK/);
  expect(() => undo.run('u0', 'adjust', 'm4')).toThrow(/CHECK/);
  undo.run('u1', 'undo', 'm4');
  expect(() => undo.run('u2', 'undo', 'm4')).toThrow(/UNIQUE/);
  const indexes = db
    .prepare(
      "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'movements' AND sql IS NOT NULL ORDER BY name",
    )
    .pluck()
    .all();
  expect(indexes).toEqual(['movements_by_at', 'movements_by_item', 'movements_undone']);
  db.close();
});
