import request from 'supertest';
import type { ItemInput } from '@smart-zone/types/item';
import { createApp } from '../src/app';
import { SEARCH_QUEUE_MAX } from '../src/store/sqlite/search-runner';
import { StoreBusyError } from '../src/store/store';
import { recordAnswers } from './helpers/conformance';
import { openSqliteFile, type SqliteFile } from './helpers/sqlite-file';
import { fakeVerifier, TEST_ACTOR, testConfig } from './helpers/test-app';

/**
 * On a database file, searches of 3 characters or more (whose cost grows with
 * their matches: ~27 ms for 100,000) run in a worker thread with its own
 * connection, and give the same answers as the store's own connection.
 */
let file: SqliteFile;
const ITEMS = 20_000;
const phone = (i: number): ItemInput => ({
  name: `Phone ${i}`,
  supplier: i % 3 ? 'Acme' : 'Zeta Works',
  price: (i * 7919) % 1900,
  quantity: i % 500,
  description: '',
  img: '',
});

beforeAll(async () => {
  file = await openSqliteFile('search-worker');
  await file.store.items.createMany(
    Array.from({ length: ITEMS }, (_, i) => phone(i)),
    TEST_ACTOR,
  );
});
afterAll(() => file.close());

it('answers trigram searches from the worker exactly as SQL on the file does', async () => {
  const expected = file.other
    .prepare<[], { name: string }>(
      "SELECT name FROM items WHERE lower(supplier) LIKE '%zeta%' OR lower(name) LIKE '%zeta%' ORDER BY price, seq LIMIT 5 OFFSET 10",
    )
    .all()
    .map((row) => row.name);
  const page = await file.store.items.list({
    q: 'ZETA',
    sort: { key: 'price', descending: false },
    limit: 5,
    skip: 10,
  });
  expect(page.map((item) => item.name)).toEqual(expected);
  expect(await file.store.items.count({ q: 'zeta w' })).toBe(Math.ceil(ITEMS / 3));
  expect(await file.store.items.count({ q: 'phone 19' })).toBe(
    Array.from({ length: ITEMS }, (_, i) => `phone ${i}`).filter((name) => name.includes('phone 19')).length,
  );
});

it('streams a search, sorted or not, in order, every match once', async () => {
  const names: string[] = [];
  for await (const batch of file.store.items.stream({ q: 'zeta', sort: { key: 'price', descending: true } })) {
    names.push(...batch.map((item) => item.name));
  }
  const expected = file.other
    .prepare<[], { name: string }>("SELECT name FROM items WHERE supplier = 'Zeta Works' ORDER BY price DESC, seq DESC")
    .all()
    .map((row) => row.name);
  expect(names).toEqual(expected);
  let unsorted = 0;
  for await (const batch of file.store.items.stream({ q: 'acme', skip: 100 })) unsorted += batch.length;
  expect(unsorted).toBe(ITEMS - Math.ceil(ITEMS / 3) - 100);
});

it('leaves the event loop free while a search runs: a timer fires before the answer comes', async () => {
  let ticked = false;
  setTimeout(() => (ticked = true), 0);
  await file.store.items.count({ q: 'phone' });
  expect(ticked).toBe(true);
});

it(`refuses searches past ${SEARCH_QUEUE_MAX} waiting, and the API answers those 429 in the error shape`, async () => {
  const outcomes = await Promise.allSettled(
    Array.from({ length: SEARCH_QUEUE_MAX + 20 }, (_, i) => file.store.items.count({ q: `phone ${i}` })),
  );
  const refused = outcomes.filter((o) => o.status === 'rejected');
  expect(refused.length).toBeGreaterThanOrEqual(20);
  for (const o of refused) expect(o.reason).toBeInstanceOf(StoreBusyError);
  expect(outcomes.filter((o) => o.status === 'fulfilled').length).toBeGreaterThanOrEqual(SEARCH_QUEUE_MAX);

  const app = recordAnswers(createApp({ store: file.store, verifier: fakeVerifier, config: testConfig }));
  const answers = await Promise.all(
    Array.from({ length: SEARCH_QUEUE_MAX + 20 }, (_, i) => request(app).get(`/api/inventory?limit=6&q=phone%20${i}x`)),
  );
  const busy = answers.filter((res) => res.status === 429);
  expect(busy.length).toBeGreaterThan(0);
  for (const res of busy) expect(res.body).toMatchObject({ error: { code: 'rate_limited' } });
  expect(answers.every((res) => res.status === 200 || res.status === 429)).toBe(true);
  // The queue empties again: a search after the burst is answered.
  expect((await request(app).get('/api/inventory?limit=6&q=zeta')).status).toBe(200);
});
