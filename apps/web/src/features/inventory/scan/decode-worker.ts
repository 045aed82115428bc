import wasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';
import { type DecoderMessage, type FrameRequest, type ReadCode, SCAN_FORMATS } from './decoder-protocol';

/** What both the browser's BarcodeDetector and the polyfill's offer. */
interface Detector {
  detect(image: ImageBitmap): Promise<{ rawValue: string; format: string }[]>;
}
interface DetectorClass {
  new (options: { formats: string[] }): Detector;
  getSupportedFormats(): Promise<readonly string[]>;
}

const send = (message: DecoderMessage) => postMessage(message);

/** The browser's own BarcodeDetector, when it has one here that reads every format we want. */
async function nativeDetector(): Promise<Detector | null> {
  const Native = (globalThis as { BarcodeDetector?: DetectorClass }).BarcodeDetector;
  if (!Native) return null;
  try {
    const supported = await Native.getSupportedFormats();
    if (!SCAN_FORMATS.every((format) => supported.includes(format))) return null;
    return new Native({ formats: [...SCAN_FORMATS] });
  } catch {
    return null;
  }
}

/**
 * The barcode-detector polyfill over ZXing's WebAssembly, loaded only where the browser has no detector of
 * its own. Its .wasm is the one our build emitted beside the scripts (served by our server, cached for a
 * year): never the polyfill's default, a CDN the content-security policy refuses anyway.
 */
async function zxingDetector(): Promise<Detector> {
  const { BarcodeDetector, prepareZXingModule } = await import('barcode-detector/ponyfill');
  const wasm = new URL(wasmUrl, self.location.href).href;
  await prepareZXingModule({
    overrides: { locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasm : prefix + path) },
    fireImmediately: true,
  });
  return new BarcodeDetector({ formats: [...SCAN_FORMATS] });
}

/** Started as soon as the worker is: the wasm compiles while the camera starts. */
const detector: Promise<Detector> = nativeDetector()
  .then(async (native) => {
    const chosen = native ?? (await zxingDetector());
    send({ type: 'ready', engine: native ? 'native' : 'zxing' });
    return chosen;
  })
  .catch((error: unknown) => {
    send({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
    throw error;
  });

/** Each frame the Scan screen sends: its codes (none when the frame has none or cannot be read). */
addEventListener('message', (event: MessageEvent<FrameRequest>) => {
  const { id, frame } = event.data;
  void (async () => {
    let codes: ReadCode[] = [];
    try {
      const found = await (await detector).detect(frame);
      codes = found.map(({ rawValue, format }) => ({ value: rawValue, format }));
    } catch {
      // A frame that cannot be read (or no detector): no codes in it.
    } finally {
      frame.close();
    }
    send({ type: 'codes', id, codes });
  })();
});
