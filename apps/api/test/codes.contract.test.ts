import { SkuTakenError, type Store } from '../src/store/store';
import { openTestStore, TEST_STORE } from './helpers/test-store';
import { ada, bob, phone } from './helpers/store-fixtures';

/**
 * An item's codes (its SKU and barcodes), on every adapter: each code on one item, whichever field holds it
 * (refused whole, naming the holder, also when writes race, in one batch or an import), found by exact lookup,
 * let go by an edit or a deletion, and searched by a part as the name is.
 */
describe(`codes: ${TEST_STORE}`, () => {
  let store: Store;

  beforeEach(async () => {
    store = await openTestStore();
  });

  afterEach(async () => {
    await store.close();
  });

  const names = async (q: string) => (await store.items.list({ q, limit: 50 })).map((item) => item.name);

  it('finds an item by its SKU or any barcode, exactly; a barcode equal to the SKU is kept once, as the SKU', async () => {
    const item = await store.items.create(phone({ sku: 'S-1', barcodes: ['S-1', 'E-1', 'E-2'] }), ada);
    expect(item).toMatchObject({ sku: 'S-1', barcodes: ['E-1', 'E-2'] });
    for (const code of ['S-1', 'E-1', 'E-2']) expect((await store.items.getByCode(code))?._id).toBe(item._id);
    expect(await store.items.getByCode('E-')).toBeNull();
    expect(await store.items.getBySku('E-1')).toBeNull();
    expect(await store.items.get(item._id)).toEqual(item);
  });

  it('refuses a code another item holds, as SKU or barcode, in create, createMany and update: nothing written', async () => {
    const held = await store.items.create(phone({ name: 'Holder', sku: 'H-SKU', barcodes: ['H-EAN'] }), ada);
    const other = await store.items.create(phone({ name: 'Other' }), ada);
    const count = await store.items.count();
    for (const input of [
      phone({ barcodes: ['H-SKU'] }),
      phone({ sku: 'H-EAN' }),
      phone({ barcodes: ['X', 'H-EAN'] }),
    ]) {
      const refused = store.items.create(input, bob);
      await expect(refused).rejects.toThrow(SkuTakenError);
      await expect(refused).rejects.toMatchObject({ holder: { id: held._id, name: 'Holder' } });
    }
    await expect(
      store.items.createMany([phone({ name: 'A', barcodes: ['NEW-1'] }), phone({ name: 'B', sku: 'NEW-1' })], bob),
    ).rejects.toMatchObject({ sku: 'NEW-1', field: 'sku', holder: { name: 'A' } });
    await expect(
      store.items.update(other._id, phone({ name: 'Other', barcodes: ['H-SKU'] }), bob),
    ).rejects.toMatchObject({
      field: 'barcodes',
      holder: { id: held._id },
    });
    expect(await store.items.count()).toBe(count);
    expect(await store.items.getByCode('NEW-1')).toBeNull();
    expect((await store.items.get(other._id))?.version).toBe(other.version);
  });

  it('two writes giving one barcode to two items at once: one is stored, the other refused naming it', async () => {
    const results = await Promise.allSettled(
      ['Left', 'Right'].map((name) => store.items.create(phone({ name, barcodes: ['RACE-1'] }), ada)),
    );
    expect(results.map((result) => result.status).sort()).toEqual(['fulfilled', 'rejected']);
    const holder = await store.items.getByCode('RACE-1');
    const refused = results.find((result) => result.status === 'rejected') as PromiseRejectedResult;
    expect(refused.reason).toBeInstanceOf(SkuTakenError);
    expect(refused.reason).toMatchObject({ holder: { id: holder?._id } });
  });

  it('an edit or a deletion lets its codes go; an edit keeping them (barcodes absent) is no change', async () => {
    const a = await store.items.create(phone({ name: 'A', sku: 'A-1', barcodes: ['A-2'] }), ada);
    const same = await store.items.update(a._id, phone({ name: 'A' }), ada);
    expect(same).toMatchObject({ ok: true, changed: false });
    await store.items.update(a._id, phone({ name: 'A', sku: 'A-3', barcodes: ['A-1'] }), ada);
    expect((await store.items.getByCode('A-1'))?._id).toBe(a._id);
    expect(await store.items.getByCode('A-2')).toBeNull();
    await store.items.remove(a._id, ada);
    expect(await store.items.getByCode('A-3')).toBeNull();
    const b = await store.items.create(phone({ name: 'B', sku: 'A-1', barcodes: ['A-2', 'A-3'] }), ada);
    expect((await store.items.getByCode('A-2'))?._id).toBe(b._id);
  });

  it('a search finds a part of the SKU or of a barcode (1, 2, 3 and more characters), never across two codes', async () => {
    await store.items.createMany(
      [
        phone({ name: 'iPhone case', supplier: 'Spigen', sku: 'SP-IP15-BLK', barcodes: ['8809811862345'] }),
        phone({ name: 'Galaxy case', supplier: 'Spigen', sku: 'SP-S24-RED' }),
        phone({ name: 'Cable', supplier: 'Anker' }),
      ],
      ada,
    );
    expect(await names('SP-IP15')).toEqual(['iPhone case']);
    expect(await names('ip15')).toEqual(['iPhone case']);
    expect(await names('S24')).toEqual(['Galaxy case']);
    expect(await names('-')).toEqual(['iPhone case', 'Galaxy case']);
    expect(await names('8809811')).toEqual(['iPhone case']);
    expect(await names('BLK8')).toEqual([]);
    expect(await store.items.count({ q: 'sp-' })).toBe(2);
    // A code changed: the search follows.
    const [galaxy] = await store.items.list({ q: 'S24', limit: 1 });
    await store.items.update(galaxy!._id, phone({ name: 'Galaxy case', supplier: 'Spigen', sku: 'SP-S25' }), ada);
    expect(await names('S24')).toEqual([]);
    expect(await names('S25')).toEqual(['Galaxy case']);
  });
});
