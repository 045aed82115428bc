import request from 'supertest';
import { makeTestApp, sampleItem, type TestApp, UNKNOWN_ID } from './helpers/test-app';
import { anyObjectId, anyString, errorOf, insertedOf, itemsOf } from './support/bodies';

let t: TestApp;
let token: string;
beforeEach(async () => {
  t = await makeTestApp();
  token = await t.tokenFor('staff@example.com');
});
afterEach(() => t.close());

const auth = (value: string) => ({ Authorization: `Bearer ${value}` });

describe('GET /api/inventory', () => {
  it('with no parameters answers every item, oldest first', async () => {
    for (const name of ['A1', 'B2', 'C3']) await t.addItem({ name });
    const res = await request(t.app).get('/api/inventory');
    expect(res.status).toBe(200);
    expect(itemsOf(res).map((item) => item.name)).toEqual(['A1', 'B2', 'C3']);
    expect(itemsOf(res)[0]).toEqual(expect.objectContaining({ _id: anyObjectId, ...sampleItem, name: 'A1' }));
  });

  it('answers an empty array when there are no items', async () => {
    const res = await request(t.app).get('/api/inventory');
    expect(res.status).toBe(200);
    expect(res.body).toEqual([]);
  });

  it('limit=6 answers the first six (the home page)', async () => {
    for (let i = 1; i <= 8; i++) await t.addItem({ name: `Phone ${i}` });
    const res = await request(t.app).get('/api/inventory?limit=6');
    expect(itemsOf(res).map((item) => item.name)).toEqual([
      'Phone 1',
      'Phone 2',
      'Phone 3',
      'Phone 4',
      'Phone 5',
      'Phone 6',
    ]);
  });

  it('skip pages through, q searches name or supplier case-insensitively, sort orders', async () => {
    await t.addItem({ name: 'Galaxy S24', supplier: 'Samsung', price: 900 });
    await t.addItem({ name: 'iPhone 15', supplier: 'Apple', price: 999 });
    await t.addItem({ name: 'Nord 4', supplier: 'OnePlus', price: 450 });
    const names = (res: request.Response) => itemsOf(res).map((item) => item.name);

    expect(names(await request(t.app).get('/api/inventory?skip=1&limit=1'))).toEqual(['iPhone 15']);
    expect(names(await request(t.app).get('/api/inventory?q=APPLE'))).toEqual(['iPhone 15']);
    expect(names(await request(t.app).get('/api/inventory?q=galaxy'))).toEqual(['Galaxy S24']);
    expect(names(await request(t.app).get('/api/inventory?sort=price'))).toEqual(['Nord 4', 'Galaxy S24', 'iPhone 15']);
    expect(names(await request(t.app).get('/api/inventory?sort=-price'))).toEqual([
      'iPhone 15',
      'Galaxy S24',
      'Nord 4',
    ]);
    expect(names(await request(t.app).get('/api/inventory?sort=-newest'))).toEqual([
      'Galaxy S24',
      'iPhone 15',
      'Nord 4',
    ]);
  });

  it.each([
    ['limit=0', 'limit'],
    ['limit=abc', 'limit'],
    ['limit=100000', 'limit'],
    ['skip=-1', 'skip'],
    ['sort=color', 'sort'],
    ['q=a&q=b', 'q'],
  ])('refuses %s with 400 naming the parameter', async (query, field) => {
    const res = await request(t.app).get(`/api/inventory?${query}`);
    expect(res.status).toBe(400);
    expect(errorOf(res).code).toBe('validation_failed');
    expect(errorOf(res).fields).toHaveProperty(field);
  });
});

describe('GET /api/inventory/:id', () => {
  it('answers the item', async () => {
    const id = await t.addItem();
    const res = await request(t.app).get(`/api/inventory/${id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(expect.objectContaining({ _id: id, ...sampleItem }));
  });

  it('answers 404 in the error shape for an unknown id', async () => {
    const res = await request(t.app).get(`/api/inventory/${UNKNOWN_ID}`);
    expect(res.status).toBe(404);
    expect(errorOf(res)).toEqual({ code: 'not_found', message: anyString });
  });

  it('answers 400 for an id that is not 24 hex characters', async () => {
    const res = await request(t.app).get('/api/inventory/not-an-id');
    expect(res.status).toBe(400);
    expect(errorOf(res).code).toBe('bad_request');
  });
});

describe('POST /api/inventory', () => {
  it('adds the item and answers 201 with insertedId; it is then listed', async () => {
    const res = await request(t.app).post('/api/inventory').set(auth(token)).send(sampleItem);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ acknowledged: true, insertedId: anyObjectId });
    const back = await request(t.app).get(`/api/inventory/${insertedOf(res).insertedId}`);
    expect(back.body).toEqual(expect.objectContaining(sampleItem));
  });

  it('without a token answers 401 and adds nothing', async () => {
    const res = await request(t.app).post('/api/inventory').send(sampleItem);
    expect(res.status).toBe(401);
    expect(errorOf(res).code).toBe('unauthorized');
    expect(await t.store.items.count()).toBe(0);
  });

  it('for an unverified user answers 403 and adds nothing', async () => {
    const unverified = await t.tokenFor('new@example.com', { verified: false });
    const res = await request(t.app).post('/api/inventory').set(auth(unverified)).send(sampleItem);
    expect(res.status).toBe(403);
    expect(errorOf(res).message).toBe('Your Email is not verified!!');
    expect(await t.store.items.count()).toBe(0);
  });

  it.each([
    ['a 21-character name', { name: 'x'.repeat(21) }, 'name'],
    ['an empty name', { name: '   ' }, 'name'],
    ['a 21-character supplier', { supplier: 's'.repeat(21) }, 'supplier'],
    ['a missing supplier', { supplier: undefined }, 'supplier'],
    ['a negative price', { price: -1 }, 'price'],
    ['a price given as text', { price: '12' }, 'price'],
    ['a fractional quantity', { quantity: 1.5 }, 'quantity'],
    ['a negative quantity', { quantity: -3 }, 'quantity'],
    ['a javascript: image', { img: 'javascript:alert(1)' }, 'img'],
    ['a data: image', { img: 'data:image/svg+xml;base64,PHN2Zz4=' }, 'img'],
    ['a protocol-relative image', { img: '//evil.example/x.png' }, 'img'],
    ['a name that is an object', { name: { $ne: '' } }, 'name'],
    ['a huge description', { description: 'd'.repeat(2001) }, 'description'],
  ])('refuses %s with 400 and its field, and adds nothing', async (_label, overrides, field) => {
    const res = await request(t.app)
      .post('/api/inventory')
      .set(auth(token))
      .send({ ...sampleItem, ...overrides });
    expect(res.status).toBe(400);
    expect(errorOf(res).code).toBe('validation_failed');
    expect(errorOf(res).fields?.[field]).toEqual(anyString);
    expect(await t.store.items.count()).toBe(0);
  });

  it('says "Name must be at most 20 characters" for a 21-character name', async () => {
    const res = await request(t.app)
      .post('/api/inventory')
      .set(auth(token))
      .send({ ...sampleItem, name: 'n'.repeat(21) });
    expect(errorOf(res).fields?.name).toBe('Name must be at most 20 characters');
  });

  it('accepts a name of exactly 20 characters, an https image and an empty image', async () => {
    for (const overrides of [{ name: 'n'.repeat(20) }, { img: 'https://cdn.example.com/a.png' }, { img: '' }]) {
      const res = await request(t.app)
        .post('/api/inventory')
        .set(auth(token))
        .send({ ...sampleItem, ...overrides });
      expect(res.status).toBe(201);
    }
    expect(await t.store.items.count()).toBe(3);
  });

  it('refuses a body that is not a JSON object', async () => {
    const res = await request(t.app).post('/api/inventory').set(auth(token)).send([sampleItem]);
    expect(res.status).toBe(400);
    expect(await t.store.items.count()).toBe(0);
  });
});

describe('PUT /api/inventory/:id', () => {
  it('replaces the fields (a restock) and answers the driver shape', async () => {
    const id = await t.addItem({ quantity: 2 });
    const res = await request(t.app)
      .put(`/api/inventory/${id}`)
      .set(auth(token))
      .send({ ...sampleItem, quantity: 50, price: 749 });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ acknowledged: true, matchedCount: 1, modifiedCount: 1 });
    const back = await request(t.app).get(`/api/inventory/${id}`);
    expect(back.body).toEqual(expect.objectContaining({ quantity: 50, price: 749 }));
  });

  it('answers modifiedCount 0 when nothing changed', async () => {
    const id = await t.addItem();
    const res = await request(t.app).put(`/api/inventory/${id}`).set(auth(token)).send(sampleItem);
    expect(res.body).toEqual({ acknowledged: true, matchedCount: 1, modifiedCount: 0 });
  });

  it('validates like POST and changes nothing on bad input', async () => {
    const id = await t.addItem();
    const res = await request(t.app)
      .put(`/api/inventory/${id}`)
      .set(auth(token))
      .send({ ...sampleItem, supplier: 'y'.repeat(21) });
    expect(res.status).toBe(400);
    expect(errorOf(res).fields?.supplier).toBe('Supplier must be at most 20 characters');
    expect((await t.store.items.get(id))?.supplier).toBe(sampleItem.supplier);
  });

  it('answers 404 for an unknown id, 400 for a bad id, 401 without a token', async () => {
    expect((await request(t.app).put(`/api/inventory/${UNKNOWN_ID}`).set(auth(token)).send(sampleItem)).status).toBe(
      404,
    );
    expect((await request(t.app).put('/api/inventory/123').set(auth(token)).send(sampleItem)).status).toBe(400);
    const id = await t.addItem();
    expect((await request(t.app).put(`/api/inventory/${id}`).send(sampleItem)).status).toBe(401);
  });
});

describe('DELETE /api/inventory/:id', () => {
  it('removes the item and answers deletedCount 1', async () => {
    const id = await t.addItem();
    const res = await request(t.app).delete(`/api/inventory/${id}`).set(auth(token));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ acknowledged: true, deletedCount: 1 });
    expect((await request(t.app).get(`/api/inventory/${id}`)).status).toBe(404);
  });

  it('answers 404 the second time', async () => {
    const id = await t.addItem();
    await request(t.app).delete(`/api/inventory/${id}`).set(auth(token));
    const again = await request(t.app).delete(`/api/inventory/${id}`).set(auth(token));
    expect(again.status).toBe(404);
  });

  it('without a token answers 401 and keeps the item', async () => {
    const id = await t.addItem();
    expect((await request(t.app).delete(`/api/inventory/${id}`)).status).toBe(401);
    expect(await t.store.items.get(id)).not.toBeNull();
  });

  it('for an unverified user answers 403 and keeps the item', async () => {
    const id = await t.addItem();
    const unverified = await t.tokenFor('u@example.com', { verified: false });
    expect((await request(t.app).delete(`/api/inventory/${id}`).set(auth(unverified))).status).toBe(403);
    expect(await t.store.items.get(id)).not.toBeNull();
  });
});
