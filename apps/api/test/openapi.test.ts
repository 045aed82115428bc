import { compileErrors, validate as validateOpenApi } from '@readme/openapi-parser';
import { liveEventsOf } from '../src/app';
import sharp from 'sharp';
import request, { type Response } from 'supertest';
import type { StockMovement } from '@smart-zone/types/item';
import { MAIN_LOCATION_ID } from '@smart-zone/types/location';
import type { InsertResult } from '@smart-zone/types/responses';
import { lastAnswer, type OpenApiDocument, schemaAt, takeViolations } from './helpers/conformance';
import { expressRoutes } from './helpers/express-routes';
import { makeTestApp, sampleItem, type TestApp, UNKNOWN_ID } from './helpers/test-app';

/**
 * GET /api/openapi.json against the app itself: every route Express has under
 * /api is in the document and nothing else is, and real requests to every
 * documented operation answer with a documented status and a body (and
 * headers) that validate against the document's schemas (helpers/conformance.ts
 * checks every answer of the suite; here each operation gets at least one).
 */

/** Every route registered in the app, as "METHOD /path" in OpenAPI's path syntax. */
function registeredRoutes(app: TestApp['app']): string[] {
  return expressRoutes(app).map((route) => {
    const [method, path] = route.split(' ') as [string, string];
    return `${method.toUpperCase()} ${path.replace(/:(\w+)/g, '{$1}').replace(/(.)\/$/, '$1')}`;
  });
}

let t: TestApp;
let doc: OpenApiDocument;

beforeAll(async () => {
  t = await makeTestApp();
  const res = await request(t.app).get('/api/openapi.json');
  expect(res.status).toBe(200);
  doc = res.body as OpenApiDocument;
});
afterAll(() => t.close());

it('is a valid OpenAPI 3.1 document (checked against the specification by @readme/openapi-parser)', async () => {
  expect(doc.openapi).toBe('3.1.0');
  // The parser dereferences in place: give it a copy.
  const result = await validateOpenApi(structuredClone(doc) as never);
  if (!result.valid) throw new Error(compileErrors(result));
  expect(result.valid).toBe(true);
});

it('documents every route registered under /api, and no route that is not there', () => {
  const registered = registeredRoutes(t.app)
    .filter((route) => route.split(' ')[1]!.startsWith('/api/'))
    .map((route) => route.replace(' /api/', ' /'));
  const documented = Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`),
  );
  expect(registered.length).toBeGreaterThan(10);
  expect([...new Set(registered)].sort()).toEqual([...new Set(documented)].sort());
});

/** What we sent for a success is what the document says the operation takes. */
function sentConforms(method: string, path: string, status: number, sent: object) {
  if (status >= 300 || !doc.paths[path]?.[method]?.requestBody) return;
  const validate = schemaAt('paths', path, method, 'requestBody', 'content', 'application/json', 'schema');
  if (!validate(sent))
    throw new Error(`${method.toUpperCase()} ${path}: the request body is not valid per the document`);
}

describe('every documented operation answers as documented', () => {
  const exercised = new Set<string>();
  let staff: string;
  let unverified: string;

  beforeAll(async () => {
    staff = await t.tokenFor('staff@example.com');
    unverified = await t.tokenFor('new@example.com', { verified: false });
  });

  async function check(method: string, path: string, make: () => Promise<Response> | request.Test, sent?: object) {
    const res = await make();
    // The recorder took this answer to the operation meant, and found nothing wrong with it.
    expect(lastAnswer()).toMatchObject({ operation: `${method.toUpperCase()} ${path}`, status: res.status });
    expect(takeViolations()).toEqual([]);
    if (sent) sentConforms(method, path, res.status, sent);
    exercised.add(`${method} ${path}`);
    return res;
  }
  const auth = (token: string) => `Bearer ${token}`;

  it('health, config, openapi.json, login, me', async () => {
    await check('get', '/health', () => request(t.app).get('/api/health'));
    await check('get', '/config', () => request(t.app).get('/api/config'));
    await check('get', '/openapi.json', () => request(t.app).get('/api/openapi.json'));
    await check('post', '/login', () =>
      request(t.app).post('/api/login').set('Authorization', 'Bearer id:a@x.com:verified:password'),
    );
    expect((await check('post', '/login', () => request(t.app).post('/api/login'))).status).toBe(401);
    await check('get', '/me', () => request(t.app).get('/api/me').set('Authorization', auth(staff)));
    expect((await check('get', '/me', () => request(t.app).get('/api/me'))).status).toBe(401);
  });

  it('inventory', async () => {
    const id = await t.addItem();
    await t.addItem({ name: 'Galaxy S25', supplier: 'Samsung', quantity: 0 });

    const all = await check('get', '/inventory', () => request(t.app).get('/api/inventory'));
    expect(all.body).toHaveLength(2);
    const page = await check('get', '/inventory', () => request(t.app).get('/api/inventory?limit=1&sort=-price&q=a'));
    expect(page.status).toBe(200);
    const etag = page.headers.etag as string;
    expect(
      (
        await check('get', '/inventory', () =>
          request(t.app).get('/api/inventory?limit=1&sort=-price&q=a').set('If-None-Match', etag),
        )
      ).status,
    ).toBe(304);
    expect((await check('get', '/inventory', () => request(t.app).get('/api/inventory?limit=0'))).status).toBe(400);
    const bySku = await check('get', '/inventory', () => request(t.app).get('/api/inventory?sku=NO-SUCH'));
    expect(bySku.body).toEqual([]);
    const byCode = await check('get', '/inventory', () => request(t.app).get('/api/inventory?code=NO-SUCH'));
    expect(byCode.body).toEqual([]);
    const exported = await check('get', '/inventory.csv', () => request(t.app).get('/api/inventory.csv?sort=name'));
    expect(exported.text.split('\r\n')[0]).toBe(
      'id,sku,name,supplier,price,quantity,minStock,description,img,barcodes,location,version',
    );
    expect((await check('get', '/inventory.csv', () => request(t.app).get('/api/inventory.csv?bom=2'))).status).toBe(
      400,
    );

    const one = await check('get', '/inventory/{id}', () => request(t.app).get(`/api/inventory/${id}`));
    expect(one.status).toBe(200);
    expect(
      (
        await check('get', '/inventory/{id}', () =>
          request(t.app)
            .get(`/api/inventory/${id}`)
            .set('If-None-Match', one.headers.etag as string),
        )
      ).status,
    ).toBe(304);
    expect(
      (await check('get', '/inventory/{id}', () => request(t.app).get(`/api/inventory/${UNKNOWN_ID}`))).status,
    ).toBe(404);
    expect((await check('get', '/inventory/{id}', () => request(t.app).get('/api/inventory/nope'))).status).toBe(400);

    const body = { ...sampleItem, name: 'Pixel 10' };
    const created = await check(
      'post',
      '/inventory',
      () => request(t.app).post('/api/inventory').set('Authorization', auth(staff)).send(body),
      body,
    );
    expect(created.status).toBe(201);
    const newId = (created.body as InsertResult).insertedId;
    const minimal = { name: 'Nokia 3310', supplier: 'Nokia', price: 49, quantity: 3 };
    await check(
      'post',
      '/inventory',
      () => request(t.app).post('/api/inventory').set('Authorization', auth(staff)).send(minimal),
      minimal,
    );
    expect(
      (
        await check('post', '/inventory', () =>
          request(t.app).post('/api/inventory').set('Authorization', auth(staff)).send({ name: '' }),
        )
      ).status,
    ).toBe(400);
    expect((await check('post', '/inventory', () => request(t.app).post('/api/inventory').send(body))).status).toBe(
      401,
    );
    expect(
      (
        await check('post', '/inventory', () =>
          request(t.app).post('/api/inventory').set('Authorization', auth(unverified)).send(body),
        )
      ).status,
    ).toBe(403);
    expect(
      (
        await check('post', '/inventory', () =>
          request(t.app)
            .post('/api/inventory')
            .set('Authorization', auth(staff))
            .send({ ...body, description: 'x'.repeat(200_000) }),
        )
      ).status,
    ).toBe(413);

    const change = { ...body, quantity: 4 };
    const put = (ifMatch?: string) => {
      const call = request(t.app).put(`/api/inventory/${newId}`).set('Authorization', auth(staff));
      return (ifMatch ? call.set('If-Match', ifMatch) : call).send(change);
    };
    expect((await check('put', '/inventory/{id}', () => put('"1"'), change)).status).toBe(200);
    expect((await check('put', '/inventory/{id}', () => put('"1"'))).status).toBe(412);
    expect(
      (
        await check('put', '/inventory/{id}', () =>
          request(t.app).put(`/api/inventory/${UNKNOWN_ID}`).set('Authorization', auth(staff)).send(change),
        )
      ).status,
    ).toBe(404);

    const stock = (delta: number) =>
      request(t.app)
        .post(`/api/inventory/${newId}/stock`)
        .set('Authorization', auth(staff))
        .send({ delta, note: 'count' });
    expect((await check('post', '/inventory/{id}/stock', () => stock(5), { delta: 5, note: 'count' })).status).toBe(
      200,
    );
    expect((await check('post', '/inventory/{id}/stock', () => stock(-1000))).status).toBe(409);
    expect((await check('post', '/inventory/{id}/stock', () => stock(0))).status).toBe(400);

    // Issue 34: where its units are, and a move between locations.
    const shelf = await t.store.locations.create({ name: 'Shelf A' }, { uid: 'system', email: 'system' });
    if (!shelf.ok) throw new Error('setup location failed');
    const move = { from: MAIN_LOCATION_ID, to: shelf.location._id, quantity: 2 };
    const transfer = (body: object) =>
      request(t.app).post(`/api/inventory/${newId}/transfer`).set('Authorization', auth(staff)).send(body);
    expect((await check('post', '/inventory/{id}/transfer', () => transfer(move), move)).status).toBe(200);
    expect(
      (await check('post', '/inventory/{id}/transfer', () => transfer({ ...move, quantity: 10 ** 6 }))).status,
    ).toBe(409);
    expect((await check('post', '/inventory/{id}/transfer', () => transfer({ ...move, to: UNKNOWN_ID }))).status).toBe(
      400,
    );
    const batch = { to: shelf.location._id, lines: [{ itemId: newId, quantity: 1 }] };
    const many = (body: object) => request(t.app).post('/api/transfers').set('Authorization', auth(staff)).send(body);
    expect((await check('post', '/transfers', () => many(batch), batch)).status).toBe(200);
    expect(
      (await check('post', '/transfers', () => many({ ...batch, lines: [{ itemId: newId, quantity: 10 ** 6 }] })))
        .status,
    ).toBe(409);
    expect((await check('post', '/transfers', () => many({ ...batch, lines: [] }))).status).toBe(400);
    const held = await check('get', '/locations/{id}/items', () =>
      request(t.app).get(`/api/locations/${shelf.location._id}/items?deep=true`).set('Authorization', auth(staff)),
    );
    expect(held.headers['x-total-count']).toBe('1');
    expect(
      (
        await check('get', '/locations/{id}/items', () =>
          request(t.app).get(`/api/locations/${UNKNOWN_ID}/items`).set('Authorization', auth(staff)),
        )
      ).status,
    ).toBe(404);
    const lines = await check('get', '/inventory/{id}/stock', () =>
      request(t.app).get(`/api/inventory/${newId}/stock`).set('Authorization', auth(staff)),
    );
    expect(lines.body).toContainEqual({ locationId: shelf.location._id, path: 'Shelf A', quantity: 3 });
    expect(
      (await check('get', '/inventory/{id}/stock', () => request(t.app).get(`/api/inventory/${newId}/stock`))).status,
    ).toBe(401);
    const defaulted = await check('put', '/inventory/{id}/default-location', () =>
      request(t.app)
        .put(`/api/inventory/${newId}/default-location`)
        .set('Authorization', auth(staff))
        .send({ locationId: shelf.location._id }),
    );
    expect(defaulted.body).toEqual({ locationId: shelf.location._id, path: 'Shelf A' });
    const chosen = await check('get', '/inventory/{id}/default-location', () =>
      request(t.app).get(`/api/inventory/${newId}/default-location`).set('Authorization', auth(staff)),
    );
    expect(chosen.body).toEqual(defaulted.body);
    expect(
      (
        await check('put', '/inventory/{id}/default-location', () =>
          request(t.app)
            .put(`/api/inventory/${newId}/default-location`)
            .set('Authorization', auth(staff))
            .send({ locationId: UNKNOWN_ID }),
        )
      ).status,
    ).toBe(400);

    expect(
      (
        await check('delete', '/inventory/{id}', () =>
          request(t.app).delete(`/api/inventory/${newId}`).set('Authorization', auth(staff)),
        )
      ).status,
    ).toBe(200);
    expect(
      (
        await check('delete', '/inventory/{id}', () =>
          request(t.app).delete(`/api/inventory/${newId}`).set('Authorization', auth(staff)),
        )
      ).status,
    ).toBe(404);

    const history = await check('get', '/inventory/{id}/history', () =>
      request(t.app).get(`/api/inventory/${newId}/history?limit=10`).set('Authorization', auth(staff)),
    );
    expect((history.body as StockMovement[]).map((movement) => movement.reason)).toEqual([
      'deleted',
      'transfer',
      'transfer',
      'restock',
      'edit',
      'created',
    ]);
    expect(
      (
        await check('get', '/inventory/{id}/history', () =>
          request(t.app).get(`/api/inventory/${UNKNOWN_ID}/history`).set('Authorization', auth(staff)),
        )
      ).status,
    ).toBe(404);
    expect(
      (await check('get', '/inventory/{id}/history', () => request(t.app).get(`/api/inventory/${id}/history`))).status,
    ).toBe(401);
    expect(
      (
        await check('get', '/inventory/{id}/history', () =>
          request(t.app).get(`/api/inventory/${id}/history?limit=900`).set('Authorization', auth(staff)),
        )
      ).status,
    ).toBe(400);
  });

  it('deliveries', async () => {
    const id = await t.addItem({ quantity: 2 });
    const delivery = {
      email: 'staff@example.com',
      inventory: 'Pixel 9',
      inventoriesId: id,
      address: '1 Main St',
      phone: '+1 555 0100',
    };
    const record = (body: object) => request(t.app).post('/api/myitem').set('Authorization', auth(staff)).send(body);
    const created = await check('post', '/myitem', () => record(delivery), delivery);
    expect(created.status).toBe(201);
    expect((await check('post', '/myitem', () => record({ ...delivery, quantity: 5 }))).status).toBe(409);
    expect((await check('post', '/myitem', () => record({ ...delivery, inventoriesId: UNKNOWN_ID }))).status).toBe(404);
    expect((await check('post', '/myitem', () => record({ ...delivery, email: 'other@example.com' }))).status).toBe(
      403,
    );
    expect((await check('post', '/myitem', () => record({ ...delivery, phone: 'none' }))).status).toBe(400);

    const mine = await check('get', '/myitem', () =>
      request(t.app).get('/api/myitem').set('Authorization', auth(staff)),
    );
    expect(mine.body).toHaveLength(1);
    expect(
      (
        await check('get', '/myitem', () =>
          request(t.app).get('/api/myitem?email=other@example.com').set('Authorization', auth(staff)),
        )
      ).status,
    ).toBe(403);
    expect((await check('get', '/myitem', () => request(t.app).get('/api/myitem'))).status).toBe(401);

    const cancel = () =>
      request(t.app)
        .delete(`/api/myitem/${(created.body as InsertResult).insertedId}`)
        .set('Authorization', auth(staff));
    expect((await check('delete', '/myitem/{id}', cancel)).status).toBe(200);
    expect((await check('delete', '/myitem/{id}', cancel)).status).toBe(404);
    // Anyone's, from the Deliveries page (staff is a manager here).
    const again = await record(delivery);
    const cancelAny = () =>
      request(t.app)
        .delete(`/api/deliveries/${(again.body as InsertResult).insertedId}?reason=duplicate`)
        .set('Authorization', auth(staff));
    expect((await check('delete', '/deliveries/{id}', cancelAny)).status).toBe(200);
    expect((await check('delete', '/deliveries/{id}', cancelAny)).status).toBe(404);
  });

  it('alerts and the reorder list', async () => {
    const id = await t.addItem({ name: 'Pixel 7', quantity: 6, minStock: 5 });
    await check('post', '/inventory/{id}/stock', () =>
      request(t.app).post(`/api/inventory/${id}/stock`).set('Authorization', auth(staff)).send({ delta: -2 }),
    );
    const unread = await check('get', '/alerts', () =>
      request(t.app).get('/api/alerts?unread=true&limit=5').set('Authorization', auth(staff)),
    );
    expect(unread.body).toEqual([expect.objectContaining({ itemId: id, kind: 'low', quantity: 4, minStock: 5 })]);
    expect((await check('get', '/alerts', () => request(t.app).get('/api/alerts'))).status).toBe(401);
    expect(
      (await check('get', '/alerts', () => request(t.app).get('/api/alerts?limit=0').set('Authorization', auth(staff))))
        .status,
    ).toBe(400);
    const alertId = (unread.body as { _id: string }[])[0]!._id;
    const read = (which: string) => request(t.app).post(`/api/alerts/${which}/read`).set('Authorization', auth(staff));
    expect((await check('post', '/alerts/{id}/read', () => read(alertId))).status).toBe(200);
    expect((await check('post', '/alerts/{id}/read', () => read(UNKNOWN_ID))).status).toBe(404);
    expect((await check('post', '/alerts/{id}/read', () => read('nope'))).status).toBe(400);
    const all = await check('post', '/alerts/read-all', () =>
      request(t.app).post('/api/alerts/read-all').set('Authorization', auth(staff)),
    );
    expect(all.body).toEqual({ marked: 0 });
    expect((await check('post', '/alerts/read-all', () => request(t.app).post('/api/alerts/read-all'))).status).toBe(
      401,
    );

    const ledger = await check('get', '/movements.csv', () =>
      request(t.app).get(`/api/movements.csv?itemId=${id}`).set('Authorization', auth(staff)),
    );
    expect(ledger.text.split('\r\n')[0]).toBe(
      'at,movementId,itemId,item,reason,delta,quantityAfter,actor,note,deliveryId,kind,why,places',
    );
    expect((await check('get', '/movements.csv', () => request(t.app).get('/api/movements.csv'))).status).toBe(401);

    const importing = (file: string, dryRun: boolean) => () =>
      request(t.app)
        .post(`/api/imports${dryRun ? '?dryRun=true' : ''}`)
        .set('Authorization', auth(staff))
        .set('Content-Type', 'text/csv')
        .send(file);
    const file = 'name,supplier,price,quantity,sku\r\nImported,Acme,2.5,4,OPENAPI-1\r\n';
    expect((await check('post', '/imports', importing(file, true))).body).toMatchObject({ dryRun: true, create: 1 });
    expect((await check('post', '/imports', importing(file, false))).body).toMatchObject({ dryRun: false, create: 1 });
    expect((await check('post', '/imports', importing('name,supplier\r\nA,B\r\n', true))).status).toBe(400);
    // A stale row refused (?stale=refuse): the file's version 1 is older than the item's now.
    const staleRow = await request(t.app).get('/api/inventory?sku=OPENAPI-1');
    const imported = (staleRow.body as { _id: string }[])[0]!;
    await request(t.app)
      .post(`/api/inventory/${imported._id}/stock`)
      .set('Authorization', auth(staff))
      .send({ delta: 1 })
      .expect(200);
    const refusing = () =>
      request(t.app)
        .post('/api/imports?stale=refuse')
        .set('Authorization', auth(staff))
        .set('Content-Type', 'text/csv')
        .send(`id,name,price,quantity,version\r\n${imported._id},Imported,3,4,1\r\n`);
    expect((await check('post', '/imports', refusing)).status).toBe(409);
    const template = await check('get', '/imports/template.csv', () => request(t.app).get('/api/imports/template.csv'));
    expect(template.text.split('\r\n')[0]).toBe('sku,name,supplier,price,quantity,minStock,description,img,location');

    const moved = await request(t.app)
      .post(`/api/inventory/${id}/stock`)
      .set('Authorization', auth(staff))
      .send({ delta: 2 });
    const undo = (movementId: string) => () =>
      request(t.app).post(`/api/movements/${movementId}/undo`).set('Authorization', auth(staff));
    const movementId = (moved.body as { movementId: string }).movementId;
    expect((await check('post', '/movements/{id}/undo', undo(movementId))).status).toBe(200);
    expect((await check('post', '/movements/{id}/undo', undo(movementId))).status).toBe(409);
    expect((await check('post', '/movements/{id}/undo', undo(UNKNOWN_ID))).status).toBe(404);

    const csv = await check('get', '/inventory/reorder.csv', () =>
      request(t.app).get('/api/inventory/reorder.csv').set('Authorization', auth(staff)),
    );
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.text.split('\r\n').slice(0, 2)).toEqual([
      'Item,Supplier,Quantity,Reorder point,Shortfall',
      'Pixel 7,Google,4,5,1',
    ]);
    expect(
      (await check('get', '/inventory/reorder.csv', () => request(t.app).get('/api/inventory/reorder.csv'))).status,
    ).toBe(401);
  });

  it('locations', async () => {
    await t.store.team.add({ email: 'stores@example.com', role: 'manager' }, { uid: 'system', email: 'system' });
    const manager = auth(await t.tokenFor('stores@example.com'));
    const sent = { name: 'Back room' };
    const made = await check(
      'post',
      '/locations',
      () => request(t.app).post('/api/locations').set('Authorization', manager).send(sent),
      sent,
    );
    expect(made.status).toBe(201);
    const { _id: id } = made.body as { _id: string };
    const again = () => request(t.app).post('/api/locations').set('Authorization', manager).send(sent);
    expect((await check('post', '/locations', again)).status).toBe(409);
    const list = await check('get', '/locations', () =>
      request(t.app).get('/api/locations?q=back').set('Authorization', auth(staff)),
    );
    expect(list.status).toBe(200);
    expect((await check('get', '/locations', () => request(t.app).get('/api/locations'))).status).toBe(401);
    const one = () => request(t.app).get(`/api/locations/${id}`).set('Authorization', auth(staff));
    expect((await check('get', '/locations/{id}', one)).status).toBe(200);
    const renamed = { name: 'Store room' };
    const rename = () => request(t.app).patch(`/api/locations/${id}`).set('Authorization', manager).send(renamed);
    expect((await check('patch', '/locations/{id}', rename, renamed)).status).toBe(200);
    const remove = () => request(t.app).delete(`/api/locations/${id}`).set('Authorization', manager);
    expect((await check('delete', '/locations/{id}', remove)).status).toBe(200);
    expect((await check('delete', '/locations/{id}', remove)).status).toBe(404);
  });

  it('counts', async () => {
    await t.store.team.add({ email: 'counter@example.com', role: 'manager' }, { uid: 'system', email: 'system' });
    const manager = auth(await t.tokenFor('counter@example.com'));
    await t.store.team.add({ email: 'clerk-counts@example.com', role: 'clerk' }, { uid: 'system', email: 'system' });
    const clerk = auth(await t.tokenFor('clerk-counts@example.com'));
    const itemId = (
      await t.store.items.create(
        { name: 'Counted', supplier: 'Acme', price: 2, quantity: 5, description: '', img: '' },
        { uid: 'system', email: 'system' },
      )
    )._id;
    const sent = { name: 'Shelf check', scope: { itemIds: [itemId] }, blind: true };
    const opened = await check(
      'post',
      '/counts',
      () => request(t.app).post('/api/counts').set('Authorization', manager).send(sent),
      sent,
    );
    expect(opened.status).toBe(201);
    const { _id: id } = opened.body as { _id: string };
    expect(
      (await check('get', '/counts', () => request(t.app).get('/api/counts?state=open').set('Authorization', clerk)))
        .status,
    ).toBe(200);
    expect(
      (await check('get', '/counts/{id}', () => request(t.app).get(`/api/counts/${id}`).set('Authorization', clerk)))
        .status,
    ).toBe(200);
    const set = { counted: 3 };
    expect(
      (
        await check(
          'put',
          '/counts/{id}/lines/{itemId}',
          () => request(t.app).put(`/api/counts/${id}/lines/${itemId}`).set('Authorization', clerk).send(set),
          set,
        )
      ).status,
    ).toBe(200);
    const add = { units: 1 };
    expect(
      (
        await check(
          'post',
          '/counts/{id}/lines/{itemId}/add',
          () => request(t.app).post(`/api/counts/${id}/lines/${itemId}/add`).set('Authorization', clerk).send(add),
          add,
        )
      ).status,
    ).toBe(200);
    expect(
      (
        await check('get', '/counts/{id}/lines', () =>
          request(t.app).get(`/api/counts/${id}/lines?filter=counted`).set('Authorization', clerk),
        )
      ).status,
    ).toBe(200);
    expect(
      (
        await check('get', '/counts/{id}/lines', () =>
          request(t.app).get(`/api/counts/${id}/lines?filter=variance`).set('Authorization', clerk),
        )
      ).status,
    ).toBe(403);
    expect(
      (
        await check('get', '/counts/{id}/sheet.csv', () =>
          request(t.app).get(`/api/counts/${id}/sheet.csv`).set('Authorization', clerk),
        )
      ).status,
    ).toBe(200);
    const sheet = () =>
      request(t.app)
        .post(`/api/counts/${id}/sheet`)
        .set('Authorization', clerk)
        .type('text/csv')
        .send(`itemId,counted\r\n${itemId},4\r\n`);
    expect((await check('post', '/counts/{id}/sheet', sheet)).status).toBe(200);
    const apply = { uncounted: 'keep' };
    expect(
      (
        await check(
          'post',
          '/counts/{id}/apply',
          () => request(t.app).post(`/api/counts/${id}/apply`).set('Authorization', manager).send(apply),
          apply,
        )
      ).status,
    ).toBe(200);
    expect(
      (
        await check(
          'post',
          '/counts/{id}/apply',
          () => request(t.app).post(`/api/counts/${id}/apply`).set('Authorization', manager).send(apply),
          apply,
        )
      ).status,
    ).toBe(409);
    expect(
      (
        await check('post', '/counts/{id}/cancel', () =>
          request(t.app).post(`/api/counts/${id}/cancel`).set('Authorization', manager),
        )
      ).status,
    ).toBe(409);
    expect(
      (
        await check('post', '/counts/{id}/cancel', () =>
          request(t.app)
            .post(`/api/counts/${'0'.repeat(24)}/cancel`)
            .set('Authorization', manager),
        )
      ).status,
    ).toBe(404);
  });

  it('team, audit and every delivery', async () => {
    await t.store.team.add({ email: 'boss@example.com', role: 'owner' }, { uid: 'system', email: 'system' });
    const owner = await t.tokenFor('boss@example.com');
    const bossAuth = () => auth(owner);
    await check('get', '/team', () => request(t.app).get('/api/team').set('Authorization', bossAuth()));
    expect(
      (await check('get', '/team', () => request(t.app).get('/api/team').set('Authorization', auth(staff)))).status,
    ).toBe(403);
    const sent = { email: 'clerk@example.com', role: 'clerk', reason: 'new hire' };
    const invited = await check(
      'post',
      '/team',
      () => request(t.app).post('/api/team').set('Authorization', bossAuth()).send(sent),
      sent,
    );
    expect(invited.status).toBe(201);
    expect(
      (await check('post', '/team', () => request(t.app).post('/api/team').set('Authorization', bossAuth()).send(sent)))
        .status,
    ).toBe(409);
    const change = { role: 'viewer' };
    await check(
      'patch',
      '/team/{email}',
      () => request(t.app).patch('/api/team/clerk@example.com').set('Authorization', bossAuth()).send(change),
      change,
    );
    const lastOwner = await check('patch', '/team/{email}', () =>
      request(t.app).patch('/api/team/boss@example.com').set('Authorization', bossAuth()).send(change),
    );
    expect(lastOwner.status).toBe(409);
    await check('delete', '/team/{email}', () =>
      request(t.app).delete('/api/team/clerk@example.com?reason=left').set('Authorization', bossAuth()),
    );
    expect(
      (
        await check('delete', '/team/{email}', () =>
          request(t.app).delete('/api/team/clerk@example.com').set('Authorization', bossAuth()),
        )
      ).status,
    ).toBe(404);

    // The demo data: this store is a shop's now (people wrote to it), so nothing is cleared.
    const demo = await check('get', '/demo-data', () =>
      request(t.app).get('/api/demo-data').set('Authorization', bossAuth()),
    );
    expect(demo.body).toEqual({ demoOnly: false });
    const clear = () => request(t.app).delete('/api/demo-data').set('Authorization', bossAuth());
    expect((await check('delete', '/demo-data', clear)).status).toBe(409);
    expect(
      (await check('get', '/demo-data', () => request(t.app).get('/api/demo-data').set('Authorization', auth(staff))))
        .status,
    ).toBe(403);

    // People: names (issue 36).
    const name = { name: 'The Boss' };
    const named = () => request(t.app).put('/api/me/name').set('Authorization', bossAuth()).send(name);
    expect((await check('put', '/me/name', named, name)).status).toBe(200);
    const people = await check('get', '/people', () =>
      request(t.app).get('/api/people').set('Authorization', bossAuth()),
    );
    expect(people.body).toEqual(
      expect.arrayContaining([expect.objectContaining({ email: 'boss@example.com', name: 'The Boss' })]),
    );

    const audit = await check('get', '/audit', () =>
      request(t.app).get('/api/audit?limit=5').set('Authorization', bossAuth()),
    );
    expect(audit.headers['x-total-count']).toBeDefined();
    expect(
      (
        await check('get', '/audit', () =>
          request(t.app).get('/api/audit?action=nope').set('Authorization', bossAuth()),
        )
      ).status,
    ).toBe(400);
    const deliveries = await check('get', '/deliveries', () =>
      request(t.app).get('/api/deliveries?limit=5&from=2020-01-01').set('Authorization', auth(staff)),
    );
    expect(deliveries.status).toBe(200);
    expect((await check('get', '/deliveries', () => request(t.app).get('/api/deliveries'))).status).toBe(401);
    const stats = await check('get', '/stats', () =>
      request(t.app).get('/api/stats').set('Authorization', auth(staff)),
    );
    expect(stats.status).toBe(200);
    expect((await check('get', '/stats', () => request(t.app).get('/api/stats'))).status).toBe(401);
    const labelled = await t.addItem({ name: 'Labelled', sku: 'LBL-1' });
    const labels = await check('get', '/labels.pdf', () =>
      request(t.app).get(`/api/labels.pdf?ids=${labelled}&code=code128`).set('Authorization', auth(staff)),
    );
    expect([labels.status, labels.headers['content-type']]).toEqual([200, 'application/pdf']);
    expect(
      (
        await check('get', '/labels.pdf', () =>
          request(t.app).get(`/api/labels.pdf?ids=${UNKNOWN_ID}`).set('Authorization', auth(staff)),
        )
      ).status,
    ).toBe(404);
  });

  it('live events: a stream, ended at shutdown', async () => {
    const streaming = check('get', '/events', () =>
      request(t.app)
        .get('/api/events')
        .then((res) => res),
    );
    const live = liveEventsOf(t.app);
    for (let turn = 0; live.size === 0 && turn < 200; turn += 1)
      await new Promise((resolve) => setTimeout(resolve, 10));
    live.close();
    const res = await streaming;
    expect(res.status).toBe(200);
    expect(res.text).toMatch(/^retry: \d+/);
  });

  it('photos: set, served (and its 304), removed; refused as not an image, a bad name, no such photo', async () => {
    const id = await t.addItem({ img: '' });
    const jpeg = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#c84' } })
      .jpeg()
      .toBuffer();
    const put = () =>
      request(t.app)
        .put(`/api/inventory/${id}/photo`)
        .set('Authorization', auth(staff))
        .set('Content-Type', 'image/jpeg');
    const set = await check('put', '/inventory/{id}/photo', () => put().send(jpeg));
    expect(set.status).toBe(200);
    const { thumb } = set.body as { thumb: string };
    expect((await check('put', '/inventory/{id}/photo', () => put().send(Buffer.from('not an image')))).status).toBe(
      415,
    );
    const name = thumb.slice('/api/photos/'.length);
    const served = await check('get', '/photos/{name}', () => request(t.app).get(`/api/photos/${name}`));
    expect([served.status, served.headers['content-type']]).toEqual([200, 'image/webp']);
    const etag = served.headers.etag as string;
    expect(
      (await check('get', '/photos/{name}', () => request(t.app).get(`/api/photos/${name}`).set('If-None-Match', etag)))
        .status,
    ).toBe(304);
    expect((await check('get', '/photos/{name}', () => request(t.app).get('/api/photos/nope.webp'))).status).toBe(400);
    const removed = await check('delete', '/inventory/{id}/photo', () =>
      request(t.app).delete(`/api/inventory/${id}/photo`).set('Authorization', auth(staff)),
    );
    expect(removed.body).toEqual({ img: '' });
    expect((await check('get', '/photos/{name}', () => request(t.app).get(`/api/photos/${name}`))).status).toBe(404);
  });

  // Last, so it sees the requests of the tests above: a test, not an afterAll, so that running only some of
  // them (jest -t, or StrykerJS's per-test runs) skips it instead of failing the whole file.
  it('gave every documented operation at least one real request', () => {
    const documented = Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.keys(item).map((method) => `${method} ${path}`),
    );
    expect([...exercised].sort()).toEqual(documented.sort());
  });
});
