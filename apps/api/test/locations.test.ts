import request from 'supertest';
import { SYSTEM_ACTOR, TOTAL_COUNT_HEADER } from '@smart-zone/types/item';
import { MAIN_LOCATION_ID, type Location } from '@smart-zone/types/location';
import { errorOf } from './support/bodies';
import { makeTestApp, type TestApp } from './helpers/test-app';

/**
 * /api/locations over HTTP (issue 34): who may read and change them, what a bad body or a refused change
 * answers (each writing nothing), and the search and paging of the list. The rules themselves are the
 * contract suite's (locations.contract.test.ts, both stores).
 */

const MANAGER = 'manager@shop.com';
const CLERK = 'clerk@shop.com';
const VIEWER = 'viewer@shop.com';
let t: TestApp;
const auth: Record<string, { Authorization: string }> = {};

beforeAll(async () => {
  t = await makeTestApp();
  for (const [email, role] of [
    [MANAGER, 'manager'],
    [CLERK, 'clerk'],
    [VIEWER, 'viewer'],
  ] as const) {
    await t.store.team.add({ email, role }, SYSTEM_ACTOR);
    auth[role] = { Authorization: `Bearer ${await t.tokenFor(email)}` };
  }
});
afterAll(() => t.close());

const locationOf = (res: request.Response) => res.body as Location;
const add = (body: object) => request(t.app).post('/api/locations').set(auth.manager!).send(body);
const auditTotal = async () => (await t.store.audit.list({}, { limit: 1, skip: 0 })).total;

it('a visitor is refused (401); a viewer reads Main; a clerk may not add (403); a manager adds (201)', async () => {
  expect((await request(t.app).get('/api/locations')).status).toBe(401);
  expect((await request(t.app).get(`/api/locations/${MAIN_LOCATION_ID}`)).status).toBe(401);
  const read = await request(t.app).get(`/api/locations/${MAIN_LOCATION_ID}`).set(auth.viewer!);
  expect(read.status).toBe(200);
  expect(locationOf(read)).toMatchObject({ _id: MAIN_LOCATION_ID, name: 'Main', parentId: null, depth: 0 });
  const refused = await request(t.app).post('/api/locations').set(auth.clerk!).send({ name: 'Back room' });
  expect(refused.status).toBe(403);
  expect(errorOf(refused).message).toContain('needs the manager role');
  expect((await request(t.app).delete(`/api/locations/${MAIN_LOCATION_ID}`).set(auth.clerk!)).status).toBe(403);
  const made = await add({ name: '  Back   room ' });
  expect(made.status).toBe(201);
  expect(locationOf(made)).toMatchObject({
    name: 'Back room',
    path: 'Back room',
    parentId: MAIN_LOCATION_ID,
    depth: 1,
  });
});

it('answers a bad body with the field and its reason, and writes nothing', async () => {
  const before = await auditTotal();
  for (const [body, field, message] of [
    [{}, 'name', 'Name'],
    [{ name: '' }, 'name', 'Name is required'],
    [{ name: 'Shelf A/B' }, 'name', 'cannot contain "/"'],
    [{ name: 'x'.repeat(41) }, 'name', 'at most 40'],
    [{ name: 'Tab\there' }, 'name', 'control characters'],
    [{ name: 'Ok', parentId: 'nope' }, 'parentId', '24-character hex id'],
    [{ name: 'Ok', colour: 'red' }, '', 'colour'],
  ] as const) {
    const res = await add(body);
    expect([body, res.status]).toEqual([body, 400]);
    const error = errorOf(res);
    expect([error.message, ...Object.values(error.fields ?? {})].join(' ')).toContain(message);
    if (field) expect(Object.keys(error.fields ?? {})).toContain(field);
  }
  const patch = await request(t.app).patch(`/api/locations/${MAIN_LOCATION_ID}`).set(auth.manager!).send({});
  expect(patch.status).toBe(400);
  expect(errorOf(patch).message).toContain('Give a name or a parentId');
  expect(await auditTotal()).toBe(before);
});

it('answers each refusal with its status and code, and writes nothing', async () => {
  const room = locationOf(await add({ name: 'Cellar' }));
  const shelf = locationOf(await add({ name: 'Rack 1', parentId: room._id }));
  const before = await auditTotal();
  const cases: [request.Test, number, string][] = [
    [add({ name: 'CELLAR' }), 409, 'name_taken'],
    [add({ name: 'Rack 2', parentId: 'ffffffffffffffffffffffff' }), 400, 'parent_not_found'],
    [
      request(t.app).patch(`/api/locations/${room._id}`).set(auth.manager!).send({ parentId: shelf._id }),
      400,
      'under_itself',
    ],
    [
      request(t.app).patch(`/api/locations/${MAIN_LOCATION_ID}`).set(auth.manager!).send({ parentId: room._id }),
      409,
      'root',
    ],
    [
      request(t.app).patch('/api/locations/ffffffffffffffffffffffff').set(auth.manager!).send({ name: 'X' }),
      404,
      'not_found',
    ],
    [request(t.app).delete(`/api/locations/${room._id}`).set(auth.manager!), 409, 'has_children'],
    [request(t.app).delete(`/api/locations/${MAIN_LOCATION_ID}`).set(auth.manager!), 409, 'root'],
    [request(t.app).get('/api/locations/ffffffffffffffffffffffff').set(auth.viewer!), 404, 'not_found'],
  ];
  for (const [call, status, code] of cases) {
    const res = await call;
    expect([code, res.status, errorOf(res).code]).toEqual([code, status, code]);
  }
  expect(await auditTotal()).toBe(before);
  const deleted = await request(t.app).delete(`/api/locations/${shelf._id}?reason=empty`).set(auth.manager!);
  expect(deleted.status).toBe(200);
  const [entry] = (await t.store.audit.list({ action: 'location.delete' }, { limit: 1, skip: 0 })).entries;
  expect(entry).toMatchObject({
    actor: { email: MANAGER },
    reason: 'empty',
    target: { kind: 'location', name: 'Cellar / Rack 1' },
  });
});

it('searches by the words of the path and pages with X-Total-Count; moves a subtree', async () => {
  const yard = locationOf(await add({ name: 'Yard' }));
  const bay = locationOf(await add({ name: 'Bay A', parentId: yard._id }));
  for (const name of ['Bin 3', 'Bin 4', 'Bin 30']) await add({ name, parentId: bay._id });
  const found = await request(t.app).get('/api/locations').query({ q: 'yard a3', limit: 1 }).set(auth.viewer!);
  expect(found.status).toBe(200);
  expect(found.headers[TOTAL_COUNT_HEADER.toLowerCase()]).toBe('2');
  expect((found.body as Location[]).map((location) => location.path)).toEqual(['Yard / Bay A / Bin 3']);
  const moved = await request(t.app)
    .patch(`/api/locations/${bay._id}`)
    .set(auth.manager!)
    .send({ parentId: MAIN_LOCATION_ID, name: 'Bay B' });
  expect(moved.status).toBe(200);
  const children = await request(t.app).get('/api/locations').query({ parentId: bay._id }).set(auth.viewer!);
  expect((children.body as Location[]).map((location) => location.path)).toEqual([
    'Bay B / Bin 3',
    'Bay B / Bin 30',
    'Bay B / Bin 4',
  ]);
  const bad = await request(t.app).get('/api/locations').query({ limit: 501 }).set(auth.viewer!);
  expect(bad.status).toBe(400);
});

it('answers a list page again from what it kept, 304 to its ETag, until a location write moves the revision on', async () => {
  const first = await request(t.app).get('/api/locations').query({ q: 'dock' }).set(auth.viewer!);
  expect(first.status).toBe(200);
  expect(first.body).toEqual([]);
  const etag = String(first.headers.etag);
  const again = await request(t.app)
    .get('/api/locations')
    .query({ q: 'dock' })
    .set(auth.viewer!)
    .set('If-None-Match', etag);
  expect(again.status).toBe(304);
  await add({ name: 'Dock 1' });
  const after = await request(t.app)
    .get('/api/locations')
    .query({ q: 'dock' })
    .set(auth.viewer!)
    .set('If-None-Match', etag);
  expect(after.status).toBe(200);
  expect((after.body as Location[]).map((location) => location.path)).toEqual(['Dock 1']);
  expect(after.headers[TOTAL_COUNT_HEADER.toLowerCase()]).toBe('1');
  // Another process's write (here: the store written directly, as a second instance would) is seen too.
  await t.store.locations.create({ name: 'Dock 2' }, SYSTEM_ACTOR);
  const seen = await request(t.app).get('/api/locations').query({ q: 'dock' }).set(auth.viewer!);
  expect((seen.body as Location[]).map((location) => location.path)).toEqual(['Dock 1', 'Dock 2']);
});
