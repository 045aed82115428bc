import type { StockMovement } from '@smart-zone/types/item';
import request from 'supertest';
import { makeTestApp, type TestApp, UNKNOWN_ID } from './helpers/test-app';
import { deliveriesOf, errorOf, insertedOf, itemOf, meOf, itemsOf, movementsOf } from './support/bodies';

let t: TestApp;
beforeEach(async () => {
  t = await makeTestApp();
});
afterEach(() => t.close());

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
const itemBody = (overrides: Record<string, unknown> = {}) => ({
  name: 'Pixel 9',
  supplier: 'Google',
  price: 799,
  quantity: 10,
  description: 'A phone.',
  img: '',
  ...overrides,
});

async function historyOf(itemId: string, token: string) {
  const res = await request(t.app).get(`/api/inventory/${itemId}/history?limit=200`).set(auth(token));
  expect(res.status).toBe(200);
  return res.body as { reason: string; delta: number; quantityAfter: number; actor: { email: string } }[];
}

describe('POST /api/inventory/:id/stock', () => {
  it('adds stock as a delta and records who, with the note', async () => {
    const itemId = await t.addItem({ quantity: 10 });
    const token = await t.tokenFor('ann@shop.com');
    const res = await request(t.app)
      .post(`/api/inventory/${itemId}/stock`)
      .set(auth(token))
      .send({ delta: 5, note: 'pallet 7' });
    expect(res.status).toBe(200);
    const [latest] = await historyOf(itemId, token);
    expect(res.body).toEqual({ quantity: 15, movementId: (latest as unknown as StockMovement)._id });
    expect(latest).toMatchObject({
      reason: 'restock',
      delta: 5,
      quantityAfter: 15,
      note: 'pallet 7',
      actor: { email: 'ann@shop.com' },
    });
    expect((await request(t.app).get(`/api/inventory/${itemId}`)).body).toMatchObject({ quantity: 15 });
  });

  it('when it would go below 0, answers 409 and changes nothing', async () => {
    const itemId = await t.addItem({ quantity: 2 });
    const token = await t.tokenFor('ann@shop.com');
    const res = await request(t.app).post(`/api/inventory/${itemId}/stock`).set(auth(token)).send({ delta: -3 });
    expect(res.status).toBe(409);
    expect(errorOf(res).message).toBe('Only 2 in stock: cannot remove 3');
    expect(itemOf(await request(t.app).get(`/api/inventory/${itemId}`)).quantity).toBe(2);
    expect(await historyOf(itemId, token)).toHaveLength(1);
  });

  it.each([
    ['a zero delta', { delta: 0 }],
    ['a fractional delta', { delta: 1.5 }],
    ['a delta that is text', { delta: '5' }],
    ['no delta', {}],
    ['a note that is too long', { delta: 1, note: 'x'.repeat(201) }],
  ])('refuses %s with 400', async (_label, body) => {
    const itemId = await t.addItem({ quantity: 2 });
    const token = await t.tokenFor('ann@shop.com');
    const res = await request(t.app).post(`/api/inventory/${itemId}/stock`).set(auth(token)).send(body);
    expect(res.status).toBe(400);
    expect(itemOf(await request(t.app).get(`/api/inventory/${itemId}`)).quantity).toBe(2);
  });

  it('answers 404 for an unknown item and 401 without a token', async () => {
    const token = await t.tokenFor('ann@shop.com');
    expect(
      (await request(t.app).post(`/api/inventory/${UNKNOWN_ID}/stock`).set(auth(token)).send({ delta: 1 })).status,
    ).toBe(404);
    expect((await request(t.app).post(`/api/inventory/${UNKNOWN_ID}/stock`).send({ delta: 1 })).status).toBe(401);
  });
});

describe('PUT /api/inventory/:id with If-Match', () => {
  it('the lost update of the issue: a form loaded at 10 saving 15 after a delivery of 3 answers 412 and changes nothing', async () => {
    const itemId = await t.addItem({ quantity: 10 });
    const token = await t.tokenFor('ann@shop.com');
    const loaded = await request(t.app).get(`/api/inventory/${itemId}`);
    expect(loaded.headers.etag).toBe('"1"');
    expect(itemOf(loaded).version).toBe(1);

    const delivered = await request(t.app).post('/api/myitem').set(auth(token)).send({
      email: 'ann@shop.com',
      inventory: 'Pixel 9',
      inventoriesId: itemId,
      address: '1 Dock Rd',
      phone: '555',
      quantity: 3,
    });
    expect(delivered.status).toBe(201);

    const stale = await request(t.app)
      .put(`/api/inventory/${itemId}`)
      .set(auth(token))
      .set('If-Match', loaded.headers.etag!)
      .send(itemBody({ quantity: 15 }));
    expect(stale.status).toBe(412);
    expect(errorOf(stale).code).toBe('precondition_failed');
    const now = await request(t.app).get(`/api/inventory/${itemId}`);
    expect(itemOf(now).quantity).toBe(7);
    expect(now.headers.etag).toBe('"2"');

    const fresh = await request(t.app)
      .put(`/api/inventory/${itemId}`)
      .set(auth(token))
      .set('If-Match', now.headers.etag!)
      .send(itemBody({ quantity: 12 }));
    expect(fresh.status).toBe(200);
    expect(fresh.body).toEqual({ acknowledged: true, matchedCount: 1, modifiedCount: 1 });
    expect((await historyOf(itemId, token))[0]).toMatchObject({ reason: 'edit', delta: 5, quantityAfter: 12 });
  });

  it('without If-Match (the spec client) still works; the quantity it changes is an edit of new − current', async () => {
    const itemId = await t.addItem({ quantity: 10 });
    const token = await t.tokenFor('ann@shop.com');
    const res = await request(t.app)
      .put(`/api/inventory/${itemId}`)
      .set(auth(token))
      .send(itemBody({ quantity: 4 }));
    expect(res.status).toBe(200);
    expect((await historyOf(itemId, token))[0]).toMatchObject({ reason: 'edit', delta: -6, quantityAfter: 4 });
  });

  it('a malformed If-Match is a 412, never a silent overwrite', async () => {
    const itemId = await t.addItem({ quantity: 10 });
    const token = await t.tokenFor('ann@shop.com');
    const res = await request(t.app)
      .put(`/api/inventory/${itemId}`)
      .set(auth(token))
      .set('If-Match', 'W/"1"')
      .send(itemBody({ quantity: 1 }));
    expect(res.status).toBe(412);
    expect(itemOf(await request(t.app).get(`/api/inventory/${itemId}`)).quantity).toBe(10);
  });

  it('GET /api/inventory/:id answers 304 to its own ETag', async () => {
    const itemId = await t.addItem();
    const first = await request(t.app).get(`/api/inventory/${itemId}`);
    const again = await request(t.app).get(`/api/inventory/${itemId}`).set('If-None-Match', first.headers.etag!);
    expect(again.status).toBe(304);
  });
});

describe('GET /api/inventory/:id/history', () => {
  it('is for staff: 401 signed out, 403 for a verified outsider when STAFF is set', async () => {
    const itemId = await t.addItem();
    expect((await request(t.app).get(`/api/inventory/${itemId}/history`)).status).toBe(401);
    const guarded = await makeTestApp({ staff: ['@shop.com'] });
    try {
      const id = await guarded.addItem();
      const outsider = await guarded.tokenFor('eve@gmail.com');
      expect((await request(guarded.app).get(`/api/inventory/${id}/history`).set(auth(outsider))).status).toBe(403);
    } finally {
      await guarded.close();
    }
  });

  it('pages newest first with X-Total-Count, and outlives the item', async () => {
    const itemId = await t.addItem({ quantity: 1 });
    const token = await t.tokenFor('ann@shop.com');
    for (const delta of [1, 2, 3])
      await request(t.app).post(`/api/inventory/${itemId}/stock`).set(auth(token)).send({ delta });
    const page = await request(t.app).get(`/api/inventory/${itemId}/history?limit=2&skip=0`).set(auth(token));
    expect(page.headers['x-total-count']).toBe('4');
    expect(movementsOf(page).map((m) => m.delta)).toEqual([3, 2]);
    await request(t.app).delete(`/api/inventory/${itemId}`).set(auth(token));
    const after = await historyOf(itemId, token);
    expect(after[0]).toMatchObject({
      reason: 'deleted',
      delta: -7,
      quantityAfter: 0,
      item: { name: 'Pixel 9', quantity: 7 },
    });
    expect((await request(t.app).get(`/api/inventory/${UNKNOWN_ID}/history`).set(auth(token))).status).toBe(404);
    expect((await request(t.app).get(`/api/inventory/${itemId}/history?limit=0`).set(auth(token))).status).toBe(400);
  });
});

describe('GET /api/inventory at scale', () => {
  it('answers X-Total-Count: the items matching, before paging', async () => {
    for (let i = 0; i < 7; i++) await t.addItem({ name: `Phone ${i}`, supplier: i < 3 ? 'Nokia' : 'Sony' });
    const page = await request(t.app).get('/api/inventory?limit=2&q=sony&sort=-name');
    expect(page.headers['x-total-count']).toBe('4');
    expect(itemsOf(page).map((item) => item.name)).toEqual(['Phone 6', 'Phone 5']);
  });

  it('a page read again after any write shows the write (pages are cached by revision), and answers 304 while unchanged', async () => {
    const itemId = await t.addItem({ quantity: 10 });
    const token = await t.tokenFor('ann@shop.com');
    const first = await request(t.app).get('/api/inventory?limit=5');
    expect(itemsOf(first)[0]?.quantity).toBe(10);
    expect((await request(t.app).get('/api/inventory?limit=5').set('If-None-Match', first.headers.etag!)).status).toBe(
      304,
    );
    await request(t.app)
      .post('/api/myitem')
      .set(auth(token))
      .send({ email: 'ann@shop.com', inventoriesId: itemId, address: '1 Dock Rd', phone: '7', quantity: 4 });
    const second = await request(t.app).get('/api/inventory?limit=5').set('If-None-Match', first.headers.etag!);
    expect(second.status).toBe(200);
    expect(itemsOf(second)[0]?.quantity).toBe(6);
    await request(t.app)
      .put(`/api/inventory/${itemId}`)
      .set(auth(token))
      .send(itemBody({ name: 'Renamed', quantity: 6 }));
    expect(itemsOf(await request(t.app).get('/api/inventory?limit=5'))[0]!.name).toBe('Renamed');
    await request(t.app).delete(`/api/inventory/${itemId}`).set(auth(token));
    const empty = await request(t.app).get('/api/inventory?limit=5');
    expect(empty.body).toEqual([]);
    expect(empty.headers['x-total-count']).toBe('0');
  });

  it('streams the whole list with an ETag and X-Total-Count; a repeat with If-None-Match answers 304 until something changes', async () => {
    for (let i = 0; i < 1200; i += 400) {
      await t.store.items.createMany(
        Array.from({ length: 400 }, (_, j) => ({ ...itemBody(), name: `Phone ${i + j}` })),
        { uid: 'seed', email: 'seed' },
      );
    }
    const all = await request(t.app).get('/api/inventory');
    expect(all.status).toBe(200);
    expect(all.headers['x-total-count']).toBe('1200');
    expect(all.body).toHaveLength(1200);
    expect(itemsOf(all)[1199]?.name).toBe('Phone 1199');
    const etag = all.headers.etag!;
    expect((await request(t.app).get('/api/inventory').set('If-None-Match', etag)).status).toBe(304);
    // Another query is another list.
    expect((await request(t.app).get('/api/inventory?q=phone 1').set('If-None-Match', etag)).status).toBe(200);

    const token = await t.tokenFor('ann@shop.com');
    await request(t.app)
      .post(`/api/inventory/${itemsOf(all)[0]!._id}/stock`)
      .set(auth(token))
      .send({ delta: 1 });
    const changed = await request(t.app).get('/api/inventory').set('If-None-Match', etag);
    expect(changed.status).toBe(200);
    expect(itemsOf(changed)[0]?.quantity).toBe(11);
  });
});

describe('STAFF set (clerks), no OWNER_EMAILS', () => {
  let g: TestApp;
  beforeEach(async () => {
    g = await makeTestApp({ staff: ['boss@gmail.com', '@shop.com'] });
  });
  afterEach(() => g.close());

  it('a verified outsider gets 403 naming the role needed on every write, and role: null from /api/me', async () => {
    const itemId = await g.addItem({ quantity: 5 });
    const outsider = await g.tokenFor('eve@gmail.com', { provider: 'google.com' });
    const me = await request(g.app).get('/api/me').set(auth(outsider));
    expect(me.body).toEqual({
      email: 'eve@gmail.com',
      uid: 'uid-eve@gmail.com',
      verified: true,
      role: null,
      staff: false,
    });

    const writes = [
      request(g.app).post('/api/inventory').set(auth(outsider)).send(itemBody()),
      request(g.app)
        .put(`/api/inventory/${itemId}`)
        .set(auth(outsider))
        .send(itemBody({ quantity: 0 })),
      request(g.app).delete(`/api/inventory/${itemId}`).set(auth(outsider)),
      request(g.app).post(`/api/inventory/${itemId}/stock`).set(auth(outsider)).send({ delta: -5 }),
      request(g.app)
        .post('/api/myitem')
        .set(auth(outsider))
        .send({ email: 'eve@gmail.com', inventory: 'x', inventoriesId: itemId, address: 'x', phone: '1' }),
      request(g.app).delete(`/api/myitem/${UNKNOWN_ID}`).set(auth(outsider)),
    ];
    for (const res of await Promise.all(writes)) {
      expect(res.status).toBe(403);
      expect(errorOf(res).message).toMatch(
        /^This needs the (clerk|manager) role, and you are not on this warehouse's team\. Ask an owner to invite you\.$/,
      );
    }
    expect((await request(g.app).get(`/api/inventory/${itemId}`)).body).toMatchObject({ quantity: 5, version: 1 });
    expect(await g.store.items.count()).toBe(1);
    // Reads stay public.
    expect((await request(g.app).get('/api/inventory?limit=5')).status).toBe(200);
  });

  it("alerts and the reorder list are staff's: a verified outsider and an unverified staff address get 403, nothing marked", async () => {
    const itemId = await g.addItem({ quantity: 6, minStock: 5 });
    const staffToken = await g.tokenFor('ann@shop.com');
    await request(g.app)
      .post(`/api/inventory/${itemId}/stock`)
      .set(auth(staffToken))
      .send({ delta: -2, note: 'two broken' });
    const [raised] = (await g.store.alerts.list({ limit: 5, skip: 0 })).alerts;
    expect(raised).toMatchObject({ itemId, kind: 'low' });

    for (const token of [
      await g.tokenFor('eve@gmail.com', { provider: 'google.com' }),
      await g.tokenFor('new@shop.com', { verified: false }),
    ]) {
      const refused = await Promise.all([
        request(g.app).get('/api/alerts?unread=true').set(auth(token)),
        request(g.app).post(`/api/alerts/${raised!._id}/read`).set(auth(token)),
        request(g.app).post('/api/alerts/read-all').set(auth(token)),
        request(g.app).get('/api/inventory/reorder.csv').set(auth(token)),
      ]);
      expect(refused.map((res) => res.status)).toEqual([403, 403, 403, 403]);
    }
    expect(await g.store.alerts.unreadCount()).toBe(1);
  });

  it('STAFF by email and by @domain are clerks: they move stock but add no item; /api/me says so', async () => {
    const itemId = await g.addItem({ quantity: 5 });
    for (const email of ['boss@gmail.com', 'ann@shop.com']) {
      const token = await g.tokenFor(email);
      expect(meOf(await request(g.app).get('/api/me').set(auth(token)))).toMatchObject({ role: 'clerk', staff: true });
      expect(
        (await request(g.app).post(`/api/inventory/${itemId}/stock`).set(auth(token)).send({ delta: 1 })).status,
      ).toBe(200);
      expect((await request(g.app).post('/api/inventory').set(auth(token)).send(itemBody())).status).toBe(403);
    }
    // A look-alike domain is not the domain.
    const lookalike = await g.tokenFor('ann@evilshop.com');
    expect(
      (await request(g.app).post(`/api/inventory/${itemId}/stock`).set(auth(lookalike)).send({ delta: 1 })).status,
    ).toBe(403);
  });

  it('an unverified staff address is not staff', async () => {
    const token = await g.tokenFor('ann@shop.com', { verified: false });
    expect((await request(g.app).get('/api/me').set(auth(token))).body).toMatchObject({
      verified: false,
      role: null,
      staff: false,
    });
    expect((await request(g.app).post('/api/inventory').set(auth(token)).send(itemBody())).status).toBe(403);
  });

  it('/api/me needs a token', async () => {
    expect((await request(g.app).get('/api/me')).status).toBe(401);
  });
});

describe('write rate limit', () => {
  it('answers 429 with Retry-After past WRITE_RATE_LIMIT a minute, per user', async () => {
    const limited = await makeTestApp({ writeRateLimit: 3 });
    try {
      const itemId = await limited.addItem();
      const ann = await limited.tokenFor('ann@shop.com');
      const statuses: number[] = [];
      let retryAfter: string | undefined;
      for (let i = 0; i < 4; i++) {
        const res = await request(limited.app).post(`/api/inventory/${itemId}/stock`).set(auth(ann)).send({ delta: 1 });
        statuses.push(res.status);
        if (res.status === 429) {
          retryAfter = res.headers['retry-after'];
          expect(errorOf(res)).toEqual({
            code: 'rate_limited',
            message: 'Too many changes in a minute. Please wait a moment and try again.',
          });
          expect(res.headers['ratelimit-policy']).toMatch(/q=3; w=60/);
          expect(res.headers['x-ratelimit-limit']).toBeUndefined();
        }
      }
      expect(statuses).toEqual([200, 200, 200, 429]);
      expect(Number(retryAfter)).toBeGreaterThan(0);
      const bob = await limited.tokenFor('bob@shop.com');
      expect(
        (await request(limited.app).post(`/api/inventory/${itemId}/stock`).set(auth(bob)).send({ delta: 1 })).status,
      ).toBe(200);
      expect(itemOf(await request(limited.app).get(`/api/inventory/${itemId}`)).quantity).toBe(14);
    } finally {
      await limited.close();
    }
  });

  it('counts writes only: reading the history any number of times leaves the whole budget', async () => {
    const limited = await makeTestApp({ writeRateLimit: 2 });
    try {
      const itemId = await limited.addItem();
      const ann = await limited.tokenFor('ann@shop.com');
      for (let i = 0; i < 5; i++) {
        expect((await request(limited.app).get(`/api/inventory/${itemId}/history`).set(auth(ann))).status).toBe(200);
      }
      const stock = () => request(limited.app).post(`/api/inventory/${itemId}/stock`).set(auth(ann)).send({ delta: 1 });
      expect([(await stock()).status, (await stock()).status, (await stock()).status]).toEqual([200, 200, 429]);
    } finally {
      await limited.close();
    }
  });
});

describe('POST /api/myitem with the spec payload', () => {
  it('accepts email, inventory, inventoriesId, address, phone (no name): 201, and the stored name comes from the item', async () => {
    const itemId = await t.addItem({ name: 'Pixel 9', quantity: 5 });
    const token = await t.tokenFor('ann@shop.com');
    const res = await request(t.app).post('/api/myitem').set(auth(token)).send({
      email: 'ann@shop.com',
      inventory: 'Free iPhone',
      inventoriesId: itemId,
      address: '1 Dock Rd',
      phone: '7',
    });
    expect(res.status).toBe(201);
    const [record] = deliveriesOf(await request(t.app).get('/api/myitem').set(auth(token)));
    expect(record).toMatchObject({
      _id: insertedOf(res).insertedId,
      inventory: 'Pixel 9',
      name: '',
      phone: '7',
      uid: 'uid-ann@shop.com',
    });
    expect((await historyOf(itemId, token))[0]).toMatchObject({
      reason: 'delivery',
      delta: -1,
      quantityAfter: 4,
      deliveryId: insertedOf(res).insertedId,
    });
  });

  it('two cancels of one delivery: one cancel movement, stock back once, the second answers 404', async () => {
    const itemId = await t.addItem({ quantity: 5 });
    const token = await t.tokenFor('ann@shop.com');
    const res = await request(t.app)
      .post('/api/myitem')
      .set(auth(token))
      .send({ email: 'ann@shop.com', inventoriesId: itemId, address: '1 Dock Rd', phone: '7', quantity: 2 });
    const [first, second] = await Promise.all([
      request(t.app)
        .delete(`/api/myitem/${insertedOf(res).insertedId}`)
        .set(auth(token)),
      request(t.app)
        .delete(`/api/myitem/${insertedOf(res).insertedId}`)
        .set(auth(token)),
    ]);
    expect([first.status, second.status].sort()).toEqual([200, 404]);
    expect(itemOf(await request(t.app).get(`/api/inventory/${itemId}`)).quantity).toBe(5);
    expect((await historyOf(itemId, token)).filter((m) => m.reason === 'cancel')).toHaveLength(1);
  });
});
