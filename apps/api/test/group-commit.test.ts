import type Database from 'better-sqlite3';
import { openSqliteFile, type SqliteFile } from './helpers/sqlite-file';
import type { Actor, ItemInput } from '@smart-zone/types/item';
import type { DeliveryOutcome, NewDelivery, Store } from '../src/store/store';
import { anyString } from './support/bodies';

/**
 * Group commit on a real SQLite file: deliveries that arrive together share
 * one transaction, each as if in a savepoint of its own (a batch runs without
 * them, and again with one each when a write of it threw). Failures are forced with
 * real triggers, created from a second connection to the same file (that
 * connection is also how we see what is committed: it sees nothing else).
 */
const ada: Actor = { uid: 'uid-ada', email: 'ada@example.com' };

const phone = (quantity: number): ItemInput => ({
  name: 'Pixel 9',
  supplier: 'Google',
  price: 799,
  quantity,
  description: 'A phone.',
  img: '/images/pixel-9.svg',
});

const delivery = (inventoriesId: string, overrides: Partial<NewDelivery> = {}): NewDelivery => ({
  owner: ada,
  name: 'Ada Lovelace',
  inventoriesId,
  address: '1 Analytical Way',
  phone: '+44 20 7946 0000',
  quantity: 1,
  ...overrides,
});

let file: SqliteFile;
let store: Store;
/** Another connection to the same file: it only ever sees committed data. */
let other: Database.Database;

beforeEach(async () => {
  file = await openSqliteFile('group-commit');
  ({ store, other } = file);
});

afterEach(() => file.close());

const committedStock = (id: string) =>
  (other.prepare('SELECT quantity FROM items WHERE id = ?').get(id) as { quantity: number }).quantity;
const committedDeliveries = (id: string) =>
  (other.prepare('SELECT COUNT(*) AS n FROM deliveries WHERE inventories_id = ?').get(id) as { n: number }).n;
const committedRevision = () =>
  (other.prepare("SELECT value FROM meta WHERE key = 'catalogue_revision'").get() as { value: string }).value;

/** The item's ledger from the committed file: the sum of its deltas must be its quantity. */
function ledgerSum(id: string): number {
  return (other.prepare('SELECT SUM(delta) AS total FROM movements WHERE item_id = ?').get(id) as { total: number })
    .total;
}

/** The committed audit totals (audit_counts), and what counting the committed audit entries one by one gives. */
const keyedRows = (sql: string): Record<string, number> =>
  Object.fromEntries(
    other
      .prepare<[], { key: string; n: number }>(sql)
      .all()
      .map(({ key, n }) => [key, n]),
  );

function auditTotals(): { kept: Record<string, number>; counted: Record<string, number> } {
  const rows = keyedRows;
  return {
    kept: rows('SELECT key, n FROM audit_counts ORDER BY key'),
    counted: rows(`SELECT key, COUNT(*) AS n FROM (
        SELECT '' AS key FROM audit
        UNION ALL SELECT 'actor:' || actor_email FROM audit
        UNION ALL SELECT 'action:' || action FROM audit
        UNION ALL SELECT 'day:' || substr(at, 1, 10) FROM audit
        UNION ALL SELECT 'item:' || item_id FROM audit WHERE item_id IS NOT NULL
      ) GROUP BY key ORDER BY key`),
  };
}

/** The committed list totals of live deliveries and of all (delivery_counts, none at 0), and counting them one by one. */
function deliveryTotals(): { kept: Record<string, number>; counted: Record<string, number> } {
  return {
    kept: keyedRows('SELECT key, n FROM delivery_counts WHERE n <> 0 ORDER BY key'),
    counted: keyedRows(`SELECT key, COUNT(*) AS n FROM (
        SELECT '' AS key FROM deliveries WHERE cancelled_at IS NULL
        UNION ALL SELECT 'email:' || email FROM deliveries WHERE cancelled_at IS NULL
        UNION ALL SELECT 'item:' || inventories_id FROM deliveries WHERE cancelled_at IS NULL
        UNION ALL SELECT 'all:' FROM deliveries
        UNION ALL SELECT 'all:email:' || email FROM deliveries
        UNION ALL SELECT 'all:item:' || inventories_id FROM deliveries
      ) GROUP BY key ORDER BY key`),
  };
}

it('N concurrent deliveries of 1 against stock S deliver exactly min(N, S), in one commit, and the ledger adds up', async () => {
  const item = await store.items.create(phone(50), ada);
  const revisionBefore = Number(committedRevision());

  const outcomes = await Promise.all(Array.from({ length: 80 }, () => store.deliveries.create(delivery(item._id))));

  const delivered = outcomes.filter((outcome) => outcome.ok);
  const refused = outcomes.filter((outcome) => !outcome.ok);
  expect(delivered).toHaveLength(50);
  expect(refused).toHaveLength(30);
  expect(refused.every((outcome) => !outcome.ok && outcome.reason === 'out_of_stock')).toBe(true);
  expect(committedStock(item._id)).toBe(0);
  expect(committedDeliveries(item._id)).toBe(50);
  expect(ledgerSum(item._id)).toBe(0);
  // Arrived together, committed together: the batch moved the revision on once.
  expect(Number(committedRevision())).toBe(revisionBefore + 1);
});

it('more deliveries than one batch holds (256) all settle, in two commits, and none runs twice', async () => {
  const item = await store.items.create(phone(400), ada);
  const revisionBefore = Number(committedRevision());

  const outcomes = await Promise.all(Array.from({ length: 300 }, () => store.deliveries.create(delivery(item._id))));
  expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(300);
  expect(Number(committedRevision())).toBe(revisionBefore + 2);
  // A little later, nothing has run again: a batch leaves the queue when it is taken.
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect([committedStock(item._id), committedDeliveries(item._id), ledgerSum(item._id)]).toEqual([100, 300, 100]);
  expect(Number(committedRevision())).toBe(revisionBefore + 2);
});

it('a batch in which nothing changed (every delivery refused) leaves the catalogue revision alone', async () => {
  const item = await store.items.create(phone(0), ada);
  const revisionBefore = committedRevision();
  const outcomes = await Promise.all(Array.from({ length: 3 }, () => store.deliveries.create(delivery(item._id))));
  expect(outcomes.map((outcome) => outcome.ok)).toEqual([false, false, false]);
  expect(committedRevision()).toBe(revisionBefore);
});

it('answers each delivery only once its batch is committed: another connection already sees it', async () => {
  const item = await store.items.create(phone(10), ada);
  const seen = await Promise.all(
    Array.from({ length: 5 }, () =>
      store.deliveries.create(delivery(item._id)).then((outcome) => {
        if (!outcome.ok) throw new Error('the delivery was refused');
        return other.prepare('SELECT COUNT(*) AS n FROM deliveries WHERE id = ?').get(outcome.delivery._id);
      }),
    ),
  );
  expect(seen).toEqual(Array.from({ length: 5 }, () => ({ n: 1 })));
  expect(committedStock(item._id)).toBe(5);
});

it('a delivery whose insert fails in the batch rolls back alone: its stock stays, the others commit', async () => {
  const item = await store.items.create(phone(10), ada);
  other.exec(`CREATE TRIGGER refuse_one BEFORE INSERT ON deliveries WHEN NEW.address = 'refuse me'
              BEGIN SELECT RAISE(ABORT, 'forced insert failure'); END`);

  const results = await Promise.allSettled([
    store.deliveries.create(delivery(item._id, { quantity: 1 })),
    store.deliveries.create(delivery(item._id, { quantity: 2 })),
    store.deliveries.create(delivery(item._id, { quantity: 3, address: 'refuse me' })),
    store.deliveries.create(delivery(item._id, { quantity: 1 })),
  ]);

  expect(results.map((result) => result.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
  expect(String((results[2] as PromiseRejectedResult).reason)).toMatch(/forced insert failure/);
  // 1 + 2 + 1 left; the refused delivery's 3 were taken off inside its savepoint and put back with it.
  expect(committedStock(item._id)).toBe(6);
  expect(committedDeliveries(item._id)).toBe(3);
  expect(ledgerSum(item._id)).toBe(6);
  expect((await store.items.get(item._id))?.quantity).toBe(6);
});

it('a batch counts its audit and delivery totals once per key as its entries would one by one, a batch run again with savepoints too', async () => {
  const bob: Actor = { uid: 'uid-bob', email: 'bob@example.com' };
  const [first, second] = await Promise.all([store.items.create(phone(10), ada), store.items.create(phone(10), bob)]);
  const quiet = await Promise.all([
    store.deliveries.create(delivery(first._id)),
    store.deliveries.create(delivery(second._id, { owner: bob, quantity: 2 })),
    store.deliveries.create(delivery(first._id, { owner: bob, quantity: 11 })),
  ]);
  expect(quiet.map((outcome) => outcome.ok)).toEqual([true, true, false]);
  let totals = auditTotals();
  expect(totals.kept).toEqual(totals.counted);
  expect(totals.kept['']).toBe(4);
  expect(deliveryTotals().kept).toEqual(deliveryTotals().counted);
  expect(deliveryTotals().kept['']).toBe(2);

  other.exec(`CREATE TRIGGER refuse_one BEFORE INSERT ON deliveries WHEN NEW.address = 'refuse me'
              BEGIN SELECT RAISE(ABORT, 'forced insert failure'); END`);
  const cancelled = quiet[0].ok ? quiet[0].delivery._id : '';
  const results = await Promise.allSettled([
    store.deliveries.create(delivery(second._id, { owner: bob })),
    store.deliveries.create(delivery(first._id, { address: 'refuse me' })),
    store.deliveries.cancel(cancelled, ada),
    store.deliveries.create(delivery(first._id)),
  ]);
  expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
  totals = auditTotals();
  expect(totals.kept).toEqual(totals.counted);
  expect(totals.kept['']).toBe(7);
  expect(deliveryTotals().kept).toEqual(deliveryTotals().counted);
  expect(deliveryTotals().kept).toEqual({
    '': 3,
    'email:ada@example.com': 1,
    'email:bob@example.com': 2,
    [`item:${first._id}`]: 1,
    [`item:${second._id}`]: 2,
    // With the cancelled one (issue 36: it stays listed).
    'all:': 4,
    'all:email:ada@example.com': 2,
    'all:email:bob@example.com': 2,
    [`all:item:${first._id}`]: 2,
    [`all:item:${second._id}`]: 2,
  });
  expect([committedStock(first._id), committedStock(second._id)]).toEqual([9, 7]);
});

it('a batch that fails as a whole rejects every delivery in it and writes nothing; the next batch works', async () => {
  const item = await store.items.create(phone(10), ada);
  const revisionBefore = committedRevision();
  // The batch's last statement before COMMIT is its one revision bump: make it fail.
  other.exec(`CREATE TRIGGER fail_batch BEFORE UPDATE ON meta WHEN NEW.key = 'catalogue_revision'
              BEGIN SELECT RAISE(ABORT, 'forced batch failure'); END`);

  const results = await Promise.allSettled(
    Array.from({ length: 5 }, () => store.deliveries.create(delivery(item._id))),
  );

  expect(results.every((result) => result.status === 'rejected')).toBe(true);
  expect(String((results[0] as PromiseRejectedResult).reason)).toMatch(/forced batch failure/);
  expect(committedStock(item._id)).toBe(10);
  expect(committedDeliveries(item._id)).toBe(0);
  expect(ledgerSum(item._id)).toBe(10);
  expect(committedRevision()).toBe(revisionBefore);

  other.exec('DROP TRIGGER fail_batch');
  const next: DeliveryOutcome = await store.deliveries.create(delivery(item._id));
  expect(next.ok).toBe(true);
  expect(committedStock(item._id)).toBe(9);
});

it('a delivery that rolls back the whole transaction (RAISE(ROLLBACK)) fails the batch: nothing after it runs uncommitted-as-committed', async () => {
  const item = await store.items.create(phone(10), ada);
  other.exec(`CREATE TRIGGER end_all BEFORE INSERT ON deliveries WHEN NEW.address = 'end it all'
              BEGIN SELECT RAISE(ROLLBACK, 'forced rollback'); END`);

  const results = await Promise.allSettled([
    store.deliveries.create(delivery(item._id)),
    store.deliveries.create(delivery(item._id, { address: 'end it all' })),
    store.deliveries.create(delivery(item._id)),
  ]);

  expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected', 'rejected']);
  expect(committedStock(item._id)).toBe(10);
  expect(committedDeliveries(item._id)).toBe(0);
  expect(ledgerSum(item._id)).toBe(10);
});

it('cancels join the batch: a delivery and cancels of earlier ones commit together and the ledger adds up', async () => {
  const item = await store.items.create(phone(10), ada);
  const first = await store.deliveries.create(delivery(item._id, { quantity: 4 }));
  const second = await store.deliveries.create(delivery(item._id, { quantity: 3 }));
  if (!first.ok || !second.ok) throw new Error('setup deliveries were refused');
  expect(committedStock(item._id)).toBe(3);

  const [cancelled, cancelledAgain, fresh] = await Promise.all([
    store.deliveries.cancel(first.delivery._id, ada),
    store.deliveries.cancel(first.delivery._id, ada),
    // Only possible because the cancel before it in the batch put 4 back.
    store.deliveries.create(delivery(item._id, { quantity: 5 })),
  ]);

  expect(cancelled).toEqual({
    ok: true,
    delivery: { ...first.delivery, cancelledAt: anyString, cancelledBy: ada.email },
  });
  expect(cancelledAgain).toEqual({ ok: false, reason: 'not_found' });
  expect(fresh.ok).toBe(true);
  expect(committedStock(item._id)).toBe(2);
  expect(ledgerSum(item._id)).toBe(2);
});
