import request from 'supertest';
import { makeTestApp, type TestApp } from './helpers/test-app';
import { itemsOf } from './support/bodies';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
  for (const [name, supplier] of [
    ['ÉCLAIR 5', 'Pâtisserie'],
    ['émile', 'Grün GmbH'],
    ['Ωmega', 'ΣΙΓΜΑ Ltd'],
    ['Жук', 'Straße AG'],
    ['Plain', 'ASCII Co'],
    ['Dell 27" Monitor', 'Dell'],
  ] as const) {
    await t.addItem({ name, supplier });
  }
});
afterAll(() => t.close());

async function found(q: string) {
  const res = await request(t.app).get('/api/inventory').query({ q });
  expect(res.status).toBe(200);
  return itemsOf(res)
    .map((item) => item.name)
    .sort();
}

// Search folds case the Unicode way, on both of the store's paths: the
// trigram index (3 characters and more) and the scan (1–2 characters).
describe('search folds case beyond ASCII', () => {
  it.each([
    ['écl', ['ÉCLAIR 5']],
    ['ÉCL', ['ÉCLAIR 5']],
    ['ÉMILE', ['émile']],
    ['ωme', ['Ωmega']],
    ['σιγμα', ['Ωmega']],
    ['жук', ['Жук']],
    ['STRASSE', []],
    ['straße', ['Жук']],
    ['GRÜN', ['émile']],
    ['pâtis', ['ÉCLAIR 5']],
  ])('trigram path: %s finds %j', async (q, names) => {
    expect(await found(q)).toEqual(names);
  });

  it.each([
    ['é', ['ÉCLAIR 5', 'émile']],
    ['É', ['ÉCLAIR 5', 'émile']],
    ['ω', ['Ωmega']],
    ['Ж', ['Жук']],
    ['ж', ['Жук']],
    ['ü', ['émile']],
    ['Ü', ['émile']],
    ['ße', ['Жук']],
  ])('short scan path: %s finds %j', async (q, names) => {
    expect(await found(q)).toEqual(names);
  });
});

// What a user types is matched as text, never as the index's query syntax.
describe('search text is literal', () => {
  it.each([
    ['27" mon', ['Dell 27" Monitor']],
    ['27 mon', []],
    ['"', ['Dell 27" Monitor']],
    ['dell OR plain', []],
    ['plai*', []],
  ])('%s finds %j', async (q, names) => {
    expect(await found(q)).toEqual(names);
  });
});
