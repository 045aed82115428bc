import type { StockMovement } from '@smart-zone/types/item';
import { type ItemStockLine, MAIN_LOCATION_ID } from '@smart-zone/types/location';
import { ImportRows } from '../src/store/import-rows';
import type { ImportRow, Store } from '../src/store/store';
import { openTestStore, TEST_STORE } from './helpers/test-store';
import { ada, bob, delivery, phone } from './helpers/store-fixtures';

/**
 * Stock per location, on every adapter (issue 34, docs/decisions/019): the item's quantity is the sum of its
 * units per location after every write, no location ever below 0; a restock or a removal at a location, a
 * transfer between two, a delivery taking from where the most are, its cancel putting them back where it took
 * them, an undo moving units back, an edit that lowers the quantity and a deletion each move the units where they
 * are, and the movements say where.
 */

const ok = <T extends { ok: boolean }>(outcome: T): Extract<T, { ok: true }> => {
  if (!outcome.ok) throw new Error(`refused: ${JSON.stringify(outcome)}`);
  return outcome as Extract<T, { ok: true }>;
};

describe(`stock per location: ${TEST_STORE}`, () => {
  let store: Store;
  let bin: string;
  let shelf: string;

  beforeEach(async () => {
    store = await openTestStore();
    const backRoom = ok(await store.locations.create({ name: 'Back room' }, ada)).location._id;
    shelf = ok(await store.locations.create({ name: 'Shelf A', parentId: backRoom }, ada)).location._id;
    bin = ok(await store.locations.create({ name: 'Bin 3', parentId: shelf }, ada)).location._id;
  });

  afterEach(async () => {
    await store.close();
  });

  const lines = async (id: string) => (await store.items.stockByLocation(id))!;
  const quantityOf = async (id: string) => (await store.items.get(id))!.quantity;
  const history = async (id: string) => (await store.items.history(id, { limit: 200, skip: 0 })).movements;

  /** The invariant: the lines add up to the quantity, none at 0 or below; and the ledger's places agree. */
  async function holdsTogether(id: string): Promise<ItemStockLine[]> {
    const now = await lines(id);
    const quantity = await quantityOf(id);
    expect(now.reduce((sum, line) => sum + line.quantity, 0)).toBe(quantity);
    for (const line of now) expect(line.quantity).toBeGreaterThan(0);
    // Σ of each location's deltas over the ledger (a movement without places: all at Main) = its units now.
    const perLocation = new Map<string, number>();
    for (const movement of (await history(id)).reverse()) {
      for (const { locationId, delta } of movement.places ?? [
        { locationId: MAIN_LOCATION_ID, delta: movement.delta },
      ]) {
        perLocation.set(locationId, (perLocation.get(locationId) ?? 0) + delta);
      }
    }
    const fromLedger = [...perLocation].filter(([, units]) => units !== 0);
    expect(new Map(fromLedger)).toEqual(new Map(now.map((line) => [line.locationId, line.quantity])));
    return now;
  }

  it('restocks into a bin and removes from it, never more than it holds; the lines name each path', async () => {
    const id = (await store.items.create(phone({ quantity: 10 }), ada))._id;
    expect(await lines(id)).toEqual([{ locationId: MAIN_LOCATION_ID, path: 'Main', quantity: 10 }]);

    const restock = ok(await store.items.changeStock(id, { delta: 5, locationId: bin }, ada));
    expect(restock.item.quantity).toBe(15);
    expect(await holdsTogether(id)).toEqual([
      { locationId: MAIN_LOCATION_ID, path: 'Main', quantity: 10 },
      { locationId: bin, path: 'Back room / Shelf A / Bin 3', quantity: 5 },
    ]);
    expect((await history(id))[0]).toMatchObject({
      reason: 'restock',
      delta: 5,
      places: [{ locationId: bin, delta: 5 }],
    });

    // More than the bin holds, though the item has 15: refused, nothing changed.
    expect(await store.items.changeStock(id, { delta: -6, locationId: bin }, ada)).toEqual({
      ok: false,
      reason: 'out_of_range',
      available: 5,
    });
    // Without a location a removal takes from Main: 11 is more than its 10.
    expect(await store.items.changeStock(id, { delta: -11 }, ada)).toEqual({
      ok: false,
      reason: 'out_of_range',
      available: 10,
    });
    // A location that is not one.
    expect(await store.items.changeStock(id, { delta: 1, locationId: 'f'.repeat(24) }, ada)).toEqual({
      ok: false,
      reason: 'location_not_found',
    });
    expect(await quantityOf(id)).toBe(15);

    ok(await store.items.changeStock(id, { delta: -5, locationId: bin, why: 'damaged' }, ada));
    // Its last unit gone, the bin's line goes too.
    expect(await holdsTogether(id)).toEqual([{ locationId: MAIN_LOCATION_ID, path: 'Main', quantity: 10 }]);
  });

  it('moves units between locations without changing the quantity, audited; refuses more than `from` holds', async () => {
    const id = (await store.items.create(phone({ quantity: 10, minStock: 3 }), ada))._id;
    const moved = ok(
      await store.items.transfer(id, { from: MAIN_LOCATION_ID, to: bin, quantity: 4, note: 'shelving' }, bob),
    );
    expect(moved.item.quantity).toBe(10);
    expect(await holdsTogether(id)).toEqual([
      { locationId: MAIN_LOCATION_ID, path: 'Main', quantity: 6 },
      { locationId: bin, path: 'Back room / Shelf A / Bin 3', quantity: 4 },
    ]);
    const [movement] = await history(id);
    expect(movement).toMatchObject({
      _id: moved.movementId,
      reason: 'transfer',
      delta: 0,
      quantityAfter: 10,
      note: 'shelving',
      places: [
        { locationId: MAIN_LOCATION_ID, delta: -4 },
        { locationId: bin, delta: 4 },
      ],
    } satisfies Partial<StockMovement>);
    const [entry] = (await store.audit.list({ action: 'stock.transfer' }, { limit: 5, skip: 0 })).entries;
    expect(entry).toMatchObject({
      action: 'stock.transfer',
      actor: { email: bob.email },
      target: { kind: 'item', id },
      changes: { location: ['Main', 'Back room / Shelf A / Bin 3'] },
    });

    expect(await store.items.transfer(id, { from: bin, to: shelf, quantity: 5 }, bob)).toEqual({
      ok: false,
      reason: 'out_of_stock',
      available: 4,
    });
    expect(await store.items.transfer(id, { from: bin, to: 'f'.repeat(24), quantity: 1 }, bob)).toEqual({
      ok: false,
      reason: 'location_not_found',
    });
    // Undone: the units go back.
    ok(await store.items.undo(moved.movementId, bob));
    expect(await holdsTogether(id)).toEqual([{ locationId: MAIN_LOCATION_ID, path: 'Main', quantity: 10 }]);
  });

  it('delivers from the locations holding the most first, across several, and refuses more than there is', async () => {
    const id = (await store.items.create(phone({ quantity: 6 }), ada))._id;
    ok(await store.items.changeStock(id, { delta: 9, locationId: bin }, ada));
    ok(await store.items.changeStock(id, { delta: 2, locationId: shelf }, ada));
    // Main 6, Bin 3 holds 9, Shelf A 2: 12 come from Bin 3 (9), then Main (3).
    ok(await store.deliveries.create(delivery(id, { quantity: 12 })));
    expect(await holdsTogether(id)).toEqual([
      { locationId: MAIN_LOCATION_ID, path: 'Main', quantity: 3 },
      { locationId: shelf, path: 'Back room / Shelf A', quantity: 2 },
    ]);
    expect((await history(id))[0]!.places).toEqual([
      { locationId: bin, delta: -9 },
      { locationId: MAIN_LOCATION_ID, delta: -3 },
    ]);
    expect(await store.deliveries.create(delivery(id, { quantity: 6 }))).toMatchObject({
      ok: false,
      reason: 'out_of_stock',
      available: 5,
    });
    // The last 5: Main's 3 (the most), then the shelf's 2.
    ok(await store.deliveries.create(delivery(id, { quantity: 5 })));
    expect(await holdsTogether(id)).toEqual([]);
  });

  it('delivers from a named location only, refusing more than it holds though the item has enough', async () => {
    const id = (await store.items.create(phone({ quantity: 6 }), ada))._id;
    ok(await store.items.changeStock(id, { delta: 2, locationId: bin }, ada));
    expect(await store.deliveries.create(delivery(id, { quantity: 3, locationId: bin }))).toEqual({
      ok: false,
      reason: 'out_of_stock',
      available: 2,
      at: 'location',
    });
    expect(await store.deliveries.create(delivery(id, { quantity: 1, locationId: 'f'.repeat(24) }))).toEqual({
      ok: false,
      reason: 'location_not_found',
    });
    ok(await store.deliveries.create(delivery(id, { quantity: 2, locationId: bin })));
    expect(await holdsTogether(id)).toEqual([{ locationId: MAIN_LOCATION_ID, path: 'Main', quantity: 6 }]);
  });

  /** The places of the item's `reason` movement of this delivery (absent: all at Main). */
  const placesOf = async (id: string, reason: 'delivery' | 'cancel', deliveryId: string) =>
    (await history(id)).find((movement) => movement.reason === reason && movement.deliveryId === deliveryId)!.places;
  /** Each place the other way. */
  const opposite = (places: StockMovement['places']) =>
    places?.map(({ locationId, delta }) => ({ locationId, delta: -delta }));

  it('a cancelled delivery puts each unit back where it took it: from a bin, and across a bin and Main', async () => {
    const id = (await store.items.create(phone({ quantity: 3 }), ada))._id;
    ok(await store.items.changeStock(id, { delta: 4, locationId: bin }, ada));
    const before = await holdsTogether(id);
    expect(before).toEqual([
      { locationId: MAIN_LOCATION_ID, path: 'Main', quantity: 3 },
      { locationId: bin, path: 'Back room / Shelf A / Bin 3', quantity: 4 },
    ]);

    // From the bin alone.
    const fromBin = ok(await store.deliveries.create(delivery(id, { quantity: 2, locationId: bin }))).delivery;
    ok(await store.deliveries.cancel(fromBin._id, ada));
    expect(await holdsTogether(id)).toEqual(before);
    expect(await placesOf(id, 'delivery', fromBin._id)).toEqual([{ locationId: bin, delta: -2 }]);
    expect(await placesOf(id, 'cancel', fromBin._id)).toEqual([{ locationId: bin, delta: 2 }]);

    // Where the most are: the bin's 4, then 1 of Main's 3.
    const across = ok(await store.deliveries.create(delivery(id, { quantity: 5 }))).delivery;
    const taken = await placesOf(id, 'delivery', across._id);
    expect(taken).toEqual([
      { locationId: bin, delta: -4 },
      { locationId: MAIN_LOCATION_ID, delta: -1 },
    ]);
    expect(await holdsTogether(id)).toEqual([{ locationId: MAIN_LOCATION_ID, path: 'Main', quantity: 2 }]);
    ok(await store.deliveries.cancel(across._id, bob));
    expect(await holdsTogether(id)).toEqual(before);
    expect(await placesOf(id, 'cancel', across._id)).toEqual(opposite(taken));
    expect(await quantityOf(id)).toBe(7);

    // A delivery all from Main keeps no places, nor does its cancel: all at Main.
    const fromMain = ok(await store.deliveries.create(delivery(id, { quantity: 1, locationId: MAIN_LOCATION_ID })));
    ok(await store.deliveries.cancel(fromMain.delivery._id, ada));
    expect(await placesOf(id, 'cancel', fromMain.delivery._id)).toBeUndefined();
    expect(await holdsTogether(id)).toEqual(before);
  });

  it('a cancel puts units back in a bin emptied since by a transfer; to Main once that bin is deleted', async () => {
    const id = (await store.items.create(phone({ quantity: 0 }), ada))._id;
    ok(await store.items.changeStock(id, { delta: 5, locationId: bin }, ada));
    const first = ok(await store.deliveries.create(delivery(id, { quantity: 2, locationId: bin }))).delivery;
    const second = ok(await store.deliveries.create(delivery(id, { quantity: 1, locationId: bin }))).delivery;
    // The bin's last 2 moved to the shelf: it holds nothing, but is still there.
    ok(await store.items.transfer(id, { from: bin, to: shelf, quantity: 2 }, ada));
    expect(await holdsTogether(id)).toEqual([{ locationId: shelf, path: 'Back room / Shelf A', quantity: 2 }]);

    ok(await store.deliveries.cancel(first._id, ada));
    expect(await holdsTogether(id)).toEqual([
      { locationId: shelf, path: 'Back room / Shelf A', quantity: 2 },
      { locationId: bin, path: 'Back room / Shelf A / Bin 3', quantity: 2 },
    ]);
    expect(await placesOf(id, 'cancel', first._id)).toEqual([{ locationId: bin, delta: 2 }]);

    // Emptied again and deleted: the other delivery's unit comes back to Main.
    ok(await store.items.transfer(id, { from: bin, to: shelf, quantity: 2 }, ada));
    expect(await store.locations.remove(bin, ada)).toMatchObject({ ok: true });
    ok(await store.deliveries.cancel(second._id, ada));
    expect(await placesOf(id, 'cancel', second._id)).toBeUndefined();
    expect(await holdsTogether(id)).toEqual([
      { locationId: MAIN_LOCATION_ID, path: 'Main', quantity: 1 },
      { locationId: shelf, path: 'Back room / Shelf A', quantity: 4 },
    ]);
    expect(await quantityOf(id)).toBe(5);
  });

  it('an undo takes units back from where they went, refused when that location no longer holds them', async () => {
    const id = (await store.items.create(phone({ quantity: 2 }), ada))._id;
    const restock = ok(await store.items.changeStock(id, { delta: 5, locationId: bin }, ada));
    ok(await store.items.transfer(id, { from: bin, to: shelf, quantity: 4 }, ada));
    // The bin holds 1 of the 5 the restock put there: its undo would take it below 0 (Main's 2 do not count).
    expect(await store.items.undo(restock.movementId, ada)).toMatchObject({
      ok: false,
      reason: 'out_of_range',
      available: 1,
    });
    const removal = ok(await store.items.changeStock(id, { delta: -3, locationId: shelf, why: 'lost' }, ada));
    ok(await store.items.undo(removal.movementId, ada));
    expect(await holdsTogether(id)).toEqual([
      { locationId: MAIN_LOCATION_ID, path: 'Main', quantity: 2 },
      { locationId: shelf, path: 'Back room / Shelf A', quantity: 4 },
      { locationId: bin, path: 'Back room / Shelf A / Bin 3', quantity: 1 },
    ]);
  });

  it('an edit that lowers the quantity takes from where the most are; a location with stock is not deleted', async () => {
    const id = (await store.items.create(phone({ quantity: 3 }), ada))._id;
    ok(await store.items.changeStock(id, { delta: 8, locationId: bin }, ada));
    ok(await store.items.update(id, phone({ quantity: 5 }), ada));
    expect(await holdsTogether(id)).toEqual([
      { locationId: MAIN_LOCATION_ID, path: 'Main', quantity: 3 },
      { locationId: bin, path: 'Back room / Shelf A / Bin 3', quantity: 2 },
    ]);
    expect(await store.locations.remove(bin, ada)).toEqual({ ok: false, reason: 'holds_stock' });
    // A deletion takes its units out of every location: the bin can go then.
    expect(await store.items.remove(id, ada)).toBe(true);
    expect(await store.items.stockByLocation(id)).toBeNull();
    expect(await store.locations.remove(bin, ada)).toMatchObject({ ok: true });
  });

  it('moves a batch of 50 lines all or none: one line short is named and nothing moves', async () => {
    const ids: string[] = [];
    for (let n = 0; n < 50; n += 1)
      ids.push((await store.items.create(phone({ name: `Part ${n}`, quantity: 3 }), ada))._id);
    const auditBefore = (await store.audit.list({}, { limit: 1, skip: 0 })).total;
    const asked = ids.map((itemId, n) => ({ itemId, quantity: n === 36 ? 4 : 2 }));
    expect(await store.items.transferMany({ to: bin, lines: asked }, bob)).toEqual({
      ok: false,
      line: 36,
      itemId: ids[36],
      refusal: { ok: false, reason: 'out_of_stock', available: 3 },
    });
    for (const id of ids)
      expect(await lines(id)).toEqual([{ locationId: MAIN_LOCATION_ID, path: 'Main', quantity: 3 }]);
    expect((await store.audit.list({}, { limit: 1, skip: 0 })).total).toBe(auditBefore);

    const moved = ok(
      await store.items.transferMany(
        { to: bin, note: 'bin 3 filled', lines: asked.map((line) => ({ ...line, quantity: 2 })) },
        bob,
      ),
    );
    expect(moved.movementIds).toHaveLength(50);
    for (const id of [ids[0]!, ids[36]!, ids[49]!]) {
      expect(await holdsTogether(id)).toEqual([
        { locationId: MAIN_LOCATION_ID, path: 'Main', quantity: 1 },
        { locationId: bin, path: 'Back room / Shelf A / Bin 3', quantity: 2 },
      ]);
    }
  });

  it('a line without `from` takes from the locations holding the most, the one it goes to aside', async () => {
    const id = (await store.items.create(phone({ quantity: 2 }), ada))._id;
    ok(await store.items.changeStock(id, { delta: 4, locationId: shelf }, ada));
    ok(await store.items.changeStock(id, { delta: 9, locationId: bin }, ada));
    // To the bin: its own 9 aside, the shelf's 4 (the most) then Main's 1.
    ok(await store.items.transferMany({ to: bin, lines: [{ itemId: id, quantity: 5 }] }, ada));
    expect(await holdsTogether(id)).toEqual([
      { locationId: MAIN_LOCATION_ID, path: 'Main', quantity: 1 },
      { locationId: bin, path: 'Back room / Shelf A / Bin 3', quantity: 14 },
    ]);
    expect(await store.items.transferMany({ to: bin, lines: [{ itemId: id, quantity: 2 }] }, ada)).toMatchObject({
      ok: false,
      refusal: { reason: 'out_of_stock', available: 1 },
    });
  });

  it('two moves racing out of one bin never take it below 0: one is refused', async () => {
    const id = (await store.items.create(phone({ quantity: 0 }), ada))._id;
    ok(await store.items.changeStock(id, { delta: 5, locationId: bin }, ada));
    const outcomes = await Promise.all([
      store.items.transfer(id, { from: bin, to: shelf, quantity: 3 }, ada),
      store.items.transferMany({ to: MAIN_LOCATION_ID, lines: [{ itemId: id, from: bin, quantity: 3 }] }, bob),
    ]);
    expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(1);
    const lines = await holdsTogether(id);
    expect(lines.find((line) => line.locationId === bin)).toEqual({
      locationId: bin,
      path: 'Back room / Shelf A / Bin 3',
      quantity: 2,
    });
  });

  it('lists what a location holds: Main what no other does, a bin its rows, `deep` its sub-locations summed', async () => {
    const kept = (await store.items.create(phone({ name: 'Kept', quantity: 4 }), ada))._id;
    const split = (await store.items.create(phone({ name: 'Split', quantity: 1 }), ada))._id;
    const none = (await store.items.create(phone({ name: 'None', quantity: 0 }), ada))._id;
    ok(await store.items.changeStock(split, { delta: 6, locationId: bin }, ada));
    ok(await store.items.changeStock(split, { delta: 2, locationId: shelf }, ada));
    ok(await store.items.transfer(split, { from: MAIN_LOCATION_ID, to: bin, quantity: 1 }, ada));
    const page = { limit: 10, skip: 0 };
    const itemsAt = async (id: string, deep = false) => (await store.locations.items(id, deep, page))!;

    expect(await itemsAt(MAIN_LOCATION_ID)).toEqual({ items: [{ itemId: kept, name: 'Kept', quantity: 4 }], total: 1 });
    expect(await itemsAt(bin)).toEqual({ items: [{ itemId: split, name: 'Split', quantity: 7 }], total: 1 });
    expect(await itemsAt(shelf)).toEqual({ items: [{ itemId: split, name: 'Split', quantity: 2 }], total: 1 });
    // The shelf and the bin inside it: the item once, 2 + 7.
    expect(await itemsAt(shelf, true)).toEqual({ items: [{ itemId: split, name: 'Split', quantity: 9 }], total: 1 });
    // Main and everything below it: every item with units, its whole quantity, in the order they were added.
    expect(await itemsAt(MAIN_LOCATION_ID, true)).toEqual({
      items: [
        { itemId: kept, name: 'Kept', quantity: 4 },
        { itemId: split, name: 'Split', quantity: 9 },
      ],
      total: 2,
    });
    expect(
      (await store.locations.items(MAIN_LOCATION_ID, true, { limit: 1, skip: 1 }))!.items.map((line) => line.itemId),
    ).toEqual([split]);
    // An item with no units is at no location.
    expect((await itemsAt(MAIN_LOCATION_ID, true)).items.map((line) => line.itemId)).not.toContain(none);
    expect(await store.locations.items('f'.repeat(24), false, page)).toBeNull();
  });

  describe('an import row’s location (the CSV `location` column)', () => {
    const PATH = 'Back room / Shelf A / Bin 3';
    const imported = (rows: ImportRow[], options: { apply: boolean; mode?: 'update' | 'receive' }) =>
      store.items.importRows(ImportRows.of(rows), { by: ada, ...options });
    const itemBySku = async (sku: string) => (await store.items.getBySku(sku))!;

    it('puts a new item’s units at the row’s location (found case aside), and a new item without one at Main', async () => {
      const outcome = await imported(
        [
          { row: 2, fields: { name: 'Cable', supplier: 'Acme', price: 1, quantity: 7, sku: 'LOC-1' }, location: PATH },
          {
            row: 3,
            fields: { name: 'Plug', supplier: 'Acme', price: 1, quantity: 4, sku: 'LOC-2' },
            location: 'back ROOM / shelf a / bin 3',
          },
          { row: 4, fields: { name: 'Fuse', supplier: 'Acme', price: 1, quantity: 2, sku: 'LOC-3' } },
        ],
        { apply: true },
      );
      expect(outcome).toMatchObject({ ok: true, report: { create: 3, newLocations: [] } });
      for (const [sku, units] of [
        ['LOC-1', 7],
        ['LOC-2', 4],
      ] as const) {
        expect(await holdsTogether((await itemBySku(sku))._id)).toEqual([
          { locationId: bin, path: PATH, quantity: units },
        ]);
      }
      expect(await holdsTogether((await itemBySku('LOC-3'))._id)).toEqual([
        { locationId: MAIN_LOCATION_ID, path: 'Main', quantity: 2 },
      ]);
    });

    it('a raise goes to the row’s location, a cut is taken there first; a receipt goes there too', async () => {
      const item = await store.items.create(phone({ quantity: 10, sku: 'LOC-9' }), bob);
      ok(await store.items.transfer(item._id, { from: MAIN_LOCATION_ID, to: shelf, quantity: 6 }, bob));
      // 10: Main 4, shelf 6. A raise to 13 at the bin: the 3 go there.
      await imported([{ row: 2, fields: { sku: 'LOC-9', quantity: 13 }, location: PATH }], { apply: true });
      expect(await holdsTogether(item._id)).toEqual(
        expect.arrayContaining([
          { locationId: MAIN_LOCATION_ID, path: 'Main', quantity: 4 },
          { locationId: shelf, path: 'Back room / Shelf A', quantity: 6 },
          { locationId: bin, path: PATH, quantity: 3 },
        ]),
      );
      // A cut of 5 named at the bin: its 3 first, then where the most are (the shelf).
      await imported([{ row: 2, fields: { sku: 'LOC-9', quantity: 8 }, location: PATH }], { apply: true });
      expect(await holdsTogether(item._id)).toEqual(
        expect.arrayContaining([
          { locationId: MAIN_LOCATION_ID, path: 'Main', quantity: 4 },
          { locationId: shelf, path: 'Back room / Shelf A', quantity: 4 },
        ]),
      );
      expect(await lines(item._id)).toHaveLength(2);
      // A delivery note's 5 received into the bin.
      await imported([{ row: 2, fields: { sku: 'LOC-9', quantity: 5 }, location: PATH }], {
        apply: true,
        mode: 'receive',
      });
      expect(await holdsTogether(item._id)).toEqual(
        expect.arrayContaining([{ locationId: bin, path: PATH, quantity: 5 }]),
      );
      expect(await quantityOf(item._id)).toBe(13);
    });

    it('a path no location has: the dry run names it, the import refuses it; a row that moves no unit ignores it', async () => {
      const rows: ImportRow[] = [
        {
          row: 2,
          fields: { name: 'Cable', supplier: 'Acme', price: 1, quantity: 7, sku: 'LOC-1' },
          location: 'Shop / Till',
        },
        {
          row: 3,
          fields: { name: 'Plug', supplier: 'Acme', price: 1, quantity: 1, sku: 'LOC-2' },
          location: 'Shop / Till',
        },
      ];
      expect(await imported(rows, { apply: false })).toMatchObject({
        ok: true,
        report: { create: 2, newLocations: ['Shop', 'Shop / Till'] },
      });
      expect(await imported(rows, { apply: true })).toEqual({
        ok: false,
        errorCount: 2,
        newLocations: ['Shop', 'Shop / Till'],
        errors: [
          { row: 2, column: 'location', message: expect.stringContaining('"Shop"') as unknown },
          { row: 2, column: 'location', message: expect.stringContaining('"Shop / Till"') as unknown },
        ],
      });
      expect(await store.items.count()).toBe(0);
      // The same quantity with another location: nothing to write, nothing moved.
      const item = await store.items.create(phone({ quantity: 3, sku: 'LOC-5' }), bob);
      expect(
        await imported([{ row: 2, fields: { sku: 'LOC-5', quantity: 3 }, location: PATH }], { apply: true }),
      ).toMatchObject({ ok: true, report: { unchanged: 1 } });
      // Nor is a location it names that no location has listed to be made (none of its units would go there).
      expect(
        await imported([{ row: 2, fields: { sku: 'LOC-5', quantity: 3, price: 2 }, location: 'Nowhere' }], {
          apply: true,
        }),
      ).toMatchObject({ ok: true, report: { update: 1, newLocations: [] } });
      expect(await lines(item._id)).toEqual([{ locationId: MAIN_LOCATION_ID, path: 'Main', quantity: 3 }]);
    });

    it('a file of several chunks puts every new item at its location, and the placements read them back', async () => {
      const rows: ImportRow[] = Array.from({ length: 1_200 }, (_, at) => ({
        row: at + 2,
        fields: { name: `Part ${at}`, supplier: 'Acme', price: 1, quantity: 2, sku: `LOC-P${at}` },
        ...(at % 2 === 0 ? { location: PATH } : {}),
      }));
      expect(await imported(rows, { apply: true })).toMatchObject({ ok: true, report: { create: 1_200 } });
      expect((await store.locations.items(bin, false, { limit: 1, skip: 0 }))!.total).toBe(600);
      const { paths, places } = await store.locations.placements();
      expect(paths.get(bin)).toBe(PATH);
      expect(paths.get(MAIN_LOCATION_ID)).toBe('Main');
      expect(places.size).toBe(600);
      expect(places.get((await itemBySku('LOC-P0'))._id)).toEqual([{ locationId: bin, quantity: 2 }]);
      expect(places.get((await itemBySku('LOC-P1'))._id)).toBeUndefined();
      await holdsTogether((await itemBySku('LOC-P1198'))._id);
    });
  });

  it('keeps an item’s default location: set, read with its path, cleared; one removed since reads as none', async () => {
    const item = await store.items.create(phone({ quantity: 1 }), bob);
    expect(await store.locations.defaultOf(item._id)).toEqual({ locationId: null, path: null });
    expect(await store.locations.defaultOf('f'.repeat(24))).toBeNull();
    expect(await store.locations.setDefault('f'.repeat(24), bin)).toBe('not_found');
    expect(await store.locations.setDefault(item._id, 'f'.repeat(24))).toBe('location_not_found');
    expect(await store.locations.setDefault(item._id, bin)).toBe('ok');
    expect(await store.locations.defaultOf(item._id)).toEqual({ locationId: bin, path: 'Back room / Shelf A / Bin 3' });
    expect((await store.items.get(item._id))!.version).toBe(item.version);
    const spare = ok(await store.locations.create({ name: 'Spare' }, ada)).location._id;
    expect(await store.locations.setDefault(item._id, spare)).toBe('ok');
    ok(await store.locations.remove(spare, ada));
    expect(await store.locations.defaultOf(item._id)).toEqual({ locationId: null, path: null });
    expect(await store.locations.setDefault(item._id, bin)).toBe('ok');
    expect(await store.locations.setDefault(item._id, null)).toBe('ok');
    expect(await store.locations.defaultOf(item._id)).toEqual({ locationId: null, path: null });
  });
});
