import { openMongoStore } from './mongo/mongo-store';
import { openSqliteStore } from './sqlite/sqlite-store';
import type { Store } from './store';

export interface StoreOptions {
  /** Set → MongoDB; unset → the embedded SQLite store. */
  mongodbUri?: string;
  mongodbDb: string;
  /** MONGODB_ALLOW_STANDALONE: run on a standalone mongod without transactions (see mongo-store.ts). */
  mongodbAllowStandalone?: boolean;
  /** Folder for smart-zone.db, or ':memory:' for a private in-memory store. */
  dataDir: string;
  /**
   * SQLite only, for `pnpm seed`: commits are not each synced to disk (WAL with synchronous NORMAL), so
   * a million writes take minutes, not hours; a power cut while seeding may lose the seed's last writes,
   * never the file. The server never sets it.
   */
  bulkLoad?: boolean;
}

export async function openStore(options: StoreOptions): Promise<Store> {
  if (options.mongodbUri) {
    return openMongoStore(options.mongodbUri, options.mongodbDb, { allowStandalone: options.mongodbAllowStandalone });
  }
  return openSqliteStore(options.dataDir, { synchronous: options.bulkLoad ? 'NORMAL' : 'FULL' });
}
