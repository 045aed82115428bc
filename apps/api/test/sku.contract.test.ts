import { SkuTakenError, type Store } from '../src/store/store';
import { openTestStore, TEST_STORE } from './helpers/test-store';
import { ada, bob, phone } from './helpers/store-fixtures';

/**
 * An item's SKU, on every adapter: optional, unique among the items when set
 * (a write that would share one is refused whole, naming the item that has it,
 * also when two writes race), found by exact lookup, kept by a PUT that does
 * not name it, cleared by '' or null, and audited as any field is.
 */
describe(`SKU: ${TEST_STORE}`, () => {
  let store: Store;

  beforeEach(async () => {
    store = await openTestStore();
  });

  afterEach(async () => {
    await store.close();
  });

  const auditCount = async () => (await store.audit.list({}, { limit: 1, skip: 0 })).total;

  it('stores a SKU, answers it, and finds the item by exactly that SKU', async () => {
    const item = await store.items.create(phone({ sku: '4006381333931' }), ada);
    expect(item.sku).toBe('4006381333931');
    expect((await store.items.get(item._id))?.sku).toBe('4006381333931');
    expect((await store.items.getBySku('4006381333931'))?._id).toBe(item._id);
    expect(await store.items.getBySku('400638133393')).toBeNull();
    expect(await store.items.getBySku('4006381333931 ')).toBeNull();
    // Items without one answer no sku at all; '' and null both mean none.
    const plain = await store.items.create(phone({ name: 'Plain' }), ada);
    const blank = await store.items.create(phone({ name: 'Blank', sku: '' }), ada);
    const nulled = await store.items.create(phone({ name: 'Nulled', sku: null }), ada);
    for (const none of [plain, blank, nulled]) {
      expect(none).not.toHaveProperty('sku');
      expect(await store.items.get(none._id)).not.toHaveProperty('sku');
    }
    const listed = await store.items.list({ sort: { key: 'newest', descending: false } });
    expect(listed.map((listedItem) => listedItem.sku ?? null)).toEqual([null, null, null, '4006381333931']);
  });

  it('refuses a create with a SKU another item has, naming it, and writes nothing', async () => {
    const holder = await store.items.create(phone({ name: 'Holder', sku: 'SHELF-A1' }), ada);
    const entries = await auditCount();
    const refused = await store.items.create(phone({ name: 'Second', sku: 'SHELF-A1' }), bob).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(SkuTakenError);
    expect(refused).toMatchObject({ sku: 'SHELF-A1', holder: { id: holder._id, name: 'Holder' } });
    expect(await store.items.count()).toBe(1);
    expect(await auditCount()).toBe(entries);
  });

  it('refuses a createMany with a SKU twice in it, or one already held, all or nothing', async () => {
    await store.items.create(phone({ name: 'Holder', sku: 'B-2' }), ada);
    await expect(
      store.items.createMany([phone({ name: 'One', sku: 'A-1' }), phone({ name: 'Two', sku: 'A-1' })], ada),
    ).rejects.toBeInstanceOf(SkuTakenError);
    await expect(
      store.items.createMany([phone({ name: 'Three', sku: 'C-3' }), phone({ name: 'Four', sku: 'B-2' })], ada),
    ).rejects.toMatchObject({ sku: 'B-2', holder: { name: 'Holder' } });
    expect(await store.items.count()).toBe(1);
    expect(await store.items.getBySku('A-1')).toBeNull();
    expect(await store.items.getBySku('C-3')).toBeNull();
    // Many items without a SKU are fine: none is not a value.
    expect(await store.items.createMany([phone({ name: 'Five' }), phone({ name: 'Six', sku: '' })], ada)).toBe(2);
  });

  it("a PUT without sku keeps it, another item’s SKU is refused, and '' clears it; each change audited", async () => {
    const first = await store.items.create(phone({ name: 'First', sku: 'F-1' }), ada);
    const second = await store.items.create(phone({ name: 'Second', sku: 'S-2' }), ada);
    const { sku: _sku, ...withoutSku } = phone({ name: 'First', price: 5 });
    const kept = await store.items.update(first._id, withoutSku, ada);
    expect(kept).toMatchObject({ ok: true, changed: true, item: { sku: 'F-1', price: 5 } });

    const entries = await auditCount();
    const taken = await store.items.update(first._id, { ...withoutSku, sku: 'S-2' }, bob).catch((e: unknown) => e);
    expect(taken).toMatchObject({ sku: 'S-2', holder: { id: second._id, name: 'Second' } });
    expect((await store.items.get(first._id))?.sku).toBe('F-1');
    expect(await auditCount()).toBe(entries);

    // Its own SKU again is no change at all.
    expect(await store.items.update(first._id, { ...withoutSku, sku: 'F-1' }, ada)).toMatchObject({ changed: false });
    const renamed = await store.items.update(first._id, { ...withoutSku, sku: 'F-9' }, bob);
    expect(renamed).toMatchObject({ ok: true, item: { sku: 'F-9' } });
    const cleared = await store.items.update(first._id, { ...withoutSku, sku: '' }, bob);
    expect(cleared).toMatchObject({ ok: true, changed: true });
    expect(await store.items.get(first._id)).not.toHaveProperty('sku');
    // The freed codes are free again.
    expect((await store.items.update(second._id, { ...phone({ name: 'Second' }), sku: 'F-1' }, ada)).ok).toBe(true);

    const edits = (await store.audit.list({ itemId: first._id, action: 'item.update' }, { limit: 10, skip: 0 }))
      .entries;
    expect(edits.map((entry) => entry.changes?.sku ?? null)).toEqual([['F-9', null], ['F-1', 'F-9'], null]);
  });

  it('two creates with one SKU at once: exactly one is stored, the other refused naming it', async () => {
    for (let round = 0; round < 5; round++) {
      const sku = `RACE-${round}`;
      const outcomes = await Promise.allSettled([
        store.items.create(phone({ name: `Left ${round}`, sku }), ada),
        store.items.create(phone({ name: `Right ${round}`, sku }), bob),
      ]);
      const stored = outcomes.filter((outcome) => outcome.status === 'fulfilled');
      const refused = outcomes.filter((outcome) => outcome.status === 'rejected');
      expect(stored).toHaveLength(1);
      expect(refused).toHaveLength(1);
      const holder = await store.items.getBySku(sku);
      expect((refused[0] as PromiseRejectedResult).reason).toMatchObject({ sku, holder: { id: holder?._id } });
    }
    expect(await store.items.count()).toBe(5);
  });
});
