import type { ItemInput } from '@smart-zone/types/item';
import type { ItemListOptions, Store } from '../src/store/store';
import { openTestStore, TEST_STORE } from './helpers/test-store';
import { ada, staff } from './helpers/store-fixtures';

/**
 * The stock filters and the shortfall sort (ItemFilter.stock, sort
 * `shortfall`), on both stores, checked against a reference computed here from
 * the items themselves: low = a reorder point is set and the quantity is at or
 * below it; out = quantity 0; shortfall = minStock − quantity, largest first,
 * equal ones newest first (reversed by `-shortfall`). Every write path that
 * moves quantity or reorder point is taken first, so an adapter that keeps
 * derived fields (MongoDB) must have kept them in step.
 */
const item = (name: string, quantity: number, minStock: number, supplier = 'Acme'): ItemInput => ({
  name,
  supplier,
  price: 1,
  quantity,
  description: '',
  img: '',
  minStock,
});

describe(`stock filters and the shortfall sort: ${TEST_STORE}`, () => {
  let store: Store;

  beforeEach(async () => {
    store = await openTestStore();
  });

  afterEach(() => store.close());

  /** A catalogue touched by every write path, in creation order (the list's default order). */
  async function catalogue(): Promise<string[]> {
    await store.items.createMany(
      [
        item('Alpha', 10, 0),
        item('Bravo', 3, 5),
        item('Charlie', 0, 0),
        item('Delta', 0, 4, 'Zeta'),
        item('Echo', 7, 7),
        item('Foxtrot', 9, 2),
      ],
      staff,
    );
    const golf = await store.items.create(item('Golf', 12, 6), staff);
    const hotel = await store.items.create(item('Hotel', 2, 0, 'Zeta'), staff);
    const india = await store.items.create(item('India', 5, 1), staff);
    const juliet = await store.items.create(item('Juliet', 4, 9), staff);
    // Golf: 12 → 6 by a removal (low); Hotel: a PUT raises its reorder point to 3 (low); India: a PUT
    // without minStock keeps 1, quantity 1 (low); Juliet: delivered to 0 (out), then one back by a cancel.
    await store.items.changeStock(golf._id, { delta: -6 }, staff);
    await store.items.update(hotel._id, item('Hotel', 2, 3, 'Zeta'), staff);
    const { minStock: _kept, ...withoutMin } = item('India', 1, 0);
    await store.items.update(india._id, withoutMin, staff);
    const deliver = (quantity: number) =>
      store.deliveries.create({ owner: ada, name: '', inventoriesId: juliet._id, address: 'a', phone: '1', quantity });
    await deliver(3);
    const last = await deliver(1);
    if (!last.ok) throw new Error('the delivery was refused');
    await store.deliveries.cancel(last.delivery._id, ada);
    // Foxtrot: 9 → 11 by a restock; then Echo's reorder point lowered to 6 (no longer low).
    const all = await store.items.list();
    const byName = new Map(all.map((one) => [one.name, one]));
    await store.items.changeStock(byName.get('Foxtrot')!._id, { delta: 2 }, staff);
    await store.items.update(byName.get('Echo')!._id, item('Echo', 7, 6), staff);
    return (await store.items.list()).map((one) => one.name);
  }

  const names = async (options: ItemListOptions) => (await store.items.list(options)).map((one) => one.name);
  const streamed = async (options: ItemListOptions) => {
    const out: string[] = [];
    for await (const batch of store.items.stream(options)) out.push(...batch.map((one) => one.name));
    return out;
  };

  it('low and out match the items’ own quantity and reorder point, after every write path', async () => {
    const order = await catalogue();
    const items = await store.items.list();
    const low = items.filter((one) => one.minStock > 0 && one.quantity <= one.minStock).map((one) => one.name);
    const out = items.filter((one) => one.quantity === 0).map((one) => one.name);
    expect(low).toEqual(['Bravo', 'Delta', 'Golf', 'Hotel', 'India', 'Juliet']);
    expect(out).toEqual(['Charlie', 'Delta']);
    expect(order).toHaveLength(10);

    expect(await names({ stock: 'low' })).toEqual(low);
    expect(await store.items.count({ stock: 'low' })).toBe(low.length);
    expect(await names({ stock: 'out' })).toEqual(out);
    expect(await store.items.count({ stock: 'out' })).toBe(out.length);
    expect(await streamed({ stock: 'low' })).toEqual(low);
    expect(await names({ stock: 'low', limit: 2, skip: 1 })).toEqual(low.slice(1, 3));
    expect(await names({ stock: 'low', sort: { key: 'newest', descending: false } })).toEqual([...low].reverse());
  });

  it('combines with search and every sort', async () => {
    await catalogue();
    expect(await names({ stock: 'low', q: 'zeta' })).toEqual(['Delta', 'Hotel']);
    expect(await store.items.count({ stock: 'low', q: 'zeta' })).toBe(2);
    expect(await names({ stock: 'out', q: 'zeta' })).toEqual(['Delta']);
    expect(await names({ stock: 'low', sort: { key: 'name', descending: true } })).toEqual([
      'Juliet',
      'India',
      'Hotel',
      'Golf',
      'Delta',
      'Bravo',
    ]);
    expect(await names({ stock: 'low', sort: { key: 'quantity', descending: false } })).toEqual([
      'Delta',
      'India',
      'Juliet',
      'Hotel',
      'Bravo',
      'Golf',
    ]);
  });

  it('shortfall: largest first, equal ones newest first; -shortfall the reverse; over every item or the low ones', async () => {
    await catalogue();
    const items = await store.items.list();
    const creation = new Map(items.map((one, at) => [one.name, at]));
    const reference = [...items]
      .sort(
        (a, b) => b.minStock - b.quantity - (a.minStock - a.quantity) || creation.get(b.name)! - creation.get(a.name)!,
      )
      .map((one) => one.name);
    const shortfall = { key: 'shortfall', descending: false } as const;
    expect(await names({ sort: shortfall })).toEqual(reference);
    expect(await names({ sort: { ...shortfall, descending: true } })).toEqual([...reference].reverse());
    const low = new Set(await names({ stock: 'low' }));
    expect(await names({ stock: 'low', sort: shortfall })).toEqual(reference.filter((name) => low.has(name)));
    expect(await streamed({ stock: 'low', sort: shortfall })).toEqual(reference.filter((name) => low.has(name)));
    expect(await names({ stock: 'low', sort: shortfall, q: 'zeta' })).toEqual(
      reference.filter((name) => low.has(name) && (name === 'Delta' || name === 'Hotel')),
    );
  });
});
