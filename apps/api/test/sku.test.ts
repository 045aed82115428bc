import request from 'supertest';
import { demoItems } from '../src/store/demo-items';
import { ean13, isEan13, syntheticSku } from '../src/store/ean13';
import { makeTestApp, sampleItem, type TestApp } from './helpers/test-app';
import { errorOf, insertedOf, itemsOf } from './support/bodies';

let t: TestApp;
let token: string;
beforeEach(async () => {
  t = await makeTestApp();
  token = await t.tokenFor('staff@example.com');
});
afterEach(() => t.close());

const auth = () => ({ Authorization: `Bearer ${token}` });

describe('SKU over HTTP', () => {
  it('POST stores a trimmed SKU; GET ?sku= answers [item] or [] with X-Total-Count', async () => {
    const created = await request(t.app)
      .post('/api/inventory')
      .set(auth())
      .send({ ...sampleItem, sku: '  4006381333931 ' });
    expect(created.status).toBe(201);
    const id = insertedOf(created).insertedId;
    expect((await request(t.app).get(`/api/inventory/${id}`)).body).toMatchObject({ sku: '4006381333931' });

    const hit = await request(t.app).get('/api/inventory?sku=4006381333931');
    expect(hit.status).toBe(200);
    expect(hit.headers['x-total-count']).toBe('1');
    expect(itemsOf(hit).map((item) => item._id)).toEqual([id]);
    const miss = await request(t.app).get('/api/inventory?sku=4006381333932');
    expect(miss.body).toEqual([]);
    expect(miss.headers['x-total-count']).toBe('0');
  });

  it('refuses bad SKUs with 400 naming the field, and writes nothing', async () => {
    for (const sku of ['x'.repeat(65), 'tab\there', 'line\nbreak', '   ', 42]) {
      const res = await request(t.app)
        .post('/api/inventory')
        .set(auth())
        .send({ ...sampleItem, sku });
      expect(res.status).toBe(400);
      expect(errorOf(res).fields).toHaveProperty('sku');
    }
    expect((await request(t.app).get('/api/inventory?sku=')).status).toBe(400);
    expect((await request(t.app).get('/api/inventory')).body).toEqual([]);
  });

  it('two creates with one SKU at once: one 201, one 409 sku_taken naming the item; a PUT to it is 409 too', async () => {
    const [left, right] = await Promise.all(
      ['Left', 'Right'].map((name) =>
        request(t.app)
          .post('/api/inventory')
          .set(auth())
          .send({ ...sampleItem, name, sku: 'BIN-7' }),
      ),
    );
    expect([left!.status, right!.status].sort()).toEqual([201, 409]);
    const [won, lost] = left!.status === 201 ? [left!, right!] : [right!, left!];
    const holder = (await request(t.app).get('/api/inventory?sku=BIN-7')).body as { _id: string; name: string }[];
    expect(holder.map((item) => item._id)).toEqual([insertedOf(won).insertedId]);
    expect(errorOf(lost)).toMatchObject({
      code: 'sku_taken',
      message: `SKU "BIN-7" belongs to another item: "${holder[0]!.name}" (${holder[0]!._id}).`,
    });

    const { insertedId: other } = insertedOf(
      await request(t.app)
        .post('/api/inventory')
        .set(auth())
        .send({ ...sampleItem, name: 'Other' }),
    );
    const put = await request(t.app)
      .put(`/api/inventory/${other}`)
      .set(auth())
      .send({ ...sampleItem, name: 'Other', sku: 'BIN-7' });
    expect(put.status).toBe(409);
    expect(errorOf(put).code).toBe('sku_taken');
    expect((await request(t.app).get(`/api/inventory/${other}`)).body).not.toHaveProperty('sku');
  });
});

describe('the seed’s codes', () => {
  it('are EAN-13s with GS1 check digits, in the shop’s own (restricted) ranges, all different', () => {
    // Published examples: 400638133393-1 and 590123412345-7.
    expect(ean13('400638133393')).toBe('4006381333931');
    expect(ean13('590123412345')).toBe('5901234123457');
    expect(isEan13('4006381333932')).toBe(false);
    const synthetic = Array.from({ length: 1000 }, (_, i) => syntheticSku(i + 1));
    const demo = demoItems.map((item) => item.sku!);
    for (const code of [...synthetic, ...demo]) expect(isEan13(code)).toBe(true);
    expect(synthetic.every((code) => code.startsWith('200'))).toBe(true);
    expect(demo.every((code) => code.startsWith('201'))).toBe(true);
    expect(new Set([...synthetic, ...demo]).size).toBe(synthetic.length + demo.length);
  });
});
