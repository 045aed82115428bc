import bwipjs from 'bwip-js/node';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import { LABEL_LAYOUTS, type LabelCode, type LabelLayoutName } from '@smart-zone/types/labels';

/** One label as the renderer draws it: texts ready to print, and what its code says. */
export interface LabelSpec {
  name: string;
  /** As shown: `$12.50`. */
  price: string;
  /** The item's SKU, or null: no SKU line (and no Code 128). */
  sku: string | null;
  /** What the QR code says: the item's page. */
  url: string;
}

export interface LabelsJob {
  layout: LabelLayoutName;
  code: LabelCode;
  /** In print order: each copy is an entry of its own. */
  labels: LabelSpec[];
}

export interface RenderedLabels {
  pdf: Uint8Array;
  pages: number;
  /** Labels drawn with a QR code although Code 128 was asked for (no SKU, or one it cannot carry here). */
  qrFallbacks: number;
}

const PT = 72 / 25.4;
/** The narrowest bar Code 128 is drawn with (7.5 mil): narrower, common scanners and printers lose it. */
const CODE128_MIN_MODULE = 0.19 * PT;
/** The widest: a short SKU is not stretched across the label. */
const CODE128_MAX_MODULE = 0.5 * PT;
/** Code 128's quiet zone each side, in modules. */
const CODE128_QUIET = 10;
/** A QR's quiet zone inside the label, in modules (the label's padding adds to it). */
const QR_QUIET = 1;
const ELLIPSIS = '…';

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * The standard PDF fonts (Helvetica) write WinAnsi: Latin-1 and a few more. Another character would print
 * as a wrong glyph: a name that has one is set in DejaVu Sans Bold (embedded, only the glyphs used: Latin,
 * Greek, Cyrillic, Hebrew, Arabic and more), and a character that font lacks too (CJK, an emoji) prints as `?`.
 */
const WIN_ANSI_EXTRAS = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');
const inWinAnsi = (char: string) => {
  const code = char.codePointAt(0)!;
  return (code >= 0x20 && code < 0x7f) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRAS.has(char);
};
export function printable(text: string, has: (char: string) => boolean = inWinAnsi): string {
  let out = '';
  for (const char of text.normalize('NFC')) out += has(char) ? char : '?';
  return out;
}

const UNICODE_BOLD = 'DejaVuSans-Bold';
const UNICODE_BOLD_FILE = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf');

/** The glyphs of the font the document is set in now (pdfkit's embedded font: fontkit's face). */
type EmbeddedFace = { hasGlyphForCodePoint(code: number): boolean };
const faceOf = (doc: Doc) => (doc as unknown as { _font: { font?: EmbeddedFace } })._font.font;

/**
 * Sets the font a name is printed in (Helvetica Bold; DejaVu Sans Bold for a name beyond WinAnsi) and answers
 * the name as that font prints it.
 */
function nameFont(doc: Doc, name: string): string {
  const text = name.normalize('NFC');
  if ([...text].every(inWinAnsi)) {
    doc.font('Helvetica-Bold');
    return text;
  }
  doc.font(UNICODE_BOLD);
  const face = faceOf(doc);
  return printable(text, (char) => inWinAnsi(char) || (face?.hasGlyphForCodePoint(char.codePointAt(0)!) ?? false));
}

/** Every label box of a page, in reading order (left to right, top to bottom), in points. */
export function labelBoxes(layoutName: LabelLayoutName): Box[] {
  const layout = LABEL_LAYOUTS[layoutName];
  const boxes: Box[] = [];
  for (let row = 0; row < layout.rows; row++) {
    for (let column = 0; column < layout.columns; column++) {
      boxes.push({
        x: (layout.margin.left + column * layout.pitch.x) * PT,
        y: (layout.margin.top + row * layout.pitch.y) * PT,
        width: layout.label.width * PT,
        height: layout.label.height * PT,
      });
    }
  }
  return boxes;
}

type Doc = PDFKit.PDFDocument;

/** `text` cut to fit `width` at the current font, ending in an ellipsis when cut. */
function fitted(doc: Doc, text: string, width: number): string {
  if (doc.widthOfString(text) <= width) return text;
  let low = 0;
  let high = text.length;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (doc.widthOfString(text.slice(0, mid).trimEnd() + ELLIPSIS) <= width) low = mid;
    else high = mid - 1;
  }
  return text.slice(0, low).trimEnd() + ELLIPSIS;
}

/** Words wrapped greedily into lines of `width`; a word wider than a line is broken where it must. */
function wrap(doc: Doc, text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const joined = line ? `${line} ${word}` : word;
    if (doc.widthOfString(joined) <= width) {
      line = joined;
      continue;
    }
    if (line) lines.push(line);
    line = word;
    while (doc.widthOfString(line) > width && line.length > 1) {
      let cut = line.length - 1;
      while (cut > 1 && doc.widthOfString(line.slice(0, cut)) > width) cut--;
      lines.push(line.slice(0, cut));
      line = line.slice(cut);
    }
  }
  if (line) lines.push(line);
  return lines;
}

/**
 * The name (in its font: nameFont) in at most `maxLines` lines of `width`: the largest size from `size` down to `minSize` that holds
 * it whole, else the smallest with its last line cut and an ellipsis. Never wider than `width`.
 */
function nameLines(doc: Doc, asked: string, width: number, size: number, minSize: number, maxLines: number) {
  const name = nameFont(doc, asked);
  for (let at = size; at >= minSize; at -= 0.5) {
    doc.fontSize(at);
    const lines = wrap(doc, name, width);
    if (lines.length <= maxLines) return { lines, size: at };
  }
  doc.fontSize(minSize);
  const lines = wrap(doc, name, width);
  const kept = lines.slice(0, maxLines - 1);
  kept.push(fitted(doc, lines.slice(maxLines - 1).join(' '), width));
  return { lines: kept, size: minSize };
}

function textLine(doc: Doc, text: string, x: number, y: number) {
  doc.text(text, x, y, { lineBreak: false });
}

/** Dark modules as filled rectangles, one per run of a row: a vector, crisp at any printer's resolution. */
function drawMatrix(
  doc: Doc,
  pixs: ArrayLike<number>,
  pixx: number,
  pixy: number,
  x: number,
  y: number,
  module: number,
) {
  for (let row = 0; row < pixy; row++) {
    let column = 0;
    while (column < pixx) {
      if (!pixs[row * pixx + column]) {
        column++;
        continue;
      }
      const start = column;
      while (column < pixx && pixs[row * pixx + column]) column++;
      doc.rect(x + start * module, y + row * module, (column - start) * module, module);
    }
  }
  doc.fill('black');
}

/** The URL's QR code (error correction M: 15 % of it may be scuffed), as a matrix of dark (1) modules. */
function qrMatrix(url: string) {
  const { modules } = QRCode.create(url, { errorCorrectionLevel: 'M' });
  return { pixs: Array.from(modules.data), pixx: modules.size, pixy: modules.size };
}

/** The SKU's Code 128 bars and spaces (widths in modules), or null where Code 128 cannot carry it. */
function code128Widths(sku: string | null): number[] | null {
  if (!sku || !/^[\x20-\x7e]+$/.test(sku)) return null;
  try {
    const [symbol] = bwipjs.raw('code128', sku, {}) as { sbs: number[] }[];
    return symbol?.sbs ?? null;
  } catch {
    return null;
  }
}

/** Sizes of the texts for a label of this height (points): a roll's label and Avery 5160 are smaller. */
function textSizes(inner: Box) {
  const large = inner.height >= 80;
  return { name: large ? 11 : 9.5, minName: 7, price: large ? 12 : 10, sku: large ? 7.5 : 6.5 };
}

/** A QR code on the left, the name (up to 2 lines), price and SKU on its right. */
function drawQrLabel(doc: Doc, label: LabelSpec, inner: Box) {
  const { pixs, pixx, pixy } = qrMatrix(label.url);
  const module = inner.height / (pixx + 2 * QR_QUIET);
  const side = module * (pixx + 2 * QR_QUIET);
  drawMatrix(doc, pixs, pixx, pixy, inner.x + module * QR_QUIET, inner.y + module * QR_QUIET, module);
  const gap = 2 * PT;
  const text = { x: inner.x + side + gap, width: inner.width - side - gap };
  const sizes = textSizes(inner);
  const name = nameLines(doc, label.name, text.width, sizes.name, sizes.minName, 2);
  let y = inner.y + 1;
  for (const line of name.lines) {
    textLine(doc, line, text.x, y);
    y += name.size * 1.15;
  }
  y += 2;
  doc.font('Helvetica-Bold').fontSize(sizes.price);
  textLine(doc, fitted(doc, label.price, text.width), text.x, y);
  y += sizes.price * 1.2;
  if (label.sku) {
    doc.font('Helvetica').fontSize(sizes.sku);
    textLine(doc, fitted(doc, printable(`SKU ${label.sku}`), text.width), text.x, y);
  }
}

/** The name and price over the SKU's bars, the SKU under them. False when the bars would be too narrow here. */
function drawCode128Label(doc: Doc, label: LabelSpec, inner: Box, widths: number[]): boolean {
  const modules = widths.reduce((sum, width) => sum + width, 0) + 2 * CODE128_QUIET;
  const module = Math.min(inner.width / modules, CODE128_MAX_MODULE);
  if (module < CODE128_MIN_MODULE) return false;
  const sizes = textSizes(inner);
  const name = nameLines(doc, label.name, inner.width, sizes.name, sizes.minName, 1);
  let y = inner.y;
  textLine(doc, name.lines[0] ?? '', inner.x, y);
  y += name.size * 1.15;
  doc.font('Helvetica-Bold').fontSize(sizes.price);
  textLine(doc, fitted(doc, label.price, inner.width), inner.x, y);
  y += sizes.price * 1.15 + 1;
  const under = sizes.sku * 1.3;
  const barsHeight = inner.y + inner.height - under - y;
  let x = inner.x + (inner.width - modules * module) / 2 + CODE128_QUIET * module;
  widths.forEach((width, index) => {
    if (index % 2 === 0) doc.rect(x, y, width * module, barsHeight);
    x += width * module;
  });
  doc.fill('black');
  doc.font('Helvetica').fontSize(sizes.sku);
  const sku = fitted(doc, printable(label.sku ?? ''), inner.width);
  textLine(doc, sku, inner.x + (inner.width - doc.widthOfString(sku)) / 2, y + barsHeight + 1.5);
  return true;
}

/**
 * The labels as one PDF: pages of the layout's size, filled in reading order, each label's texts and code
 * inside its padding. Synchronous and CPU-bound: it runs in the label worker (label-worker.ts), never on
 * the server's event loop.
 */
export function renderLabels({ layout: layoutName, code, labels }: LabelsJob): Promise<RenderedLabels> {
  const layout = LABEL_LAYOUTS[layoutName];
  const size: [number, number] = [layout.page.width * PT, layout.page.height * PT];
  const doc = new PDFDocument({ size, margin: 0, autoFirstPage: false, info: { Title: 'Smart Zone labels' } });
  // Read and embedded only when a name needs it (nameFont).
  doc.registerFont(UNICODE_BOLD, UNICODE_BOLD_FILE);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const boxes = labelBoxes(layoutName);
  const padding = layout.padding * PT;
  let qrFallbacks = 0;
  labels.forEach((label, index) => {
    const slot = index % boxes.length;
    if (slot === 0) doc.addPage({ size, margin: 0 });
    const box = boxes[slot]!;
    const inner = {
      x: box.x + padding,
      y: box.y + padding,
      width: box.width - 2 * padding,
      height: box.height - 2 * padding,
    };
    doc.fillColor('black');
    const widths = code === 'code128' ? code128Widths(label.sku) : null;
    if (widths && drawCode128Label(doc, label, inner, widths)) return;
    if (code === 'code128') qrFallbacks++;
    drawQrLabel(doc, label, inner);
  });
  const pages = Math.ceil(labels.length / boxes.length);
  return new Promise((resolve, reject) => {
    doc.on('end', () => {
      // A copy of its own: a small Buffer may share Node's pool, which the worker could not hand over.
      resolve({ pdf: new Uint8Array(Buffer.concat(chunks)), pages, qrFallbacks });
    });
    doc.on('error', reject);
    doc.end();
  });
}
