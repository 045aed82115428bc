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
}

export async function openStore(options: StoreOptions): Promise<Store> {
  if (options.mongodbUri) {
    return openMongoStore(options.mongodbUri, options.mongodbDb, { allowStandalone: options.mongodbAllowStandalone });
  }
  return openSqliteStore(options.dataDir);
}
