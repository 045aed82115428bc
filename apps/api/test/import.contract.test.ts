import { Readable } from 'node:stream';
import { ITEM_CSV_COLUMNS } from '@smart-zone/types/csv';
import { IMPORT_BYTES_MAX, IMPORT_ROWS_DEFAULT, type ImportMode, type StalePolicy } from '@smart-zone/types/imports';
import type { ItemInput } from '@smart-zone/types/item';
import { csvText } from '../src/http/stream-csv';
import { readImport } from '../src/imports/read-import';
import { itemCsvRow } from '../src/inventory/inventory.service';
import type { ImportOutcome, Store } from '../src/store/store';
import { ada, bob, phone } from './helpers/store-fixtures';
import { openTestStore, TEST_STORE } from './helpers/test-store';

const anyIdMessage: unknown = expect.stringContaining('No item has the id aaaaaaaaaaaaaaaaaaaaaaaa');

/** GET /inventory.csv's text, written by the same row and CSV functions the route uses. */
async function exportCsv(store: Store): Promise<string> {
  const parts = [csvText([ITEM_CSV_COLUMNS])];
  for await (const batch of store.items.stream()) parts.push(csvText(batch.map((item) => itemCsvRow(item))));
  return parts.join('');
}

/** POST /imports's reading of a file, then the store's import of its rows. */
async function importCsv(
  store: Store,
  text: string,
  apply: boolean,
  options: { stale?: StalePolicy; mode?: ImportMode } = {},
): Promise<ImportOutcome> {
  const file = await readImport(Readable.from([Buffer.from(text)]), {
    maxBytes: IMPORT_BYTES_MAX,
    maxRows: IMPORT_ROWS_DEFAULT,
    mode: options.mode,
  });
  expect(file.errors.shown).toEqual([]);
  return store.items.importRows(file.rows, { by: { ...bob, reason: 'CSV import' }, apply, ...options });
}

const report = (outcome: ImportOutcome) => {
  if (!outcome.ok) throw new Error(`import refused: ${JSON.stringify(outcome.errors)}`);
  return outcome.report;
};

/** A CSV line's cells, by the header (the export's lines have no quoted commas in these tests). */
const lines = (text: string) => text.trimEnd().split('\r\n');

/**
 * The CSV import on every adapter: an unmodified export re-imports with no change,
 * an edited one changes exactly what was edited (quantity as an `import` movement of
 * new − current), the same file applied twice changes nothing the second time, and a
 * row in error writes nothing at all.
 */
describe(`CSV import: ${TEST_STORE}`, () => {
  let store: Store;

  beforeEach(async () => {
    store = await openTestStore();
  });

  afterEach(async () => {
    await store.close();
  });

  it('round trip at 100,000 items: 0 changes; one price, one quantity and a new row: 2 updates, 1 create; again: 0', async () => {
    const inputs: ItemInput[] = Array.from({ length: 100_000 }, (_, at) =>
      phone({
        name: `Item ${at}`,
        supplier: at % 7 === 0 ? '=Formula Supply' : 'Acme',
        price: Math.round(at * 137.31) / 100,
        quantity: at % 50,
        minStock: at % 3,
        description: at % 11 === 0 ? 'Two lines,\r\nwith "quotes"' : '',
        sku: at % 2 === 0 ? `SKU-${at}` : null,
      }),
    );
    await store.items.createMany(inputs, ada);
    const exported = await exportCsv(store);
    const rows = lines(exported);
    expect(rows[0]).toBe(ITEM_CSV_COLUMNS.join(','));

    const untouched = report(await importCsv(store, exported, false));
    expect(untouched).toEqual({
      mode: 'update',
      rows: 100_000,
      create: 0,
      update: 0,
      unchanged: 100_000,
      changes: [],
      stale: { policy: 'app', count: 0, rows: [] },
      newLocations: [],
    });

    // Item 1 (no quotes in its line): its price; item 2: its quantity; and a new row without id or SKU.
    const [one, two] = [await store.items.list({ limit: 1, skip: 1 }), await store.items.list({ limit: 1, skip: 2 })];
    const itemOne = one[0]!;
    const itemTwo = two[0]!;
    const edited = exported
      .replace(`${itemOne._id},,Item 1,Acme,${itemOne.price},`, `${itemOne._id},,Item 1,Acme,9.99,`)
      .replace(
        `${itemTwo._id},SKU-2,Item 2,Acme,${itemTwo.price},2,`,
        `${itemTwo._id},SKU-2,Item 2,Acme,${itemTwo.price},40,`,
      )
      .concat(',NEW-1,Brand new,Acme,5,3,0,,,,,\r\n');
    const dry = report(await importCsv(store, edited, false));
    expect(dry).toMatchObject({ rows: 100_001, create: 1, update: 2, unchanged: 99_998 });
    expect(dry.changes).toEqual([
      { row: 3, action: 'update', itemId: itemOne._id, name: 'Item 1', changes: { price: [itemOne.price, 9.99] } },
      { row: 4, action: 'update', itemId: itemTwo._id, name: 'Item 2', changes: { quantity: [2, 40] } },
      expect.objectContaining({ row: 100_002, action: 'create', name: 'Brand new' }),
    ]);
    // A dry run writes nothing.
    expect((await store.items.get(itemOne._id))?.price).toBe(itemOne.price);
    expect(await store.items.count()).toBe(100_000);

    const applied = report(await importCsv(store, edited, true));
    expect(applied).toMatchObject({ create: 1, update: 2, unchanged: 99_998 });
    expect((await store.items.get(itemOne._id))?.price).toBe(9.99);
    expect((await store.items.get(itemTwo._id))?.quantity).toBe(40);
    const created = await store.items.getBySku('NEW-1');
    expect(created).toMatchObject({ name: 'Brand new', quantity: 3, minStock: 0, description: '', img: '' });
    // The quantity moved as an `import` of new − current, by the importer, and the audit says why.
    const history = await store.items.history(itemTwo._id, { limit: 1, skip: 0 });
    expect(history.movements[0]).toMatchObject({ reason: 'import', delta: 38, quantityAfter: 40, actor: bob });
    const audit = await store.audit.list({ itemId: itemOne._id }, { limit: 1, skip: 0 });
    expect(audit.entries[0]).toMatchObject({
      action: 'item.update',
      reason: 'CSV import',
      changes: { price: [itemOne.price, 9.99] },
    });

    const again = report(await importCsv(store, edited.replace(',NEW-1,', ',NEW-1,'), true));
    // The new row now matches its item by SKU: nothing left to change.
    expect(again).toMatchObject({ create: 0, update: 0, unchanged: 100_001 });
    expect(await store.items.count()).toBe(100_001);
    // And the store's own export of now re-imports with no change.
    expect(report(await importCsv(store, await exportCsv(store), false))).toMatchObject({ update: 0, create: 0 });
  }, 240_000);

  it('a file without version: a quantity is new − current as the import reads it (a delivery since shows in the dry run)', async () => {
    const item = await store.items.create(phone({ quantity: 10 }), ada);
    // An export from before the version column: its rows are read as they are today.
    const exported = (await exportCsv(store)).replace(/,version\r\n/, '\r\n').replace(/,1\r\n/g, '\r\n');
    await store.deliveries.create({
      owner: ada,
      name: '',
      inventoriesId: item._id,
      address: 'x',
      phone: '1',
      quantity: 4,
    });
    // The file says 12 (it was 10 at export): the import sets 12, a movement of +6 from the 6 there now.
    const text = exported.replace(`,799,10,`, `,799,12,`);
    const dry = report(await importCsv(store, text, false));
    expect(dry.changes[0]?.changes).toEqual({ quantity: [6, 12] });
    expect(dry.stale).toEqual({ policy: 'app', count: 0, rows: [] });
    report(await importCsv(store, text, true));
    const history = await store.items.history(item._id, { limit: 1, skip: 0 });
    expect(history.movements[0]).toMatchObject({ reason: 'import', delta: 6, quantityAfter: 12 });
  });

  describe('a row whose item changed since the export (its version older) is stale', () => {
    /** Exported at 78, then 20 received in the app (98); the file changes only the price. */
    async function receivedSinceExport() {
      const item = await store.items.create(phone({ name: 'USB-C Cable', quantity: 78, sku: 'CABLE' }), ada);
      const exported = await exportCsv(store);
      await store.items.changeStock(item._id, { delta: 20 }, ada);
      const text = exported.replace(`,CABLE,USB-C Cable,Google,799,78,`, `,CABLE,USB-C Cable,Google,9.5,78,`);
      expect(text).not.toBe(exported);
      return { item, text, before: await exportCsv(store) };
    }

    it("by default keeps the app's quantity and takes the file's other fields", async () => {
      const { item, text } = await receivedSinceExport();
      const dry = report(await importCsv(store, text, false));
      expect(dry.changes).toEqual([
        { row: 2, action: 'update', itemId: item._id, name: 'USB-C Cable', changes: { price: [799, 9.5] } },
      ]);
      expect(dry.stale).toEqual({
        policy: 'app',
        count: 1,
        rows: [
          {
            row: 2,
            itemId: item._id,
            name: 'USB-C Cable',
            fileVersion: 1,
            version: 2,
            quantity: { file: 78, app: 98, kept: 98 },
            since: [],
          },
        ],
      });
      report(await importCsv(store, text, true));
      expect(await store.items.get(item._id)).toMatchObject({ quantity: 98, price: 9.5 });
      // No quantity movement: the receipt's is the last.
      const history = await store.items.history(item._id, { limit: 1, skip: 0 });
      expect(history.movements[0]).toMatchObject({ reason: 'restock', delta: 20, quantityAfter: 98 });
    });

    it("stale=file takes the file's quantity too (a stocktake)", async () => {
      const { item, text } = await receivedSinceExport();
      const applied = report(await importCsv(store, text, true, { stale: 'file' }));
      expect(applied.stale).toMatchObject({
        policy: 'file',
        count: 1,
        rows: [{ quantity: { file: 78, app: 98, kept: 78 } }],
      });
      expect(await store.items.get(item._id)).toMatchObject({ quantity: 78, price: 9.5 });
      const history = await store.items.history(item._id, { limit: 1, skip: 0 });
      expect(history.movements[0]).toMatchObject({ reason: 'import', delta: -20, quantityAfter: 78 });
    });

    it('stale=refuse imports nothing while any row is stale, naming the rows', async () => {
      const { text, before } = await receivedSinceExport();
      const withNewRow = `${text},,Fine new row,Acme,1,1,0,,,,,\r\n`;
      const outcome = await importCsv(store, withNewRow, true, { stale: 'refuse' });
      expect(outcome).toMatchObject({
        ok: false,
        errorCount: 1,
        errors: [
          { row: 2, column: 'version', message: '"USB-C Cable" changed in the app since the file was exported' },
        ],
        stale: { policy: 'refuse', count: 1 },
      });
      expect(await exportCsv(store)).toBe(before);
    });
  });

  describe('receive mode: a delivery note adds its quantities, each a restock', () => {
    it('by SKU or name: before → after in the dry run, restock movements and audit entries when applied', async () => {
      const cable = await store.items.create(phone({ name: 'USB-C Cable', quantity: 5, sku: 'CABLE' }), ada);
      const case_ = await store.items.create(phone({ name: 'Phone case', quantity: 0 }), ada);
      const note = 'SKU,Item name,Qty,Unit cost\r\nCABLE,,20,1.10\r\n,Phone case,12,3\r\n';
      const dry = report(await importCsv(store, note, false, { mode: 'receive' }));
      expect(dry).toMatchObject({ mode: 'receive', rows: 2, create: 0, update: 2, unchanged: 0 });
      expect(dry.changes).toEqual([
        { row: 2, action: 'update', itemId: cable._id, name: 'USB-C Cable', changes: { quantity: [5, 25] } },
        { row: 3, action: 'update', itemId: case_._id, name: 'Phone case', changes: { quantity: [0, 12] } },
      ]);
      expect((await store.items.get(cable._id))?.quantity).toBe(5);
      report(await importCsv(store, note, true, { mode: 'receive' }));
      expect((await store.items.get(cable._id))?.quantity).toBe(25);
      expect((await store.items.get(case_._id))?.quantity).toBe(12);
      const history = await store.items.history(cable._id, { limit: 1, skip: 0 });
      expect(history.movements[0]).toMatchObject({ reason: 'restock', delta: 20, quantityAfter: 25, actor: bob });
      const audit = await store.audit.list({ itemId: case_._id }, { limit: 1, skip: 0 });
      expect(audit.entries[0]).toMatchObject({ action: 'stock.restock', changes: { quantity: [0, 12] } });
      // The same note again adds again: a receipt is not a stocktake.
      report(await importCsv(store, note, true, { mode: 'receive' }));
      expect((await store.items.get(cable._id))?.quantity).toBe(45);
    });

    it('an unknown SKU is an error and nothing is received', async () => {
      await store.items.create(phone({ name: 'USB-C Cable', quantity: 5, sku: 'CABLE' }), ada);
      const before = await exportCsv(store);
      const note = 'sku,quantity\r\nCABLE,20\r\nNOPE-1,3\r\n';
      const outcome = await importCsv(store, note, true, { mode: 'receive' });
      expect(outcome).toMatchObject({ ok: false, errorCount: 1, errors: [{ row: 3, column: 'sku' }] });
      expect(await exportCsv(store)).toBe(before);
    });
  });

  it('refuses, writing nothing: an id no item has, a SKU of another item, one item twice, a SKU twice', async () => {
    const held = await store.items.create(phone({ name: 'Holder', sku: 'HELD' }), ada);
    const other = await store.items.create(phone({ name: 'Other' }), ada);
    const before = await exportCsv(store);
    const header = ITEM_CSV_COLUMNS.filter((column) => !['version', 'barcodes', 'location'].includes(column)).join(',');
    const file = [
      header,
      `aaaaaaaaaaaaaaaaaaaaaaaa,,Ghost,Acme,1,1,0,,`,
      `${other._id},HELD,Other,Google,799,10,0,A phone.,/images/pixel-9.svg`,
      `,DUP,First,Acme,1,1,0,,`,
      `,DUP,Second,Acme,1,1,0,,`,
      `${held._id},HELD,Holder,Google,1,1,0,,`,
      `,HELD,Holder again,Google,1,1,0,,`,
      `,,Fine new row,Acme,1,1,0,,`,
    ].join('\r\n');
    const outcome = await importCsv(store, file, true);
    expect(outcome).toEqual({
      ok: false,
      errorCount: 4,
      errors: [
        { row: 2, column: 'id', message: anyIdMessage },
        { row: 3, column: 'sku', message: `SKU "HELD" belongs to another item: "Holder" (${held._id})` },
        { row: 5, column: 'sku', message: 'SKU "DUP" is on row 4 too: a SKU names one item' },
        { row: 7, column: 'sku', message: 'Row 6 is about the same item: one row per item' },
      ],
    });
    expect(await exportCsv(store)).toBe(before);
  });
});
