/**
 * The item CSV, both directions (issue 21): the export writes these columns in
 * this order, and the import reads a file by this header. Zod-free: the web
 * app shows the header on its Import page.
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
] as const;
export type ItemCsvColumn = (typeof ITEM_CSV_COLUMNS)[number];

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
