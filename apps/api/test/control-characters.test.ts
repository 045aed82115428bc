import request from 'supertest';
import type { Item } from '@smart-zone/types/item';
import { makeTestApp, sampleItem, type TestApp } from './helpers/test-app';
import { errorOf } from './support/bodies';

/**
 * A NUL or any other control character in text input is a 400 in the error
 * shape, and nothing changes, on either store (the rule lives in the shared
 * schemas of packages/types). Only the description, a textarea, may hold line
 * breaks and tabs. Runs in both jest projects.
 */
let t: TestApp;
beforeEach(async () => {
  t = await makeTestApp();
});
afterEach(() => t.close());

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

describe('control characters in text input', () => {
  it.each(['%00', 'a%00b', '%0A', 'phone%09x', '%1F', '%7F'])(
    'GET /api/inventory?q=%s → 400, not a search',
    async (q) => {
      await t.addItem();
      const res = await request(t.app).get(`/api/inventory?q=${q}`);
      expect(res.status).toBe(400);
      expect(errorOf(res)).toEqual({
        code: 'validation_failed',
        message: 'q cannot contain control characters such as NUL, tabs or line breaks',
        fields: { q: 'q cannot contain control characters such as NUL, tabs or line breaks' },
      });
    },
  );

  it('still searches text that only looks odd: unicode, quotes, %, spaces', async () => {
    await t.addItem({ name: 'Écran 100% "x"' });
    const res = await request(t.app).get(`/api/inventory?q=${encodeURIComponent('écran 100% "')}`);
    expect(res.status).toBe(200);
    expect((res.body as Item[]).map((item) => item.name)).toEqual(['Écran 100% "x"']);
  });

  it('POST /api/inventory with a NUL in the name → 400 naming the field, nothing stored', async () => {
    const token = await t.tokenFor('staff@x.com');
    const res = await request(t.app)
      .post('/api/inventory')
      .set(auth(token))
      .send({ ...sampleItem, name: 'Pixel\u00009' });
    expect(res.status).toBe(400);
    expect(errorOf(res).code).toBe('validation_failed');
    expect(errorOf(res).fields).toEqual({
      name: 'Name cannot contain control characters such as NUL, tabs or line breaks',
    });
    expect(await t.store.items.count()).toBe(0);
  });

  it.each([
    ['supplier', { supplier: 'Goo\u0007gle' }],
    ['a trailing line break in the name (not trimmed away)', { name: 'Pixel 9\n' }],
    ['img', { img: '/images/a\u0000.svg' }],
    ['description with a NUL', { description: 'fine\u0000' }],
    ['description with ESC', { description: 'colour \u001b[31m' }],
    ['description with DEL', { description: 'x\u007f' }],
  ])('POST /api/inventory refuses %s and stores nothing', async (_what, overrides) => {
    const token = await t.tokenFor('staff@x.com');
    const res = await request(t.app)
      .post('/api/inventory')
      .set(auth(token))
      .send({ ...sampleItem, ...overrides });
    expect(res.status).toBe(400);
    expect(errorOf(res).message).toMatch(/cannot contain control characters/);
    expect(await t.store.items.count()).toBe(0);
  });

  it('keeps line breaks and tabs in the description (a textarea)', async () => {
    const token = await t.tokenFor('staff@x.com');
    const description = 'Line one\r\nLine two\n\tindented';
    const res = await request(t.app)
      .post('/api/inventory')
      .set(auth(token))
      .send({ ...sampleItem, description });
    expect(res.status).toBe(201);
    const [item] = await t.store.items.list();
    expect(item?.description).toBe(description);
  });

  it('PUT /api/inventory/:id with a control character changes nothing', async () => {
    const id = await t.addItem();
    const before = await t.store.items.get(id);
    const token = await t.tokenFor('staff@x.com');
    const res = await request(t.app)
      .put(`/api/inventory/${id}`)
      .set(auth(token))
      .send({ ...sampleItem, supplier: 'Google\r\nX-Injected: 1' });
    expect(res.status).toBe(400);
    expect(await t.store.items.get(id)).toEqual(before);
  });

  it('a stock change with a control character in the note changes nothing', async () => {
    const id = await t.addItem({ quantity: 3 });
    const token = await t.tokenFor('staff@x.com');
    const res = await request(t.app)
      .post(`/api/inventory/${id}/stock`)
      .set(auth(token))
      .send({ delta: 5, note: 'pallet\u00007' });
    expect(res.status).toBe(400);
    expect((await t.store.items.get(id))?.quantity).toBe(3);
    expect((await t.store.items.history(id, { limit: 10, skip: 0 })).total).toBe(1);
  });

  it.each([
    ['address', { address: '12 Dock Road\u0000' }],
    ['address with a line break', { address: '12 Dock Road\nChattogram' }],
    ['phone', { phone: '+880\u00081711' }],
    ['recipient name', { name: 'Rahim\u001bUddin' }],
    ['inventory name', { inventory: 'Pixel\u00009' }],
  ])('POST /api/myitem with a control character in the %s → 400, no delivery, stock unchanged', async (_what, bad) => {
    const itemId = await t.addItem({ quantity: 5 });
    const token = await t.tokenFor('a@x.com');
    const res = await request(t.app)
      .post('/api/myitem')
      .set(auth(token))
      .send({
        name: 'Rahim Uddin',
        email: 'a@x.com',
        inventory: 'Pixel 9',
        inventoriesId: itemId,
        address: '12 Dock Road, Chattogram',
        phone: '+880 1711 000000',
        ...bad,
      });
    expect(res.status).toBe(400);
    expect(errorOf(res).message).toMatch(/cannot contain control characters/);
    expect((await t.store.items.get(itemId))?.quantity).toBe(5);
    expect(await t.store.deliveries.listByOwner('uid-a@x.com')).toEqual([]);
  });

  it('GET /api/myitem?email= with a NUL → 400', async () => {
    const token = await t.tokenFor('a@x.com');
    const res = await request(t.app).get('/api/myitem?email=a%00@x.com').set(auth(token));
    expect(res.status).toBe(400);
    expect(errorOf(res).code).toBe('validation_failed');
  });
});
