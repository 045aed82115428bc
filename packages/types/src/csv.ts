/**
 * The item CSV, both directions (issue 21): the export writes these columns in
 * this order, and the import reads a file by this header. Zod-free: the web
 * app shows the header on its Import page. `barcodes`: an item's other codes, separated by spaces (a
 * barcode holds none: barcodeSchema), e.g. `0012345678905 ACME-778`.
 */
export const ITEM_CSV_COLUMNS = [
  'id',
  'sku',
  'name',
  'supplier',
  'price',
  'quantity',
  'minStock',
  'description',
  'img',
  'barcodes',
  'location',
  'version',
] as const;
/** How the `barcodes` cell separates an item's codes: a space (a barcode holds none). */
export const BARCODES_SEPARATOR = ' ';

export type ItemCsvColumn = (typeof ITEM_CSV_COLUMNS)[number];

/**
 * Other names a file from elsewhere (a spreadsheet of one's own, another app's
 * export: Sortly, inFlow…) gives the columns, each read as the column it
 * names. A header is matched without case, spaces, dashes or underscores
 * (`Min Level`, `min_level` and `minlevel` are one), so these are written so.
 */
export const ITEM_CSV_ALIASES: Readonly<Record<Exclude<ItemCsvColumn, 'id' | 'version'>, readonly string[]>> = {
  sku: ['sku', 'barcode', 'code', 'ean', 'upc'],
  barcodes: ['barcodes', 'codes', 'eans', 'upcs', 'otherbarcodes'],
  name: ['name', 'itemname', 'item', 'product', 'productname', 'title'],
  supplier: ['supplier', 'vendor', 'brand', 'manufacturer'],
  price: ['price', 'unitprice', 'cost', 'unitcost'],
  quantity: ['quantity', 'qty', 'stock', 'onhand', 'count'],
  minStock: ['minstock', 'minlevel', 'reorderpoint', 'reorderlevel', 'minquantity', 'min'],
  description: ['description', 'notes', 'note', 'details'],
  img: ['img', 'image', 'imageurl', 'photo', 'photourl', 'picture'],
  location: ['location', 'bin', 'shelf', 'place', 'storagelocation', 'binlocation', 'folder', 'position'],
};

/** A header cell as headers are matched: lower case, without spaces, dashes, underscores or dots. */
export const headerKey = (cell: string): string => cell.toLowerCase().replace(/[\s_\-.]/g, '');

/** The column a header cell names (its own name, or an alias), or undefined for one the import does not read. */
export function columnOf(cell: string): ItemCsvColumn | undefined {
  const key = headerKey(cell);
  if (key === 'id' || key === 'version') return key;
  for (const [column, aliases] of Object.entries(ITEM_CSV_ALIASES)) {
    if (aliases.includes(key)) return column as ItemCsvColumn;
  }
  return undefined;
}

/** The import template: the header an export writes (less id, barcodes and version) and one example row. */
export const IMPORT_TEMPLATE_ROWS: readonly (readonly (string | number)[])[] = [
  ['sku', 'name', 'supplier', 'price', 'quantity', 'minStock', 'description', 'img', 'location'],
  ['4006381333931', 'USB-C Cable', 'Acme', 12.5, 40, 10, '1 m, braided', '', 'Back room / Shelf A'],
];

/**
 * The `location` cell (issue 34): where an item's units are, as the export writes it. Empty: all at Main (or
 * none). One location holding them all: its path ("Back room / Shelf A / Bin 3"). Several: each path with its
 * units, the most first, `; ` between ("Back room / Shelf A / Bin 3 (5); Main (3)"). An import reads the first
 * path as where the row's added units go (a new item's stock, a raise, a receipt) and a lowered quantity is
 * taken from first; it moves nothing by itself.
 */
export const PLACES_SEPARATOR = '; ';

/** An item's places as its `location` cell: `lines` (path, units), Main's among them, most first. */
export function locationCell(lines: readonly { path: string; quantity: number }[], mainPath: string): string {
  const held = lines.filter((line) => line.quantity > 0);
  if (held.length === 0 || (held.length === 1 && held[0]!.path === mainPath)) return '';
  if (held.length === 1) return held[0]!.path;
  return held.map(({ path, quantity }) => `${path} (${quantity})`).join(PLACES_SEPARATOR);
}

/**
 * The path a `location` cell names for an import: its first place, the units the export wrote after it taken
 * off, each name trimmed and its spaces collapsed, " / " between them; undefined for an empty cell. A name of
 * the path may end in "(n)" only when the cell has one place.
 */
export function pathInCell(cell: string): string | undefined {
  const several = cell.includes(PLACES_SEPARATOR);
  const first = several ? cell.slice(0, cell.indexOf(PLACES_SEPARATOR)).replace(/\s*\(\d+\)\s*$/, '') : cell;
  const names = first.split('/').map((name) => name.trim().replace(/\s+/g, ' '));
  if (names.every((name) => name === '')) return undefined;
  return names.join(' / ');
}

/**
 * A text a spreadsheet would take for a formula: it starts with = + - @, a tab
 * or a carriage return, after any apostrophes already there.
 */
const FORMULA = /^'*[=+\-@\t\r]/;

/**
 * Text as a CSV cell: a would-be formula gets one more leading apostrophe, as
 * OWASP advises against CSV injection (Excel and LibreOffice show the text as
 * it is). Counting the apostrophes already there makes it reversible:
 * `restored(neutralised(text)) === text` for every text.
 */
export const neutralised = (text: string): string => (FORMULA.test(text) ? `'${text}` : text);

/** A cell's text as it was before `neutralised`: one leading apostrophe off a would-be formula. */
export const restored = (cell: string): string => (cell.startsWith("'") && FORMULA.test(cell) ? cell.slice(1) : cell);
