/**
 * One import upload over a raw socket, for the upload generators (uploads.ts,
 * held-uploads.ts): the body (a header, then tiny rows `a,b,1,1`) is made as
 * it is sent, 64 KB at a time, at full speed or at a pace, and can pause. The
 * answer is read as it comes, while the body is still going out: the status
 * line's time and the body bytes written by then are what the checks need.
 * Once the answer has come, nothing more is sent, unless the plan says
 * `sendAll`.
 */
import { connect } from 'node:net';
import type { UploadOutcome, UploadPlan } from './protocol';

const HEADER = Buffer.from('name,supplier,price,quantity\n');
const ROW = 'a,b,1,1\n';
const CHUNK = Buffer.from(ROW.repeat(8192));
/** Enough of an answer to read its status, headers and error body. */
const ANSWER_BYTES_KEPT = 64 * 1024;

/** The rows after the header that make a body of at most `bytes`. */
export const rowsFor = (bytes: number) => Math.floor((bytes - HEADER.length) / ROW.length);
export const bodyBytes = (rows: number) => HEADER.length + rows * ROW.length;

export interface Upload {
  /** The outcome, once the answer is read, the socket is gone or the upload is cut off. */
  done: Promise<UploadOutcome>;
  /** The status line has come. */
  readonly answered: boolean;
  /** Sends the rest (after a pause), at `bytesPerSecond` or at full speed. */
  resume(bytesPerSecond?: number): void;
  /** Cuts the upload off (the outcome's `error` says why). */
  abort(reason: string): void;
}

/** The upload's outcome, cutting it off after `ms` (the outcome's error: `timeout`). */
export async function within(upload: Upload, ms: number): Promise<UploadOutcome> {
  const cut = setTimeout(() => upload.abort('timeout'), ms);
  const outcome = await upload.done;
  clearTimeout(cut);
  return outcome;
}

/** Starts an upload; it sends `pauseAt` body bytes and waits for resume() when `pauseAt` is given. */
export function startUpload(plan: UploadPlan, pace: { pauseAt?: number; bytesPerSecond?: number } = {}): Upload {
  const total = bodyBytes(plan.rows);
  const length = plan.length ?? total;
  const socket = connect({ host: '127.0.0.1', port: plan.port });
  const started = performance.now();
  const outcome: UploadOutcome = { status: null, bodyBytesSent: 0, ms: 0 };
  let pauseAt = pace.pauseAt;
  let bytesPerSecond = pace.bytesPerSecond;
  let paceFrom = { at: started, sent: 0 };
  let resumed: (() => void) | undefined;
  let finished = false;
  let answer = Buffer.alloc(0);
  let answerLength: number | undefined;
  let answerRead = false;
  let bodySent = false;
  let resolveDone!: (outcome: UploadOutcome) => void;
  const done = new Promise<UploadOutcome>((resolve) => (resolveDone = resolve));

  const finish = () => {
    if (finished) return;
    finished = true;
    outcome.ms = Math.round(performance.now() - started);
    const body = answerLength === undefined ? undefined : answer.subarray(answer.indexOf('\r\n\r\n') + 4);
    try {
      outcome.code = (JSON.parse(body?.toString('utf8') ?? '') as { error?: { code?: string } }).error?.code;
    } catch {
      // Not the error shape (or cut off): the status says enough.
    }
    resumed?.();
    socket.destroy();
    resolveDone(outcome);
  };

  const finishIfDone = () => {
    if (answerRead && (bodySent || !plan.sendAll)) finish();
  };

  socket.on('data', (chunk: Buffer) => {
    if (answer.length < ANSWER_BYTES_KEPT) answer = Buffer.concat([answer, chunk]);
    if (outcome.status === null) {
      const status = /^HTTP\/1\.[01] (\d{3})/.exec(answer.toString('latin1'))?.[1];
      if (!status) return;
      outcome.status = Number(status);
      outcome.msToStatus = Math.round(performance.now() - started);
      outcome.bodyBytesAtStatus = outcome.bodyBytesSent;
    }
    const headEnd = answer.indexOf('\r\n\r\n');
    if (headEnd < 0) return;
    const head = answer.subarray(0, headEnd).toString('latin1');
    outcome.retryAfter ??= /^retry-after:\s*(.*)$/im.exec(head)?.[1]?.trim();
    answerLength ??= Number(/^content-length:\s*(\d+)$/im.exec(head)?.[1] ?? Infinity);
    if (answer.length - headEnd - 4 >= answerLength) {
      answerRead = true;
      finishIfDone();
    }
  });
  socket.on('error', (error: NodeJS.ErrnoException) => {
    outcome.error ??= error.code ?? error.message;
  });
  socket.on('close', finish);

  const write = async (piece: Buffer | string) => {
    if (socket.write(piece)) return;
    await new Promise<void>((resolve) => {
      const go = () => {
        socket.off('drain', go);
        socket.off('close', go);
        resolve();
      };
      socket.on('drain', go);
      socket.on('close', go);
    });
  };
  const sending = () => !finished && (outcome.status === null || plan.sendAll === true);

  void (async () => {
    await new Promise<void>((resolve) => {
      socket.once('connect', resolve);
      socket.once('close', resolve);
    });
    if (!sending()) return;
    const framing = length === 'chunked' ? 'Transfer-Encoding: chunked' : `Content-Length: ${length}`;
    await write(
      `POST ${plan.path} HTTP/1.1\r\nHost: 127.0.0.1:${plan.port}\r\nAuthorization: Bearer ${plan.token}\r\n` +
        `Content-Type: text/csv\r\n${framing}\r\n\r\n`,
    );
    let sent = 0;
    while (sent < total && sending()) {
      if (pauseAt !== undefined && sent >= pauseAt) {
        await new Promise<void>((resolve) => (resumed = resolve));
        continue;
      }
      let piece = sent === 0 ? HEADER : CHUNK;
      const room = Math.min(total, pauseAt ?? total) - sent;
      if (piece.length > room) piece = piece.subarray(0, room);
      if (length === 'chunked') await write(`${piece.length.toString(16)}\r\n`);
      await write(piece);
      if (length === 'chunked') await write('\r\n');
      sent += piece.length;
      outcome.bodyBytesSent = sent;
      if (bytesPerSecond) {
        const due = paceFrom.at + ((sent - paceFrom.sent) / bytesPerSecond) * 1000;
        const wait = due - performance.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      }
    }
    if (length === 'chunked' && sending()) await write('0\r\n\r\n');
    bodySent = sent === total;
    finishIfDone();
  })();

  return {
    done,
    get answered() {
      return outcome.status !== null;
    },
    resume(rate) {
      pauseAt = undefined;
      bytesPerSecond = rate;
      paceFrom = { at: performance.now(), sent: outcome.bodyBytesSent };
      resumed?.();
    },
    abort(reason) {
      outcome.error ??= reason;
      finish();
    },
  };
}
