import type { DecoderMessage, ReadCode } from './decoder-protocol';

/** The frame reader of the Scan screen: a Web Worker, so decoding never holds up the page. */
export interface Decoder {
  /** Which detector reads: the browser's own, or ZXing's wasm; rejects when neither starts. */
  ready: Promise<'native' | 'zxing'>;
  /** The codes in one video frame (the frame is handed over to the worker). */
  decode(frame: ImageBitmap): Promise<ReadCode[]>;
  /** Ends the worker; frames still waiting answer no codes. */
  close(): void;
}

export function startDecoder(): Decoder {
  const worker = new Worker(new URL('./decode-worker.ts', import.meta.url), { type: 'module', name: 'scanner' });
  const waiting = new Map<number, (codes: ReadCode[]) => void>();
  let next = 0;
  let settle!: { resolve: (engine: 'native' | 'zxing') => void; reject: (error: Error) => void };
  const ready = new Promise<'native' | 'zxing'>((resolve, reject) => {
    settle = { resolve, reject };
  });
  // Said to whoever awaits it; a screen left before it settles is not an unhandled rejection.
  ready.catch(() => undefined);
  worker.addEventListener('message', (event: MessageEvent<DecoderMessage>) => {
    const message = event.data;
    if (message.type === 'ready') settle.resolve(message.engine);
    else if (message.type === 'failed') settle.reject(new Error(message.message));
    else {
      waiting.get(message.id)?.(message.codes);
      waiting.delete(message.id);
    }
  });
  worker.addEventListener('error', (event) => settle.reject(new Error(event.message || 'the scanner did not load')));
  const answerAll = () => {
    for (const answer of waiting.values()) answer([]);
    waiting.clear();
  };
  return {
    ready,
    decode(frame) {
      const id = ++next;
      return new Promise((resolve) => {
        waiting.set(id, resolve);
        worker.postMessage({ id, frame }, [frame]);
      });
    },
    close() {
      worker.terminate();
      answerAll();
    },
  };
}
