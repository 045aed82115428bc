import { createHash } from 'node:crypto';
import type { Request } from 'express';
import { boundedCache, BUFFER_BYTES, OBJECT_BYTES, textBytes } from '../bounded-cache';
import type { ReadImport } from './read-import';

/** How long a dry run's reading waits for the import of the same file. */
const KEPT_MS = 10 * 60_000;
/** Readings kept at once, and their packed rows' bytes at most. */
const KEPT_MAX = 4;
const KEPT_BYTES_MAX = 64 * 1024 * 1024;

interface Kept {
  /** The body's SHA-256, as it was sent. */
  sha256: string;
  file: ReadImport;
}

/** What a reading is kept under: who sent it, how it is read, and the body's encoding and length as sent. */
const keyOf = (req: Request, uid: string, mode: string): string | null => {
  const length = req.get('content-length');
  if (length === undefined) return null;
  return [uid, mode, (req.get('content-encoding') ?? 'identity').trim().toLowerCase(), length].join('\n');
};

/**
 * A dry run's reading of a file, kept for the import of the same file that follows it (the Import page sends
 * the file twice): reading 100,000 rows takes a second. The import's body is then taken whole (its length is
 * the kept file's, at most the upload limit) and compared by SHA-256: the same bytes are the same rows; other
 * bytes are read as any file is. Kept per user, mode, encoding and length, for KEPT_MS, and bounded
 * (docs/decisions/014).
 */
export function keptFiles() {
  const kept = boundedCache<Kept>(
    {
      max: KEPT_MAX,
      maxBytes: KEPT_BYTES_MAX,
      bytesOf: ({ sha256, file }) => OBJECT_BYTES * 4 + textBytes(sha256) + file.rows.bytes + BUFFER_BYTES * 256,
    },
    { ttl: KEPT_MS },
  );
  return {
    /**
     * The body read by `read` (given the body: the request, or its chunks taken whole); a dry run's reading
     * without errors kept; a later import of the same bytes given it without reading them again.
     */
    async read(
      req: Request,
      who: { uid: string; mode: string; dryRun: boolean },
      read: (body: Request | Buffer[]) => Promise<ReadImport>,
    ): Promise<ReadImport> {
      const key = keyOf(req, who.uid, who.mode);
      const earlier = key === null ? undefined : kept.get(key);
      if (earlier && !who.dryRun) {
        const { chunks, sha256 } = await taken(req);
        if (sha256 === earlier.sha256) {
          kept.delete(key!);
          return earlier.file;
        }
        return read(chunks);
      }
      const hash = createHash('sha256');
      req.on('data', (chunk: Buffer) => hash.update(chunk));
      const file = await read(req);
      if (key !== null && who.dryRun && !file.badHeader && file.errors.count === 0) {
        kept.set(key, { sha256: hash.digest('hex'), file });
      }
      return file;
    },
  };
}

/** The request's body, whole (as it arrived), and its SHA-256. */
function taken(req: Request): Promise<{ chunks: Buffer[]; sha256: string }> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const hash = createHash('sha256');
    req.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      hash.update(chunk);
    });
    req.once('end', () => resolve({ chunks, sha256: hash.digest('hex') }));
    req.once('error', reject);
    req.once('aborted', () => reject(new Error('The upload was cut off')));
  });
}
