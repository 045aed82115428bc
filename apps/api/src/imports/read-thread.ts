import type { Readable } from 'node:stream';
import { isNativeError } from 'node:util/types';
import type { ImportError, ImportMode } from '@smart-zone/types/imports';
import { ImportRows } from '../store/import-rows';
import { spawnThread } from '../worker-thread';
import { CompressedFileError, FileTooLargeError, ImportErrors, type ReadImport, TooManyRowsError } from './read-import';

/** What the route sends the reader's thread: a chunk of the file, or its end. */
export type ThreadMessage = Uint8Array | 'end';

/**
 * What the reader's thread answers: how many bytes of the chunks it was sent its reading took in so far (the
 * route sends no more than IN_FLIGHT_MAX past them), then once the file read (its rows packed), or why reading
 * stopped.
 */
export type ThreadRead =
  | { took: number }
  | {
      ok: true;
      file: Omit<ReadImport, 'rows' | 'errors'> & {
        batches: Uint8Array[];
        length: number;
        shown: ImportError[];
        count: number;
      };
    }
  | { ok: false; error: { name: string; message: string; maxBytes?: number; maxRows?: number } };

/**
 * Bytes sent to the thread and not yet taken in by its reading, at most: past it the body is paused until the
 * reading is back under IN_FLIGHT_RESUME. Unbounded, a client sending faster than the thread reads (tiny rows
 * are slow to parse) filled the thread's message queue with the rest of the file: a 60 MB upload was all
 * queued, +140 MB of RSS that stayed, before the thread refused it at the row limit 5 MB in.
 */
export const IN_FLIGHT_MAX = 1024 * 1024;
const IN_FLIGHT_RESUME = 256 * 1024;

/**
 * The reader's young generation, smaller than V8's default: parsing makes a flood of short-lived cells and
 * arrays, and a large young generation is RSS the server shows while a file is read. With 8 MB, reading the 200,000
 * tiny rows of the reliability suite's 60 MB upload up to its row limit peaked at +67 MB instead of +91 MB (its
 * bound: 100 MB; `pnpm test:reliability -- --only attack --items 2000`).
 */
const READER_LIMITS = { maxYoungGenerationSizeMb: 8 };

/** The error the thread's reading stopped with, as readImport threw it. */
function stopped({ name, message, maxBytes, maxRows }: Extract<ThreadRead, { ok: false }>['error']): Error {
  if (name === 'FileTooLargeError') return new FileTooLargeError(maxBytes!);
  if (name === 'TooManyRowsError') return new TooManyRowsError(maxRows!);
  if (name === 'CompressedFileError') return new CompressedFileError();
  const error = new Error(message);
  error.name = name;
  return error;
}

/**
 * readImport in a thread of its own, started for this file and ended with it (read-worker.ts): parsing
 * 100,000 rows makes ~130 MB of objects that live long enough to reach the old generation of the heap that
 * reads them, which then keeps that size (the server's RSS stayed ~60 MB higher after each dry run, issue
 * 32); a thread's heap goes back to the system when it ends. The body's chunks are sent as they arrive (up to
 * one past `maxBytes`: the thread refuses the file there), no faster than it reads them (IN_FLIGHT_MAX); the
 * server's event loop only passes them on.
 */
export function readImportInThread(
  body: Readable,
  options: { maxBytes: number; maxRows: number; mode: ImportMode },
): Promise<ReadImport> {
  const thread = spawnThread('read-worker', __dirname, options, READER_LIMITS);
  return new Promise<ReadImport>((resolve, reject) => {
    let bytes = 0;
    let taken = 0;
    let paused = false;
    const send = (chunk: Buffer) => {
      bytes += chunk.length;
      thread.postMessage(chunk satisfies ThreadMessage);
      if (bytes - taken > IN_FLIGHT_MAX && !paused) {
        paused = true;
        body.pause();
      }
      // Past the limit: the thread stops at this chunk; the rest of the upload is not passed on.
      if (bytes > options.maxBytes) finish();
    };
    // The body goes on (to its end, or to whoever reads the rest) once the thread has it all or is done.
    const unpause = () => {
      if (!paused) return;
      paused = false;
      body.resume();
    };
    const finish = () => {
      body.off('data', send).off('end', finish);
      unpause();
      thread.postMessage('end' satisfies ThreadMessage);
    };
    const fail = (error: unknown) => {
      body.off('data', send).off('end', finish);
      unpause();
      void thread.terminate();
      // As it came (a zlib error's code says what the route answers; in jest it is an Error of another realm).
      reject(isNativeError(error) ? error : new Error(String(error)));
    };
    body.on('data', send).once('end', finish).once('error', fail);
    body.once('aborted', () => fail(new Error('The upload was cut off')));
    thread.once('error', fail);
    thread.once('exit', () => fail(new Error('The file reader stopped')));
    const answered = (answer: ThreadRead) => {
      if ('took' in answer) {
        taken = answer.took;
        if (bytes - taken <= IN_FLIGHT_RESUME) unpause();
        return;
      }
      thread.off('message', answered);
      body.off('data', send).off('end', finish);
      unpause();
      void thread.terminate();
      if (!answer.ok) return reject(stopped(answer.error));
      const { batches, length, shown, count, ...rest } = answer.file;
      const errors = new ImportErrors();
      errors.shown.push(...shown);
      errors.count = count;
      resolve({
        ...rest,
        rows: ImportRows.fromBatches(
          batches.map((batch) => Buffer.from(batch)),
          length,
        ),
        errors,
      });
    };
    thread.on('message', answered);
  });
}
