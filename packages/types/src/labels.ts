/**
 * Printed labels (GET /api/labels.pdf): the sheets and rolls they are laid out for, the codes they carry,
 * and the bounds of one request. Sizes in millimetres; the API draws in PDF points (1 mm = 72 / 25.4 pt).
 * Zod-free: the web app's pages load it; the query's schema is labels-query.ts.
 */

/** A sheet (or a roll's page) and where its labels sit on it. */
export interface LabelLayout {
  /** What the print dialog calls it. */
  title: string;
  /** The page: a whole sheet, or one label of a roll. */
  page: { width: number; height: number };
  columns: number;
  rows: number;
  /** One label. */
  label: { width: number; height: number };
  /** The first label's top-left corner from the page's. */
  margin: { left: number; top: number };
  /** From one label's left (top) edge to the next one's. */
  pitch: { x: number; y: number };
  /** Kept empty inside each label's edge: printers feed and cut a little off. */
  padding: number;
}

const INCH = 25.4;

export const LABEL_LAYOUTS = {
  /**
   * A4 (210 × 297 mm), 3 × 8 labels of 70 × 37 mm that fill its width (Avery L7160-family 3 × 8 sheets,
   * e.g. 3475/3490 style): no side margin, the 1 mm left over split top and bottom.
   */
  'a4-3x8': {
    title: 'A4 sheet, 3 × 8 (70 × 37 mm)',
    page: { width: 210, height: 297 },
    columns: 3,
    rows: 8,
    label: { width: 70, height: 37 },
    margin: { left: 0, top: 0.5 },
    pitch: { x: 70, y: 37 },
    padding: 3,
  },
  /** US Letter (8.5 × 11 in), 3 × 10 labels of 2.625 × 1 in (Avery 5160): 0.5 in top, 3/16 in sides, 1/8 in gutters. */
  'letter-3x10': {
    title: 'US Letter, 3 × 10 (Avery 5160)',
    page: { width: 8.5 * INCH, height: 11 * INCH },
    columns: 3,
    rows: 10,
    label: { width: 2.625 * INCH, height: 1 * INCH },
    margin: { left: 0.1875 * INCH, top: 0.5 * INCH },
    pitch: { x: 2.75 * INCH, y: 1 * INCH },
    padding: 2,
  },
  /** A roll of 62 × 29 mm labels (Brother DK-11209): one label a page. */
  'roll-62x29': {
    title: 'Label roll, 62 × 29 mm (Brother DK-11209)',
    page: { width: 62, height: 29 },
    columns: 1,
    rows: 1,
    label: { width: 62, height: 29 },
    margin: { left: 0, top: 0 },
    pitch: { x: 62, y: 29 },
    padding: 2,
  },
} as const satisfies Record<string, LabelLayout>;

export type LabelLayoutName = keyof typeof LABEL_LAYOUTS;
export const LABEL_LAYOUT_NAMES = Object.keys(LABEL_LAYOUTS) as LabelLayoutName[];

/** `qr`: the item's page as a QR code; `code128`: its SKU as a Code 128 bar code. */
export const LABEL_CODES = ['qr', 'code128'] as const;
export type LabelCode = (typeof LABEL_CODES)[number];

/** Items in one request: their ids fit the 16 KB request line the server reads (25 characters each). */
export const LABEL_IDS_MAX = 500;
export const LABEL_COPIES_MAX = 100;
/** Labels in one PDF (items × copies). */
export const LABEL_TOTAL_MAX = 5_000;

/** Labels a page holds in a layout. */
export const labelsPerPage = (layout: LabelLayoutName) => LABEL_LAYOUTS[layout].columns * LABEL_LAYOUTS[layout].rows;

/**
 * The response header that counts the labels printed with a QR code although Code 128 was asked for: their
 * item has no SKU, or one Code 128 cannot carry (beyond ASCII) or print scannably on that label (too long).
 */
export const LABEL_QR_FALLBACK_HEADER = 'X-Labels-Qr-Fallback';
