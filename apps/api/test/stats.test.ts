import request from 'supertest';
import { statsSchema } from '@smart-zone/types/api-schemas';
import { SYSTEM_ACTOR } from '@smart-zone/types/item';
import { errorOf } from './support/bodies';
import { makeTestApp, type TestApp } from './helpers/test-app';

/** GET /api/stats over HTTP: the team reads it, nobody else; a write is in the next answer, never a cached one. */

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
let t: TestApp;
let viewer: string;
let clerk: string;

beforeEach(async () => {
  t = await makeTestApp({ ownerEmails: ['owner@shop.example'] });
  await t.store.team.ensureOwners(['owner@shop.example']);
  await t.store.team.add({ email: 'viewer@shop.example', role: 'viewer' }, SYSTEM_ACTOR);
  await t.store.team.add({ email: 'clerk@shop.example', role: 'clerk' }, SYSTEM_ACTOR);
  viewer = await t.tokenFor('viewer@shop.example');
  clerk = await t.tokenFor('clerk@shop.example');
});
afterEach(() => t.close());

it('refuses a visitor (401) and a signed-in outsider (403), with nothing of the figures', async () => {
  const visitor = await request(t.app).get('/api/stats');
  expect(visitor.status).toBe(401);
  expect(visitor.body).not.toHaveProperty('stockValue');
  const outsider = await request(t.app)
    .get('/api/stats')
    .set(auth(await t.tokenFor('eve@gmail.com')));
  expect(outsider.status).toBe(403);
  expect(errorOf(outsider).code).toBe('forbidden');
  expect(outsider.body).not.toHaveProperty('stockValue');
});

it('answers a viewer the figures, and a delivery is in the next answer', async () => {
  const itemId = await t.addItem({ name: 'Counted', price: 12.5, quantity: 10 });
  const first = await request(t.app).get('/api/stats').set(auth(viewer)).expect(200);
  expect(first.headers['cache-control']).toBe('private, no-store');
  const stats = statsSchema.parse(first.body);
  expect(stats).toMatchObject({ items: 1, units: 10, stockValue: 125, low: 0, out: 0, topMovers: [] });

  await request(t.app)
    .post('/api/myitem')
    .set(auth(clerk))
    .send({ email: 'clerk@shop.example', inventoriesId: itemId, address: '1 Road', phone: '555 0100', quantity: 4 })
    .expect(201);
  const next = statsSchema.parse((await request(t.app).get('/api/stats').set(auth(viewer)).expect(200)).body);
  expect(next).toMatchObject({ units: 6, stockValue: 75, topMovers: [{ itemId, name: 'Counted', out: 4 }] });
  expect(next.movementsByDay.at(-1)!.out - stats.movementsByDay.at(-1)!.out).toBe(4);
});
