import request from 'supertest';
import { QUANTITY_MAX } from '@smart-zone/types/item';
import { makeTestApp, type TestApp, UNKNOWN_ID } from './helpers/test-app';
import { anyObjectId, anyString, deliveriesOf, errorOf, insertedOf, itemOf } from './support/bodies';

let t: TestApp;
beforeEach(async () => {
  t = await makeTestApp();
});
afterEach(() => t.close());

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

function delivery(itemId: string, email: string, overrides: Record<string, unknown> = {}) {
  return {
    name: 'Rahim Uddin',
    email,
    inventory: 'Pixel 9',
    inventoriesId: itemId,
    address: '12 Dock Road, Chattogram',
    phone: '+880 1711 000000',
    ...overrides,
  };
}

async function stockOf(itemId: string) {
  return itemOf(await request(t.app).get(`/api/inventory/${itemId}`)).quantity;
}

describe('POST /api/myitem', () => {
  it('records the delivery, takes one off the stock and answers insertedId', async () => {
    const itemId = await t.addItem({ quantity: 5 });
    const token = await t.tokenFor('a@x.com');
    const res = await request(t.app).post('/api/myitem').set(auth(token)).send(delivery(itemId, 'a@x.com'));
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ acknowledged: true, insertedId: anyObjectId });
    expect(await stockOf(itemId)).toBe(4);
    const mine = await request(t.app).get('/api/myitem?email=a@x.com').set(auth(token));
    expect(mine.body).toEqual([
      expect.objectContaining({
        _id: insertedOf(res).insertedId,
        email: 'a@x.com',
        name: 'Rahim Uddin',
        inventory: 'Pixel 9',
        inventoriesId: itemId,
        address: '12 Dock Road, Chattogram',
        phone: '+880 1711 000000',
        quantity: 1,
        createdAt: anyString,
      }),
    ]);
  });

  it('takes the asked quantity off the stock', async () => {
    const itemId = await t.addItem({ quantity: 5 });
    const token = await t.tokenFor('a@x.com');
    const res = await request(t.app)
      .post('/api/myitem')
      .set(auth(token))
      .send(delivery(itemId, 'a@x.com', { quantity: 3 }));
    expect(res.status).toBe(201);
    expect(await stockOf(itemId)).toBe(2);
  });

  it('when stock is short, answers 409 and changes nothing', async () => {
    const itemId = await t.addItem({ quantity: 2 });
    const token = await t.tokenFor('a@x.com');
    const res = await request(t.app)
      .post('/api/myitem')
      .set(auth(token))
      .send(delivery(itemId, 'a@x.com', { quantity: 3 }));
    expect(res.status).toBe(409);
    expect(errorOf(res)).toEqual({ code: 'out_of_stock', message: 'Only 2 left in stock; you asked for 3' });
    expect(await stockOf(itemId)).toBe(2);
    expect((await request(t.app).get('/api/myitem').set(auth(token))).body).toEqual([]);
  });

  it('when stock is zero, says the item is out of stock', async () => {
    const itemId = await t.addItem({ quantity: 0 });
    const token = await t.tokenFor('a@x.com');
    const res = await request(t.app).post('/api/myitem').set(auth(token)).send(delivery(itemId, 'a@x.com'));
    expect(res.status).toBe(409);
    expect(errorOf(res).message).toBe('This item is out of stock');
  });

  it('50 concurrent deliveries of 1 against stock 20: exactly 20 succeed, 30 get 409, stock ends at 0', async () => {
    const itemId = await t.addItem({ quantity: 20 });
    const token = await t.tokenFor('a@x.com');
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        request(t.app).post('/api/myitem').set(auth(token)).send(delivery(itemId, 'a@x.com')),
      ),
    );
    const statuses = answers.map((res) => res.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(20);
    expect(statuses.filter((s) => s === 409)).toHaveLength(30);
    expect(await stockOf(itemId)).toBe(0);
    expect((await request(t.app).get('/api/myitem').set(auth(token))).body).toHaveLength(20);
  });

  it('answers 404 for an unknown item and records nothing', async () => {
    const token = await t.tokenFor('a@x.com');
    const res = await request(t.app).post('/api/myitem').set(auth(token)).send(delivery(UNKNOWN_ID, 'a@x.com'));
    expect(res.status).toBe(404);
    expect((await request(t.app).get('/api/myitem').set(auth(token))).body).toEqual([]);
  });

  it("answers 403 when the body's email is not the caller's, and changes nothing", async () => {
    const itemId = await t.addItem({ quantity: 5 });
    const token = await t.tokenFor('a@x.com');
    const res = await request(t.app).post('/api/myitem').set(auth(token)).send(delivery(itemId, 'b@x.com'));
    expect(res.status).toBe(403);
    expect(await stockOf(itemId)).toBe(5);
    const tokenB = await t.tokenFor('b@x.com');
    expect((await request(t.app).get('/api/myitem').set(auth(tokenB))).body).toEqual([]);
  });

  it.each([
    ['a name that is not text', { name: 42 }, 'name'],
    ['no address', { address: undefined }, 'address'],
    ['a phone without a digit', { phone: 'call me' }, 'phone'],
    ['no phone', { phone: '' }, 'phone'],
    ['a bad item id', { inventoriesId: 'zzz' }, 'inventoriesId'],
    ['a zero quantity', { quantity: 0 }, 'quantity'],
    ['an email that is an object', { email: { $ne: null } }, 'email'],
    ['an inventory name that is not text', { inventory: ['x'] }, 'inventory'],
  ])('refuses %s with 400 and changes nothing', async (_label, overrides, field) => {
    const itemId = await t.addItem({ quantity: 5 });
    const token = await t.tokenFor('a@x.com');
    const res = await request(t.app)
      .post('/api/myitem')
      .set(auth(token))
      .send(delivery(itemId, 'a@x.com', overrides));
    expect(res.status).toBe(400);
    expect(errorOf(res).fields).toHaveProperty(field);
    expect(await stockOf(itemId)).toBe(5);
  });

  it('answers 401 without a token and 403 for an unverified user', async () => {
    const itemId = await t.addItem({ quantity: 5 });
    expect((await request(t.app).post('/api/myitem').send(delivery(itemId, 'a@x.com'))).status).toBe(401);
    const unverified = await t.tokenFor('a@x.com', { verified: false });
    expect(
      (await request(t.app).post('/api/myitem').set(auth(unverified)).send(delivery(itemId, 'a@x.com'))).status,
    ).toBe(403);
    expect(await stockOf(itemId)).toBe(5);
  });

  it('lets a Google user deliver: Google counts as verified', async () => {
    const itemId = await t.addItem({ quantity: 5 });
    const token = await t.tokenFor('g@x.com', { verified: false, provider: 'google.com' });
    const res = await request(t.app).post('/api/myitem').set(auth(token)).send(delivery(itemId, 'g@x.com'));
    expect(res.status).toBe(201);
  });
});

describe('GET /api/myitem', () => {
  it("answers only the caller's records, newest first", async () => {
    const itemId = await t.addItem({ quantity: 10 });
    const tokenA = await t.tokenFor('a@x.com');
    const tokenB = await t.tokenFor('b@x.com');
    await request(t.app)
      .post('/api/myitem')
      .set(auth(tokenA))
      .send(delivery(itemId, 'a@x.com', { address: 'first' }));
    await request(t.app).post('/api/myitem').set(auth(tokenB)).send(delivery(itemId, 'b@x.com'));
    await request(t.app)
      .post('/api/myitem')
      .set(auth(tokenA))
      .send(delivery(itemId, 'a@x.com', { address: 'second' }));
    const res = await request(t.app).get('/api/myitem?email=a@x.com').set(auth(tokenA));
    expect(res.status).toBe(200);
    expect(deliveriesOf(res).map((d) => d.address)).toEqual(['second', 'first']);
    expect(deliveriesOf(res).every((d) => d.email === 'a@x.com')).toBe(true);
  });

  it("answers 403 when a@x asks for b@x's records", async () => {
    const tokenA = await t.tokenFor('a@x.com');
    const res = await request(t.app).get('/api/myitem?email=b@x.com').set(auth(tokenA));
    expect(res.status).toBe(403);
    expect(errorOf(res).code).toBe('forbidden');
  });

  it('matches the email case-insensitively', async () => {
    const tokenA = await t.tokenFor('a@x.com');
    expect((await request(t.app).get('/api/myitem?email=A@X.com').set(auth(tokenA))).status).toBe(200);
  });

  it('answers 401 without a token (the web app then signs out)', async () => {
    expect((await request(t.app).get('/api/myitem?email=a@x.com')).status).toBe(401);
  });
});

describe('DELETE /api/myitem/:id', () => {
  it('cancels the delivery and puts its quantity back, once', async () => {
    const itemId = await t.addItem({ quantity: 5 });
    const token = await t.tokenFor('a@x.com');
    const created = await request(t.app)
      .post('/api/myitem')
      .set(auth(token))
      .send(delivery(itemId, 'a@x.com', { quantity: 2 }));
    expect(await stockOf(itemId)).toBe(3);

    const res = await request(t.app)
      .delete(`/api/myitem/${insertedOf(created).insertedId}`)
      .set(auth(token));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ acknowledged: true, deletedCount: 1 });
    expect(await stockOf(itemId)).toBe(5);

    const again = await request(t.app)
      .delete(`/api/myitem/${insertedOf(created).insertedId}`)
      .set(auth(token));
    expect(again.status).toBe(404);
    expect(await stockOf(itemId)).toBe(5);
  });

  it('keeps a cancelled delivery listed, marked with when, by whom and why, when asked for all (state=all)', async () => {
    const itemId = await t.addItem({ quantity: 5 });
    const token = await t.tokenFor('a@x.com');
    const created = await request(t.app).post('/api/myitem').set(auth(token)).send(delivery(itemId, 'a@x.com'));
    const kept = await request(t.app).post('/api/myitem').set(auth(token)).send(delivery(itemId, 'a@x.com'));
    const id = insertedOf(created).insertedId;
    const res = await request(t.app).delete(`/api/myitem/${id}?reason=wrong%20address`).set(auth(token));
    expect(res.status).toBe(200);

    // The spec's My Item and the team's list, as they were: the ones not cancelled.
    expect(deliveriesOf(await request(t.app).get('/api/myitem').set(auth(token))).map((d) => d._id)).toEqual([
      insertedOf(kept).insertedId,
    ]);
    const live = await request(t.app).get('/api/deliveries').set(auth(token));
    expect([live.status, live.headers['x-total-count']]).toEqual([200, '1']);

    const marked = {
      _id: id,
      cancelledAt: anyString,
      cancelledBy: 'a@x.com',
      cancelReason: 'wrong address',
      quantity: 1,
    };
    const mine = deliveriesOf(await request(t.app).get('/api/myitem?state=all').set(auth(token)));
    expect(mine.map((d) => d._id)).toEqual([insertedOf(kept).insertedId, id]);
    expect(mine[1]).toEqual(expect.objectContaining(marked));
    expect(mine[0]).not.toHaveProperty('cancelledAt');
    const all = await request(t.app).get(`/api/deliveries?state=all&itemId=${itemId}`).set(auth(token));
    expect([all.status, all.headers['x-total-count']]).toEqual([200, '2']);
    expect(deliveriesOf(all)[1]).toEqual(expect.objectContaining(marked));

    const bad = await request(t.app).get('/api/myitem?state=cancelled').set(auth(token));
    expect(bad.status).toBe(400);
    expect(errorOf(bad).fields).toHaveProperty('state');
    expect((await request(t.app).get('/api/deliveries?state=gone').set(auth(token))).status).toBe(400);
  });

  it("answers 404 when b@x, a clerk, tries to cancel a@x's record, and changes nothing (a manager may: see permissions.test.ts)", async () => {
    // Clerks (the STAFF list): a clerk cancels only their own deliveries.
    const clerks = await makeTestApp({ staff: ['@x.com'] });
    try {
      const itemId = await clerks.addItem({ quantity: 5 });
      const tokenA = await clerks.tokenFor('a@x.com');
      const tokenB = await clerks.tokenFor('b@x.com');
      const created = await request(clerks.app).post('/api/myitem').set(auth(tokenA)).send(delivery(itemId, 'a@x.com'));
      const res = await request(clerks.app)
        .delete(`/api/myitem/${insertedOf(created).insertedId}?reason=mine%20now`)
        .set(auth(tokenB));
      expect(res.status).toBe(404);
      expect((await clerks.store.items.get(itemId))?.quantity).toBe(4);
      expect((await request(clerks.app).get('/api/myitem').set(auth(tokenA))).body).toHaveLength(1);
    } finally {
      await clerks.close();
    }
  });

  it('concurrent cancels of one delivery put the stock back exactly once', async () => {
    const itemId = await t.addItem({ quantity: 5 });
    const token = await t.tokenFor('a@x.com');
    const created = await request(t.app).post('/api/myitem').set(auth(token)).send(delivery(itemId, 'a@x.com'));
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        request(t.app)
          .delete(`/api/myitem/${insertedOf(created).insertedId}`)
          .set(auth(token)),
      ),
    );
    expect(answers.filter((res) => res.status === 200)).toHaveLength(1);
    expect(await stockOf(itemId)).toBe(5);
  });

  it('refuses with 409 naming the limit a cancel that would take the stock over QUANTITY_MAX (deliver, restock, cancel)', async () => {
    const itemId = await t.addItem({ quantity: QUANTITY_MAX });
    const token = await t.tokenFor('a@x.com');
    const created = await request(t.app)
      .post('/api/myitem')
      .set(auth(token))
      .send(delivery(itemId, 'a@x.com', { quantity: 10_000 }));
    const restock = await request(t.app)
      .post(`/api/inventory/${itemId}/stock`)
      .set(auth(token))
      .send({ delta: 10_000 });
    expect(restock.status).toBe(200);
    const over = await request(t.app).post(`/api/inventory/${itemId}/stock`).set(auth(token)).send({ delta: 1 });
    expect(over.status).toBe(409);
    expect(errorOf(over).message).toBe(`${QUANTITY_MAX} in stock: adding 1 would go over the limit of ${QUANTITY_MAX}`);

    const res = await request(t.app)
      .delete(`/api/myitem/${insertedOf(created).insertedId}`)
      .set(auth(token));
    expect(res.status).toBe(409);
    expect(errorOf(res)).toMatchObject({
      code: 'out_of_stock',
      message: `That would make the stock ${QUANTITY_MAX + 10_000}, over the limit of ${QUANTITY_MAX}: nothing was changed.`,
    });
    expect(await stockOf(itemId)).toBe(QUANTITY_MAX);
    expect((await request(t.app).get('/api/myitem').set(auth(token))).body).toHaveLength(1);
    // The item can still be saved as it is: its values stay within the rules.
    const item = itemOf(await request(t.app).get(`/api/inventory/${itemId}`));
    const { name, supplier, price, quantity, description, img } = item;
    const put = await request(t.app)
      .put(`/api/inventory/${itemId}`)
      .set(auth(token))
      .send({ name, supplier, price, quantity, description, img });
    expect(put.status).toBe(200);
  });

  it('answers 400 for a bad id and 401 without a token', async () => {
    const token = await t.tokenFor('a@x.com');
    expect((await request(t.app).delete('/api/myitem/nope').set(auth(token))).status).toBe(400);
    expect((await request(t.app).delete(`/api/myitem/${UNKNOWN_ID}`)).status).toBe(401);
  });
});
