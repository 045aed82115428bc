// Reads labels back from a PDF as a scanner would: each page rendered by MuPDF (wasm) to pixels, each
// label's box cut out and decoded by ZXing (wasm). An ES module run in its own Node process: both
// libraries are ES modules with top-level await, which the API's jest (CommonJS) cannot load.
//
//   node decode-labels.mjs <request.json>
//   request: { pdf: path, dpi: number, boxes: [[x, y, width, height], …] (points, one page's labels),
//              png?: path prefix (writes page 1 as <prefix>-1.png) }
//   prints:  { pages: [{ width, height, text, codes: [{ format, text } | null, …] }, …] } (width, height in
//            points; text: the page's text as MuPDF extracts it)
import fs from 'node:fs';
import { createRequire } from 'node:module';
import * as mupdf from 'mupdf';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';

const require = createRequire(import.meta.url);
// The wasm from the package itself: by default ZXing would fetch it from a CDN.
prepareZXingModule({
  overrides: { wasmBinary: fs.readFileSync(require.resolve('zxing-wasm/reader/zxing_reader.wasm')).buffer },
  fireImmediately: true,
});

const request = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
const document = mupdf.Document.openDocument(fs.readFileSync(request.pdf), 'application/pdf');
const scale = request.dpi / 72;
const pages = [];
for (let index = 0; index < document.countPages(); index++) {
  const page = document.loadPage(index);
  const [x0, y0, x1, y1] = page.getBounds();
  const pixmap = page.toPixmap(mupdf.Matrix.scale(scale, scale), mupdf.ColorSpace.DeviceGray, false, true);
  if (request.png && index === 0) fs.writeFileSync(`${request.png}-1.png`, pixmap.asPNG());
  const gray = pixmap.getPixels();
  const width = pixmap.getWidth();
  const height = pixmap.getHeight();
  const codes = [];
  for (const [bx, by, bw, bh] of request.boxes) {
    const left = Math.max(0, Math.floor(bx * scale));
    const top = Math.max(0, Math.floor(by * scale));
    const w = Math.min(width - left, Math.ceil(bw * scale));
    const h = Math.min(height - top, Math.ceil(bh * scale));
    const data = new Uint8ClampedArray(w * h * 4);
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        const value = gray[(top + y) * width + left + x];
        const at = (y * w + x) * 4;
        data[at] = data[at + 1] = data[at + 2] = value;
        data[at + 3] = 255;
      }
    }
    const [found] = await readBarcodes(
      { data, width: w, height: h },
      { formats: ['QRCode', 'Code128'], tryHarder: true, maxNumberOfSymbols: 1 },
    );
    codes.push(found ? { format: found.format, text: found.text } : null);
  }
  pages.push({ width: x1 - x0, height: y1 - y0, text: page.toStructuredText().asText(), codes });
}
process.stdout.write(JSON.stringify({ pages }));
