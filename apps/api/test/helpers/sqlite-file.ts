import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { openStore } from '../../src/store/open-store';
import type { Store } from '../../src/store/store';

/**
 * Until the event loop's next turn: the store reads another connection's commits from the turn after them
 * (store/sqlite/commit-clock.ts), as a request sent after such a commit always arrives.
 */
export { setImmediate as nextTurn } from 'node:timers/promises';

export interface SqliteFile {
  /** The store on a real SQLite file in a fresh temporary folder. */
  store: Store;
  /** A second connection to the same file: it sees only what is committed. */
  other: Database.Database;
  /** Closes both and removes the folder. */
  close(): Promise<void>;
}

export async function openSqliteFile(name: string): Promise<SqliteFile> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `smart-zone-${name}-`));
  const store = await openStore({ mongodbDb: 'unused', dataDir: dir });
  const other = new Database(path.join(dir, 'smart-zone.db'));
  return {
    store,
    other,
    async close() {
      other.close();
      await store.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
