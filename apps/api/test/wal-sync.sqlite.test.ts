import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { walSync, type WalSync } from '../src/store/sqlite/wal-sync';
import { openSqliteFile } from './helpers/sqlite-file';
import type { ItemInput } from '@smart-zone/types/item';

/**
 * The group commit's fsync off the event loop (wal-sync.ts), on a real SQLite file and the real fsync: a batch
 * commits with synchronous=NORMAL, and nobody is answered before a sync of the WAL that began after that
 * commit has ended. fs.fsync is watched (each call still goes to the real one) to see the order.
 */
let dir: string;
let db: Database.Database;
let events: string[];

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'smart-zone-wal-sync-'));
  db = new Database(path.join(dir, 'wal.db'));
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.exec('CREATE TABLE t (x INTEGER)');
  events = [];
  const realFsync = fs.fsync;
  let calls = 0;
  jest.spyOn(fs, 'fsync').mockImplementation((fd: number, done: (error: NodeJS.ErrnoException | null) => void) => {
    const call = ++calls;
    events.push(`sync ${call} start`);
    realFsync(fd, (error) => {
      events.push(`sync ${call} done`);
      done(error);
    });
  });
});

afterEach(() => {
  jest.restoreAllMocks();
  if (db.open) db.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const commit = (wal: WalSync, x: number) =>
  wal.unsynced(() => db.transaction(() => db.prepare('INSERT INTO t VALUES (?)').run(x)).immediate());

it('commits without its own fsync, puts FULL back, and answers after a sync of the WAL begun after the commit', async () => {
  const wal = walSync(db)!;
  commit(wal, 1);
  expect(db.pragma('synchronous', { simple: true })).toBe(2);
  expect(events).toEqual([]);

  const first = wal.durable().then(() => events.push('first answered'));
  commit(wal, 2);
  events.push('second committed');
  // The first sync may have begun before the second commit's frames were written: it needs one of its own…
  const second = wal.durable().then(() => events.push('second answered'));
  // …which a third commit asking now shares: one sync covers every commit before it began.
  commit(wal, 3);
  const third = wal.durable().then(() => events.push('third answered'));
  await Promise.all([first, second, third]);

  expect(events.filter((event) => event.startsWith('sync'))).toEqual([
    'sync 1 start',
    'sync 1 done',
    'sync 2 start',
    'sync 2 done',
  ]);
  const at = (event: string) => events.indexOf(event);
  expect(at('first answered')).toBeGreaterThan(at('sync 1 done'));
  expect(at('sync 2 start')).toBeGreaterThan(at('second committed'));
  expect(at('second answered')).toBeGreaterThan(at('sync 2 done'));
  expect(at('third answered')).toBeGreaterThan(at('sync 2 done'));
  await wal.close();
  const reader = new Database(path.join(dir, 'wal.db'));
  expect(reader.prepare('SELECT COUNT(*) AS n FROM t').get()).toEqual({ n: 3 });
  reader.close();
});

it('is not used where nothing would be synced: an in-memory database, or one opened with NORMAL for a bulk load', () => {
  expect(walSync(new Database(':memory:'))).toBeUndefined();
  db.pragma('synchronous = NORMAL');
  expect(walSync(db)).toBeUndefined();
});

it("answers a delivery only once the WAL's sync after its batch has ended, and the batch ran without FULL's fsync", async () => {
  db.close();
  const file = await openSqliteFile('wal-sync-delivery');
  try {
    const phone: ItemInput = {
      name: 'Pixel 9',
      supplier: 'Google',
      price: 799,
      quantity: 5,
      description: 'A phone.',
      img: '/images/pixel-9.svg',
    };
    const ada = { uid: 'uid-ada', email: 'ada@example.com' };
    const item = await file.store.items.create(phone, ada);
    events.length = 0;
    const answered = file.store.deliveries
      .create({
        owner: ada,
        name: 'Ada',
        inventoriesId: item._id,
        address: '1 Way',
        phone: '+44 20 7946 0000',
        quantity: 2,
      })
      .then((outcome) => {
        events.push('answered');
        return outcome;
      });
    expect((await answered).ok).toBe(true);
    // Our one fsync of the WAL, ended before the answer (SQLite's own syncs do not pass through fs.fsync).
    expect(events).toEqual(['sync 1 start', 'sync 1 done', 'answered']);
    expect(file.other.prepare('SELECT quantity FROM items WHERE id = ?').get(item._id)).toEqual({ quantity: 3 });
  } finally {
    await file.close();
  }
});
