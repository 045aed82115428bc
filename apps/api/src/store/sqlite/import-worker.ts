import Database from 'better-sqlite3';
import { ImportRows } from '../import-rows';
import { ImportConflictError, SkuTakenError, type Author, type ImportOptions, type ImportRow } from '../store';
import type { WriteTurns } from './write-gate';
import { inlineRunner } from './search-runner';
import { sqliteItems } from './sqlite-items';
import { sqliteLedger } from './sqlite-ledger';
import { spawnThread } from '../../worker-thread';

/**
 * The import worker (import-runner.ts): a child process with its own connection to the store's file (its
 * path the first argument), set up as the server's (every commit synced, but an import's chunks before its
 * last), that plans an import and, when asked, writes it in chunks through the same item writes and ledger
 * as every other path (import-job.ts), each chunk at a turn the server gives it. The server's feed announces
 * what it committed, as it does another process's. It ends when the server lets go of it (disconnect).
 */
const db = new Database(process.argv[2], { fileMustExist: true });
db.pragma('synchronous = FULL');
// Only the server's own commit (its group of writes) can be under way when a turn is given: short.
db.pragma('busy_timeout = 5000');
// A chunk's pages are kept in memory until its commit (the default 2 MB would spill to the WAL at once).
db.pragma('cache_size = -65536');
// The chunks' pages go from the WAL into the file by a thread of this process, beside the chunks and between
// the server's writes (checkpoint-worker.ts): not in this connection's commits (a turn would last the copy), nor
// in the server's (import-runner.ts turns their automatic checkpoint off during an import: its event loop).
db.pragma('wal_autocheckpoint = 0');
const checkpointer = spawnThread('checkpoint-worker', __dirname, { file: process.argv[2] });
checkpointer.unref();
let checkpointing = false;
checkpointer.on('message', () => (checkpointing = false));
const checkpoint = () => {
  if (checkpointing) return;
  checkpointing = true;
  checkpointer.postMessage('checkpoint');
};
const { imports } = sqliteItems(db, sqliteLedger(db), () => undefined, inlineRunner(db));

/** Each import's rows as they arrive (a packed batch per message), until the message that says who and how. */
const arriving = new Map<number, ImportRow[]>();
/** The server's answer to the turn asked for. */
let given: (() => void) | undefined;

type Message =
  | { id: number; batch: Uint8Array }
  | { id: number; turn: 'go' }
  | { id: number; by: Author; apply: boolean; options?: Partial<ImportOptions> };

const send = (message: object) => process.send?.(message);

/** Turns at the file's write lock, asked of the server; their end, told to it. */
const turns = (id: number): WriteTurns => ({
  take: () =>
    new Promise<void>((resolve) => {
      given = resolve;
      send({ id, turn: 'ask' });
    }),
  give() {
    send({ id, turn: 'done' });
    checkpoint();
  },
});

process.on('disconnect', () => {
  db.close();
  process.exit(0);
});

async function run(id: number, by: Author, apply: boolean, options?: Partial<ImportOptions>) {
  const rows = arriving.get(id) ?? [];
  arriving.delete(id);
  try {
    const value = await imports.run(rows, by, apply, options, turns(id));
    // The pages it wrote go from the WAL into the file here, not in the server's next commit (which would
    // copy them on the event loop).
    if (apply) db.pragma('wal_checkpoint(PASSIVE)');
    send({ id, ok: true, value });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (error instanceof ImportConflictError) send({ id, ok: false, message, error: 'conflict' });
    else if (error instanceof SkuTakenError) {
      const { sku, holder, field } = error;
      send({ id, ok: false, message, error: 'sku', sku: { sku, holder, field } });
    } else send({ id, ok: false, message });
  }
}

process.on('message', (message: Message) => {
  const { id } = message;
  if ('batch' in message) {
    const rows = arriving.get(id) ?? [];
    for (const row of ImportRows.unpack(message.batch)) rows.push(row);
    arriving.set(id, rows);
  } else if ('turn' in message) {
    given?.();
    given = undefined;
  } else void run(id, message.by, message.apply, message.options);
});
