import Database from 'better-sqlite3';
import { ImportRows } from '../import-rows';
import type { Author, ImportOptions, ImportRow } from '../store';
import { inlineRunner } from './search-runner';
import { sqliteItems } from './sqlite-items';
import { sqliteLedger } from './sqlite-ledger';

/**
 * The import worker (import-runner.ts): a child process with its own connection to
 * the store's file (its path the first argument), set up as the server's (every commit synced), that plans
 * an import and, when asked, writes it in one transaction through the same
 * item writes and ledger as every other path. The server's feed announces
 * what it committed, as it does another process's. It ends when the server lets go of it (disconnect).
 */
const db = new Database(process.argv[2], { fileMustExist: true });
db.pragma('synchronous = FULL');
db.pragma('busy_timeout = 5000');
// An import's one transaction touches many pages: kept in memory up to 64 MB until its commit, beyond it
// spilled to the WAL (the default 2 MB would spill at once). On a quiet machine 256 MB applied 100,000 new rows
// into 100,000 items in 14.1–14.4 s against 14.4–14.6 s with 64 MB: not worth the memory.
db.pragma('cache_size = -65536');
const items = sqliteItems(db, sqliteLedger(db), () => undefined, inlineRunner(db));

/** Each import's rows as they arrive (a packed batch per message), until the message that says who and how. */
const arriving = new Map<number, ImportRow[]>();

type Message =
  { id: number; batch: Uint8Array } | { id: number; by: Author; apply: boolean; options?: Partial<ImportOptions> };

const answer = (message: { id: number; ok: boolean; value?: unknown; message?: string }) => process.send?.(message);

process.on('disconnect', () => {
  db.close();
  process.exit(0);
});

process.on('message', (message: Message) => {
  const { id } = message;
  if ('batch' in message) {
    const rows = arriving.get(id) ?? [];
    for (const row of ImportRows.unpack(message.batch)) rows.push(row);
    arriving.set(id, rows);
    return;
  }
  const { by, apply, options } = message;
  const rows = arriving.get(id) ?? [];
  arriving.delete(id);
  try {
    const value = items.importRows(rows, by, apply, options);
    // The pages it wrote go from the WAL into the file here, not in the server's next commit (which would
    // copy them on the event loop).
    if (apply) db.pragma('wal_checkpoint(PASSIVE)');
    answer({ id, ok: true, value });
  } catch (error) {
    answer({ id, ok: false, message: error instanceof Error ? error.message : String(error) });
  }
});
