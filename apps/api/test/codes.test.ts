import request from 'supertest';
import { makeTestApp, sampleItem, type TestApp } from './helpers/test-app';
import { errorOf, insertedOf, itemOf, itemsOf } from './support/bodies';

/**
 * Issue 33: any code finds the item. An item has its SKU and up to 10 more barcodes, each unique across
 * every item's SKU and barcodes; GET ?code= is an exact lookup over both, ?q= a substring search over the
 * name, supplier, SKU and barcodes. Over HTTP, on each store.
 */
let t: TestApp;
let token: string;
beforeEach(async () => {
  t = await makeTestApp();
  token = await t.tokenFor('staff@example.com');
});
afterEach(() => t.close());

const auth = () => ({ Authorization: `Bearer ${token}` });
const create = (body: object) =>
  request(t.app)
    .post('/api/inventory')
    .set(auth())
    .send({ ...sampleItem, ...body });
const put = (id: string, body: object) =>
  request(t.app)
    .put(`/api/inventory/${id}`)
    .set(auth())
    .send({ ...sampleItem, ...body });
const byCode = async (code: string) => {
  const res = await request(t.app).get(`/api/inventory?code=${encodeURIComponent(code)}`);
  expect(res.status).toBe(200);
  return { ids: itemsOf(res).map((item) => item._id), total: res.headers['x-total-count'] };
};
const search = async (q: string) =>
  itemsOf(
    await request(t.app)
      .get(`/api/inventory?limit=50&q=${encodeURIComponent(q)}`)
      .expect(200),
  ).map((item) => item.name);
const everything = async () => JSON.stringify(itemsOf(await request(t.app).get('/api/inventory')));

describe('codes: an item is found by its SKU or any of its barcodes', () => {
  it('POST stores trimmed barcodes; ?code= answers [item] for its SKU and each barcode, [] for none; ?sku= as before', async () => {
    const created = await create({
      name: 'iPhone case',
      sku: 'SP-IP15-BLK',
      barcodes: [' 4006381333931', 'ACME-778 '],
    });
    expect(created.status).toBe(201);
    const id = insertedOf(created).insertedId;
    expect(itemOf(await request(t.app).get(`/api/inventory/${id}`))).toMatchObject({
      sku: 'SP-IP15-BLK',
      barcodes: ['4006381333931', 'ACME-778'],
    });
    for (const code of ['SP-IP15-BLK', '4006381333931', 'ACME-778']) {
      expect(await byCode(code)).toEqual({ ids: [id], total: '1' });
    }
    // Exact: a part, another case or another code finds nothing.
    for (const code of ['SP-IP15', 'acme-778', '4006381333932'])
      expect(await byCode(code)).toEqual({ ids: [], total: '0' });
    expect(itemsOf(await request(t.app).get('/api/inventory?sku=SP-IP15-BLK')).map((item) => item._id)).toEqual([id]);
    // ?sku= stays the SKU's: a barcode is not a SKU.
    expect(itemsOf(await request(t.app).get('/api/inventory?sku=ACME-778'))).toEqual([]);
  });

  it('two creates with one barcode at once: one 201, one 409 naming the item that has it', async () => {
    const [left, right] = await Promise.all(
      ['Left', 'Right'].map((name) => create({ name, barcodes: ['0012345678905'] })),
    );
    expect([left!.status, right!.status].sort()).toEqual([201, 409]);
    const [won, lost] = left!.status === 201 ? [left!, right!] : [right!, left!];
    const holder = itemOf(await request(t.app).get(`/api/inventory/${insertedOf(won).insertedId}`));
    expect(errorOf(lost)).toMatchObject({
      code: 'sku_taken',
      message: `Barcode "0012345678905" belongs to another item: "${holder.name}" (${holder._id}).`,
      fields: { barcodes: `"0012345678905" is already a code of "${holder.name}" (${holder._id})` },
    });
    expect((await byCode('0012345678905')).ids).toEqual([holder._id]);
    expect(itemsOf(await request(t.app).get('/api/inventory'))).toHaveLength(1);
  });

  it("a barcode that is another item's SKU, or a SKU that is another item's barcode: 409 naming it, nothing written", async () => {
    const a = insertedOf(await create({ name: 'Alpha', sku: 'ALPHA-1', barcodes: ['111122223333'] })).insertedId;
    const b = insertedOf(await create({ name: 'Beta' })).insertedId;
    const before = await everything();

    const barcodeIsSku = await create({ name: 'Gamma', barcodes: ['ALPHA-1'] });
    expect(barcodeIsSku.status).toBe(409);
    expect(errorOf(barcodeIsSku)).toMatchObject({
      code: 'sku_taken',
      message: `Barcode "ALPHA-1" belongs to another item: "Alpha" (${a}).`,
      fields: { barcodes: expect.stringContaining(a) as unknown },
    });
    const skuIsBarcode = await put(b, { name: 'Beta', sku: '111122223333' });
    expect(skuIsBarcode.status).toBe(409);
    expect(errorOf(skuIsBarcode)).toMatchObject({
      message: `SKU "111122223333" belongs to another item: "Alpha" (${a}).`,
      fields: { sku: expect.stringContaining('Alpha') as unknown },
    });
    const putBarcode = await put(b, { name: 'Beta', barcodes: ['X-9', '111122223333'] });
    expect(putBarcode.status).toBe(409);
    expect(await everything()).toBe(before);
  });

  it('a PUT without barcodes keeps them, [] clears them, and a code let go can be taken by another item', async () => {
    const a = insertedOf(await create({ name: 'Alpha', barcodes: ['AAA-1', 'AAA-2'] })).insertedId;
    const b = insertedOf(await create({ name: 'Beta' })).insertedId;
    await put(a, { name: 'Alpha 2' }).expect(200);
    expect(itemOf(await request(t.app).get(`/api/inventory/${a}`)).barcodes).toEqual(['AAA-1', 'AAA-2']);
    await put(a, { name: 'Alpha 2', barcodes: ['AAA-2'] }).expect(200);
    expect((await byCode('AAA-1')).ids).toEqual([]);
    await put(b, { name: 'Beta', barcodes: ['AAA-1'] }).expect(200);
    expect((await byCode('AAA-1')).ids).toEqual([b]);
    await put(a, { name: 'Alpha 2', barcodes: [] }).expect(200);
    expect(itemOf(await request(t.app).get(`/api/inventory/${a}`))).not.toHaveProperty('barcodes');
    await request(t.app).delete(`/api/inventory/${b}`).set(auth()).expect(200);
    expect((await byCode('AAA-1')).ids).toEqual([]);
    expect((await create({ name: 'Gamma', barcodes: ['AAA-1'] })).status).toBe(201);
  });

  it('?q= finds by a part of the SKU or of a barcode, as by the name or supplier: short and long text, any case', async () => {
    await create({ name: 'iPhone case', supplier: 'Spigen', sku: 'SP-IP15-BLK', barcodes: ['8809811862345'] });
    await create({ name: 'Galaxy case', supplier: 'Spigen', sku: 'SP-S24-RED' });
    await create({ name: 'Cable', supplier: 'Anker', sku: 'AN-C1' });
    expect(await search('SP-IP15')).toEqual(['iPhone case']);
    expect(await search('sp-ip15-blk')).toEqual(['iPhone case']);
    expect(await search('SP-')).toEqual(['iPhone case', 'Galaxy case']);
    expect(await search('IP')).toEqual(['iPhone case']);
    expect(await search('862345')).toEqual(['iPhone case']);
    expect(await search('C1')).toEqual(['Cable']);
    expect(await search('spigen')).toEqual(['iPhone case', 'Galaxy case']);
    // A match never spans two texts (the SKU and a barcode are each on their own).
    expect(await search('BLK8809')).toEqual([]);
    expect((await request(t.app).get('/api/inventory?q=SP-IP15&limit=10')).headers['x-total-count']).toBe('1');
  });

  it('bad barcodes and a bad ?code= are a 400 naming the field, and change nothing', async () => {
    const id = insertedOf(await create({ name: 'Alpha', barcodes: ['OK-1'] })).insertedId;
    const before = await everything();
    const bad: unknown[] = [
      ['has space'],
      [''],
      ['   '],
      ['x'.repeat(65)],
      ['café'],
      ['DUP', 'DUP'],
      Array.from({ length: 11 }, (_, i) => `CODE-${i}`),
      'OK-2',
      [42],
    ];
    for (const barcodes of bad) {
      const posted = await create({ name: 'Bad', barcodes });
      expect([JSON.stringify(barcodes), posted.status]).toEqual([JSON.stringify(barcodes), 400]);
      // The field, or the one barcode of it (`barcodes.0`).
      expect(Object.keys(errorOf(posted).fields ?? {})).toEqual([expect.stringMatching(/^barcodes(\.\d+)?$/)]);
      expect((await put(id, { name: 'Alpha', barcodes })).status).toBe(400);
    }
    for (const code of ['', 'two words', 'x'.repeat(65)]) {
      expect((await request(t.app).get(`/api/inventory?code=${encodeURIComponent(code)}`)).status).toBe(400);
    }
    expect(await everything()).toBe(before);
  });

  it('a visitor may look a code up (the catalogue is public); a visitor and a clerk-less request cannot write barcodes', async () => {
    const id = insertedOf(await create({ name: 'Alpha', barcodes: ['PUB-1'] })).insertedId;
    const found = itemsOf(await request(t.app).get('/api/inventory?code=PUB-1').expect(200));
    expect(found.map((item) => item._id)).toEqual([id]);
    // What a visitor sees of the item: its fields, no author.
    expect(Object.keys(found[0]!).sort()).toEqual(
      [
        '_id',
        'barcodes',
        'createdAt',
        'description',
        'img',
        'minStock',
        'name',
        'price',
        'quantity',
        'supplier',
        'updatedAt',
        'version',
      ].sort(),
    );
    const visitor = await request(t.app)
      .post('/api/inventory')
      .send({ ...sampleItem, barcodes: ['PUB-2'] });
    expect(visitor.status).toBe(401);
    expect((await byCode('PUB-2')).ids).toEqual([]);
  });

  it('the CSV export has a barcodes column (space-separated), and an import sets, keeps and refuses them', async () => {
    const id = insertedOf(await create({ name: 'Alpha', sku: 'A-1', barcodes: ['B-1', 'B-2'] })).insertedId;
    const csv = (await request(t.app).get('/api/inventory.csv').set(auth()).expect(200)).text;
    const [header, row] = csv.trimEnd().split('\r\n');
    expect(header).toBe('id,sku,name,supplier,price,quantity,minStock,description,img,barcodes,location,version');
    expect(row).toContain(',B-1 B-2,,');
    const importCsv = (text: string) =>
      request(t.app).post('/api/imports').set(auth()).set('Content-Type', 'text/csv').send(text);
    const edited = `${header}\r\n${row!.replace(',B-1 B-2,', ',B-2 B-3,')}\r\n,N-1,Nu,Acme,1,1,0,,,C-1,,\r\n`;
    expect((await importCsv(edited)).status).toBe(200);
    expect(itemOf(await request(t.app).get(`/api/inventory/${id}`)).barcodes).toEqual(['B-2', 'B-3']);
    expect((await byCode('C-1')).total).toBe('1');
    const before = await everything();
    const taken = await importCsv(`sku,name,supplier,price,quantity,barcodes\r\nN-2,Two,Acme,1,1,B-3\r\n`);
    expect(taken.status).toBe(400);
    expect(JSON.stringify(taken.body)).toContain(`Barcode \\"B-3\\" belongs to another item: \\"Alpha\\" (${id})`);
    expect(await everything()).toBe(before);
  });
});
