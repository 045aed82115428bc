import { type DBSchema, type IDBPDatabase, openDB } from 'idb';
import type { DehydratedState } from '@tanstack/react-query';

/** A change made while the network was away, waiting in this browser to be sent (outbox.ts). */
export interface OutboxEntry {
  /** Its place in the queue: entries are sent in this order. */
  id: number;
  /** Whose change it is: only they send it, and signing out asks before it is dropped. */
  uid: string;
  /** Its Idempotency-Key: however often it is sent, the server does it once. */
  key: string;
  kind: 'stock' | 'delivery' | 'cancel' | 'count-line';
  method: 'POST' | 'PUT' | 'DELETE';
  /** Under the API's base, as the API client takes it. */
  path: string;
  body?: unknown;
  /** What it does, in a person's words ("Receive 5 of Bolt"). */
  what: string;
  /** The item it changes: its page lists it as waiting. */
  itemId?: string;
  /** The body's field holding its amount, which a refusal card lets the person change ('delta', 'quantity'). */
  amountField?: string;
  queuedAt: number;
  /** The server's refusal (409 not enough stock, 403, 412…): a card the person resolves; not sent again until then. */
  refused?: { status: number; code: string; message: string };
}

/** The answers of the pages a person opened (answers.ts), theirs only, kept to be shown when offline. */
export interface KeptAnswers {
  uid: string;
  savedAt: number;
  state: DehydratedState;
}

interface OfflineSchema extends DBSchema {
  outbox: { key: number; value: OutboxEntry; indexes: { uid: string } };
  answers: { key: string; value: KeptAnswers };
}

let opened: Promise<IDBPDatabase<OfflineSchema>> | undefined;

/** This browser's offline store (IndexedDB 'smart-zone-offline'): the outbox and the kept answers. */
export function offlineDb(): Promise<IDBPDatabase<OfflineSchema>> {
  opened ??= openDB<OfflineSchema>('smart-zone-offline', 1, {
    upgrade(db) {
      db.createObjectStore('outbox', { keyPath: 'id', autoIncrement: true }).createIndex('uid', 'uid');
      db.createObjectStore('answers', { keyPath: 'uid' });
    },
  });
  return opened;
}
