/**
 * What the Scan screen reads, in the Barcode Detection API's names: a shop's product codes (EAN-13/8,
 * UPC-A/E), shipping and shelf codes (Code 128, Code 39), and our own labels' QR codes, plus DataMatrix.
 */
export const SCAN_FORMATS = [
  'ean_13',
  'ean_8',
  'upc_a',
  'upc_e',
  'code_128',
  'code_39',
  'qr_code',
  'data_matrix',
] as const;

/** A code read in a frame: its text and its kind. */
export interface ReadCode {
  value: string;
  format: string;
}

/** To the worker: a video frame to read (transferred, closed there). */
export interface FrameRequest {
  id: number;
  frame: ImageBitmap;
}

/** From the worker: ready (the browser's own detector, or ZXing's wasm), failed to start, or a frame's codes. */
export type DecoderMessage =
  | { type: 'ready'; engine: 'native' | 'zxing' }
  | { type: 'failed'; message: string }
  | { type: 'codes'; id: number; codes: ReadCode[] };
