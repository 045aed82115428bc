import type { ItemInput } from '@smart-zone/types/item';
import { seedDeliveries, seedMovements } from '../src/seed-activity';
import { INLINE_SKIP_MAX } from '../src/store/sqlite/read-jobs';
import { openSqliteFile, type SqliteFile } from './helpers/sqlite-file';
import { staff } from './helpers/store-fixtures';

/**
 * On a database file, the pages of the audit and of every delivery that cost
 * more than a kept total and a shallow page (a page past INLINE_SKIP_MAX, a total
 * that must be counted) are read by the read worker, on its own connection, and
 * answer exactly what SQL on the file answers. At 1,000,000 entries the audit's
 * last page walks the whole index (~60 ms): held on the event loop, it would
 * stall every other request.
 */
let file: SqliteFile;
const ITEMS = 200;
const DEEP = INLINE_SKIP_MAX + 500;

const item = (i: number): ItemInput => ({
  name: `Crate ${i}`,
  supplier: 'Acme',
  price: 10,
  quantity: 500,
  description: '',
  img: '',
});

beforeAll(async () => {
  // The seed's progress lines are for a person at a terminal.
  jest.spyOn(console, 'log').mockImplementation(() => undefined);
  file = await openSqliteFile('deep-pages');
  await file.store.items.createMany(
    Array.from({ length: ITEMS }, (_, i) => item(i)),
    staff,
  );
  await seedDeliveries(file.store, DEEP + 300);
  await seedMovements(file.store, 600);
}, 120_000);
afterAll(() => file.close());

/**
 * Whether `read` was answered by the worker: a read on the server's connection
 * is done before its promise's continuations run, so it settles while only
 * microtasks have run; the worker's answer is a message, which needs a turn of
 * the event loop (no timing involved either way).
 */
async function fromWorker<T>(read: () => Promise<T>): Promise<{ value: T; worker: boolean }> {
  let settled = false;
  const pending = read().then((value) => {
    settled = true;
    return value;
  });
  for (let turn = 0; turn < 20; turn++) await Promise.resolve();
  const worker = !settled;
  return { value: await pending, worker };
}

it('a deep page of the audit comes from the worker, leaving the event loop free, and is what SQL says', async () => {
  const total = file.other.prepare<[], number>('SELECT COUNT(*) FROM audit').pluck().get()!;
  expect(total).toBeGreaterThan(DEEP + 20);
  const { value: page, worker } = await fromWorker(() => file.store.audit.list({}, { limit: 20, skip: DEEP }));
  expect(worker).toBe(true);
  const expected = file.other
    .prepare<[number], string>('SELECT id FROM audit ORDER BY at DESC, seq DESC LIMIT 20 OFFSET ?')
    .pluck()
    .all(DEEP);
  expect(page.entries.map((entry) => entry._id)).toEqual(expected);
  expect(page.total).toBe(total);
  // The last page too: what remains after the skip.
  const last = await file.store.audit.list({}, { limit: 20, skip: total - 7 });
  expect(last.entries).toHaveLength(7);
});

it('a shallow page with a kept total stays on the server’s connection, and agrees with the worker’s deep one', async () => {
  const { value: first, worker } = await fromWorker(() => file.store.audit.list({}, { limit: 20, skip: 0 }));
  expect(worker).toBe(false);
  const deep = await file.store.audit.list({}, { limit: 20, skip: DEEP });
  expect(first.total).toBe(deep.total);
  expect(first.entries[0]!.at >= deep.entries[0]!.at).toBe(true);
});

it('a total that must be counted (two filters) comes from the worker and is the count SQL gives', async () => {
  const actor = file.other
    .prepare<[], string>('SELECT actor_email FROM audit ORDER BY seq DESC LIMIT 1')
    .pluck()
    .get()!;
  const { value: page, worker } = await fromWorker(() =>
    file.store.audit.list({ actor, action: 'delivery.create' }, { limit: 5, skip: 0 }),
  );
  expect(worker).toBe(true);
  const counted = file.other
    .prepare<[string], number>("SELECT COUNT(*) FROM audit WHERE actor_email = ? AND action = 'delivery.create'")
    .pluck()
    .get(actor)!;
  expect(counted).toBeGreaterThan(0);
  expect(page.total).toBe(counted);
  expect(page.entries.every((entry) => entry.actor.email === actor && entry.action === 'delivery.create')).toBe(true);
});

it('a deep page of every delivery comes from the worker and is what SQL says; so is a counted total', async () => {
  const { value: page, worker } = await fromWorker(() => file.store.deliveries.list({}, { limit: 20, skip: DEEP }));
  expect(worker).toBe(true);
  const expected = file.other
    .prepare<[number], string>(
      'SELECT id FROM deliveries WHERE cancelled_at IS NULL ORDER BY created_at DESC, seq DESC LIMIT 20 OFFSET ?',
    )
    .pluck()
    .all(DEEP);
  expect(page.deliveries.map((delivery) => delivery._id)).toEqual(expected);
  expect(page.total).toBe(DEEP + 300);

  const from = file.other
    .prepare<[], string>('SELECT created_at FROM deliveries ORDER BY seq LIMIT 1 OFFSET 100')
    .pluck()
    .get()!;
  const ranged = await fromWorker(() => file.store.deliveries.list({ from }, { limit: 20, skip: 0 }));
  expect(ranged.worker).toBe(true);
  expect(ranged.value.total).toBe(
    file.other
      .prepare<[string], number>('SELECT COUNT(*) FROM deliveries WHERE cancelled_at IS NULL AND created_at >= ?')
      .pluck()
      .get(from),
  );
});
