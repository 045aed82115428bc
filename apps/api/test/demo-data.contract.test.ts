import { SYSTEM_ACTOR } from '@smart-zone/types/item';
import type { Store } from '../src/store/store';
import { demoItems } from '../src/store/demo-items';
import { openTestStore, TEST_STORE } from './helpers/test-store';
import { ada, delivery, phone } from './helpers/store-fixtures';

/**
 * "Start with an empty warehouse" on every adapter (issue 36): while only the first run's demo items are there,
 * the owner deletes them all at once, each deletion in the ledger and the audit; once a person moved stock or
 * made a delivery, it is a shop's own data and nothing is cleared.
 */
describe(`the demo data: ${TEST_STORE}`, () => {
  let store: Store;

  beforeEach(async () => {
    store = await openTestStore();
  });

  afterEach(async () => {
    await store.close();
  });

  const owner = { ...ada, reason: 'Start with an empty warehouse' };

  it('an empty store is not the demo; the seeded one is, and clearing it deletes every item, each audited', async () => {
    expect(await store.items.demoOnly()).toBe(false);
    expect(await store.items.emptyDemo(owner)).toEqual({ ok: false, reason: 'not_demo' });
    expect(await store.seedOnce(demoItems)).toBe(true);
    expect(await store.items.demoOnly()).toBe(true);
    expect(await store.items.emptyDemo(owner)).toEqual({ ok: true, removed: demoItems.length });
    expect(await store.items.count()).toBe(0);
    const { entries, total } = await store.audit.list({ action: 'item.delete' }, { limit: 100, skip: 0 });
    expect(total).toBe(demoItems.length);
    expect(entries.every((entry) => entry.actor.email === ada.email && entry.reason === owner.reason)).toBe(true);
    // Nothing left to clear: not the demo any more, and the seed never comes back.
    expect(await store.items.demoOnly()).toBe(false);
    expect(await store.seedOnce(demoItems)).toBe(false);
  });

  it('a restock by a person, or a delivery, makes it a shop: nothing is cleared', async () => {
    await store.seedOnce(demoItems);
    const [first] = await store.items.list({ limit: 1 });
    // The system's own writes keep it the demo (an item it adds).
    await store.items.create(phone({ name: 'Also demo' }), SYSTEM_ACTOR);
    expect(await store.items.demoOnly()).toBe(true);
    const restocked = await store.items.changeStock(first!._id, { delta: 1 }, ada);
    expect(restocked.ok).toBe(true);
    expect(await store.items.demoOnly()).toBe(false);
    expect(await store.items.emptyDemo(owner)).toEqual({ ok: false, reason: 'not_demo' });
    expect(await store.items.count()).toBe(demoItems.length + 1);
  });

  it('a delivery alone makes it a shop too', async () => {
    await store.seedOnce(demoItems);
    const [first] = await store.items.list({ limit: 1 });
    expect((await store.deliveries.create(delivery(first!._id, { quantity: 1 }))).ok).toBe(true);
    expect(await store.items.demoOnly()).toBe(false);
    expect(await store.items.emptyDemo(owner)).toEqual({ ok: false, reason: 'not_demo' });
  });
});
