import request from 'supertest';
import { SYSTEM_ACTOR, TOTAL_COUNT_HEADER } from '@smart-zone/types/item';
import type { Count, CountLine } from '@smart-zone/types/count';
import { errorOf } from './support/bodies';
import { makeTestApp, type TestApp } from './helpers/test-app';
import { phone } from './helpers/store-fixtures';

/**
 * /api/counts over HTTP (issue 35): every route refused to those it is not for; a blind count never sends a
 * clerk what the ledger expects, in any answer a clerk can receive (each walked, every key at any depth);
 * the bad inputs; the count sheet there and back. The rules are the contract suite's (counts.contract.test.ts).
 */

const OWNER = 'owner@shop.com';
const MANAGER = 'manager@shop.com';
const CLERK = 'clerk@shop.com';
const VIEWER = 'viewer@shop.com';
let t: TestApp;
const auth: Record<string, { Authorization: string }> = {};
let itemIds: string[];

beforeAll(async () => {
  t = await makeTestApp();
  for (const [email, role] of [
    [OWNER, 'owner'],
    [MANAGER, 'manager'],
    [CLERK, 'clerk'],
    [VIEWER, 'viewer'],
  ] as const) {
    await t.store.team.add({ email, role }, SYSTEM_ACTOR);
    auth[role] = { Authorization: `Bearer ${await t.tokenFor(email)}` };
  }
  itemIds = [];
  for (const [name, quantity, sku] of [
    ['Anchor bolt', 12, 'AB-1'],
    ['Brass hinge', 4, 'BH-2'],
    ['Copper pipe', 30, 'CP-3'],
  ] as const) {
    itemIds.push((await t.store.items.create(phone({ name, quantity, sku, price: 2.5 }), SYSTEM_ACTOR))._id);
  }
});
afterAll(() => t.close());

const open = (body: object, role = 'manager') => request(t.app).post('/api/counts').set(auth[role]!).send(body);
const countOf = (res: request.Response) => res.body as Count;

/** Every key of a JSON value, at any depth. */
function keysOf(value: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const element of value) keysOf(element, into);
  else if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      into.add(key);
      keysOf(inner, into);
    }
  }
  return into;
}

it('refuses every route to those it is not for: visitors 401; viewers 403; clerks may count but not open, apply or cancel', async () => {
  const count = countOf(await open({ name: 'Roles' }));
  const id = count._id;
  const item = itemIds[0]!;
  const routes: [method: 'get' | 'post' | 'put', path: string, body: object | undefined, least: string][] = [
    ['get', '/api/counts', undefined, 'clerk'],
    ['post', '/api/counts', { name: 'x' }, 'manager'],
    ['get', `/api/counts/${id}`, undefined, 'clerk'],
    ['get', `/api/counts/${id}/lines`, undefined, 'clerk'],
    ['put', `/api/counts/${id}/lines/${item}`, { counted: 1 }, 'clerk'],
    ['post', `/api/counts/${id}/lines/${item}/add`, { units: 1 }, 'clerk'],
    ['get', `/api/counts/${id}/sheet.csv`, undefined, 'clerk'],
    ['post', `/api/counts/${id}/apply`, {}, 'manager'],
    ['post', `/api/counts/${id}/cancel`, undefined, 'manager'],
  ];
  for (const [method, path, body, least] of routes) {
    const visitor = await request(t.app)[method](path).send(body);
    expect([method, path, visitor.status]).toEqual([method, path, 401]);
    const viewer = await request(t.app)[method](path).set(auth.viewer!).send(body);
    expect([method, path, viewer.status]).toEqual([method, path, 403]);
    if (least === 'manager') {
      const clerk = await request(t.app)[method](path).set(auth.clerk!).send(body);
      expect([method, path, clerk.status]).toEqual([method, path, 403]);
      expect(errorOf(clerk).message).toContain('needs the manager role');
    }
  }
  const sheet = await request(t.app)
    .post(`/api/counts/${id}/sheet`)
    .set(auth.viewer!)
    .type('text/csv')
    .send('itemId,counted\n');
  expect(sheet.status).toBe(403);
  // Nothing the refusals asked was done.
  expect(countOf(await request(t.app).get(`/api/counts/${id}`).set(auth.manager!))).toMatchObject({
    state: 'open',
    counted: 0,
  });
});

it('a blind count never sends a clerk what the ledger expects, in any answer; a manager sees it all', async () => {
  const blind = countOf(await open({ name: 'Blind shelf', blind: true }));
  expect(blind).toMatchObject({ blind: true, lines: 3, variance: { units: 0, value: 0 } });
  const id = blind._id;
  const [first, second] = itemIds as [string, string];
  const clerk = (req: request.Test) => req.set(auth.clerk!);
  // Each answer a clerk can get of it (the lists: its own entry; the others are not blind).
  const answers: [label: string, res: request.Response, body?: (body: unknown) => unknown][] = [
    ['set', await clerk(request(t.app).put(`/api/counts/${id}/lines/${first}`).send({ counted: 10 }))],
    ['add', await clerk(request(t.app).post(`/api/counts/${id}/lines/${second}/add`).send({ units: 1 }))],
    ['list', await clerk(request(t.app).get('/api/counts')), (body) => (body as Count[]).filter((c) => c._id === id)],
    [
      'open',
      await clerk(request(t.app).get('/api/counts?state=open')),
      (body) => (body as Count[]).filter((c) => c._id === id),
    ],
    ['get', await clerk(request(t.app).get(`/api/counts/${id}`))],
    ...(await Promise.all(
      ['', '?filter=uncounted', '?filter=counted'].map(
        async (query) =>
          [`lines${query}`, await clerk(request(t.app).get(`/api/counts/${id}/lines${query}`))] as [
            string,
            request.Response,
          ],
      ),
    )),
  ];
  for (const [label, res, pick] of answers) {
    expect([label, res.status]).toEqual([label, 200]);
    const body: unknown = pick ? pick(res.body) : res.body;
    if (pick) expect([label, (body as unknown[]).length]).toEqual([label, 1]);
    const keys = keysOf(body);
    for (const hidden of ['expected', 'variance', 'value'])
      expect([label, hidden, keys.has(hidden)]).toEqual([label, hidden, false]);
  }
  expect((answers[0]![1].body as CountLine).counted).toBe(10);
  const variance = await clerk(request(t.app).get(`/api/counts/${id}/lines?filter=variance`));
  expect(variance.status).toBe(403);
  const sheet = await clerk(request(t.app).get(`/api/counts/${id}/sheet.csv`));
  expect(sheet.status).toBe(200);
  const [header, ...rows] = sheet.text.trim().split(/\r\n/);
  expect(header).toBe('itemId,sku,name,expected,counted');
  // The expected column is empty on every row.
  for (const row of rows) expect(row.split(',')[3]).toBe('');

  const manager = await request(t.app).get(`/api/counts/${id}/lines?filter=counted`).set(auth.manager!);
  expect(manager.body).toEqual([
    expect.objectContaining({ itemId: second, counted: 1, expected: 4, variance: -3, value: -7.5 }),
    expect.objectContaining({ itemId: first, counted: 10, expected: 12, variance: -2, value: -5 }),
  ]);
  expect(manager.headers[TOTAL_COUNT_HEADER.toLowerCase()]).toBe('2');
  const owner = await request(t.app).get(`/api/counts/${id}`).set(auth.owner!);
  expect(countOf(owner).variance).toEqual({ units: -5, value: -12.5 });
  expect((await request(t.app).post(`/api/counts/${id}/cancel`).set(auth.manager!)).status).toBe(200);
});

it('answers bad input with a clear error and changes nothing', async () => {
  const id = countOf(await open({ name: 'Inputs' }))._id;
  const item = itemIds[0]!;
  for (const [res, status, text] of [
    [await open({ blind: 'yes' }), 400, 'blind'],
    [await open({ scope: { locationId: 'nope' } }), 400, '24-character hex id'],
    [await open({ scope: { colour: 'red' } }), 400, 'colour'],
    [await open({ scope: { locationId: 'f'.repeat(24) } }), 404, 'No such location'],
    [
      await request(t.app).put(`/api/counts/${id}/lines/${item}`).set(auth.clerk!).send({ counted: -1 }),
      400,
      'negative',
    ],
    [await request(t.app).put(`/api/counts/${id}/lines/${item}`).set(auth.clerk!).send({ counted: 1.5 }), 400, 'whole'],
    [
      await request(t.app).post(`/api/counts/${id}/lines/${item}/add`).set(auth.clerk!).send({ units: 0 }),
      400,
      'cannot be 0',
    ],
    [
      await request(t.app).post(`/api/counts/${id}/lines/${item}/add`).set(auth.clerk!).send({ units: -1 }),
      409,
      'below 0',
    ],
    [
      await request(t.app)
        .put(`/api/counts/${id}/lines/${'e'.repeat(24)}`)
        .set(auth.clerk!)
        .send({ counted: 1 }),
      404,
      'No such item',
    ],
    [
      await request(t.app)
        .get(`/api/counts/${'e'.repeat(24)}`)
        .set(auth.clerk!),
      404,
      'No such count',
    ],
    [await request(t.app).get(`/api/counts/${id}/lines?filter=odd`).set(auth.clerk!), 400, 'filter'],
    [
      await request(t.app).post(`/api/counts/${id}/apply`).set(auth.manager!).send({ uncounted: 'all' }),
      400,
      'uncounted',
    ],
  ] as const) {
    expect([text, res.status]).toEqual([text, status]);
    const error = errorOf(res);
    expect([error.message, ...Object.values(error.fields ?? {})].join(' ')).toContain(text);
  }
  expect(countOf(await request(t.app).get(`/api/counts/${id}`).set(auth.manager!))).toMatchObject({
    counted: 0,
    lines: 3,
  });
});

it('reads a count sheet back: filled rows set their lines, by itemId or by sku; a bad row is told, the rest kept', async () => {
  const id = countOf(await open({ name: 'Sheet' }))._id;
  const sheet = await request(t.app).get(`/api/counts/${id}/sheet.csv`).set(auth.clerk!);
  const lines = sheet.text.trim().split(/\r\n/);
  expect(lines).toHaveLength(4);
  expect(lines[1]).toBe(`${itemIds[0]},AB-1,Anchor bolt,12,`);
  const filled = [
    'itemId,sku,name,expected,counted',
    `${itemIds[0]},AB-1,Anchor bolt,12,11`,
    ',BH-2,Brass hinge,4,4',
    `${itemIds[2]},CP-3,Copper pipe,30,lots`,
  ].join('\r\n');
  const read = await request(t.app).post(`/api/counts/${id}/sheet`).set(auth.clerk!).type('text/csv').send(filled);
  expect(read.status).toBe(200);
  expect(read.body).toEqual({
    updated: 2,
    errors: [{ row: 4, message: expect.stringContaining('whole number') as unknown }],
  });
  const applied = await request(t.app).post(`/api/counts/${id}/apply`).set(auth.manager!).send({});
  expect(applied.status).toBe(200);
  expect(applied.body).toMatchObject({ movements: 1, skipped: 0, count: { state: 'applied', counted: 2 } });
  expect((await t.store.items.get(itemIds[0]!))!.quantity).toBe(11);
  const again = await request(t.app).post(`/api/counts/${id}/apply`).set(auth.manager!).send({});
  expect([again.status, errorOf(again).code]).toEqual([409, 'count_not_open']);
  expect((await t.store.items.get(itemIds[0]!))!.quantity).toBe(11);
  const list = await request(t.app).get('/api/counts?state=applied').set(auth.clerk!);
  expect(list.headers[TOTAL_COUNT_HEADER.toLowerCase()]).toBe('1');
  expect(list.body).toEqual([expect.objectContaining({ _id: id, movements: 1, closedBy: MANAGER })]);
});
