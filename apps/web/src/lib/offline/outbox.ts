import { ApiError, type ApiClient, newIdempotencyKey } from '../api-client';
import { type OutboxEntry, offlineDb } from './db';
import { QUEUED, type Queued } from './queued';

export type { OutboxEntry } from './db';

type NewEntry = Omit<OutboxEntry, 'id' | 'key' | 'queuedAt' | 'refused'>;

/** Other tabs of this browser hear that the outbox changed (and read it again). */
const CHANNEL = 'smart-zone-outbox';
let channel: BroadcastChannel | undefined;
const listeners = new Set<() => void>();
/** The signed-in person's entries in queue order, as last read; empty until first read. */
let snapshot: readonly OutboxEntry[] = [];
let snapshotUid: string | undefined;

function changed() {
  channel?.postMessage('changed');
  return reload();
}

async function reload() {
  const uid = snapshotUid;
  if (!uid) return;
  const entries = await (await offlineDb()).getAllFromIndex('outbox', 'uid', uid);
  if (uid !== snapshotUid) return;
  const next = entries.sort((a, b) => a.id - b.id);
  // Told only when something changed: a listener re-reads on every notice.
  if (JSON.stringify(next) === JSON.stringify(snapshot)) return;
  snapshot = next;
  listeners.forEach((listener) => listener());
}

/** Reads `uid`'s outbox and keeps it read as it changes, here or in another tab (useSyncExternalStore's subscribe). */
export function watchOutbox(uid: string, listener: () => void): () => void {
  if (snapshotUid !== uid) {
    snapshotUid = uid;
    snapshot = [];
  }
  if (!channel && typeof BroadcastChannel !== 'undefined') {
    channel = new BroadcastChannel(CHANNEL);
    channel.onmessage = () => void reload();
  }
  listeners.add(listener);
  void reload();
  return () => {
    listeners.delete(listener);
    // The last one gone (signed out, a test's end): the channel closes.
    if (!listeners.size) {
      channel?.close();
      channel = undefined;
    }
  };
}

export const outboxSnapshot = (): readonly OutboxEntry[] => snapshot;

/** `uid`'s entries, read from the store (not the snapshot): the sign-out asks whether any are waiting. */
export async function outboxOf(uid: string): Promise<OutboxEntry[]> {
  return (await offlineDb()).getAllFromIndex('outbox', 'uid', uid);
}

async function enqueue(entry: NewEntry, key: string) {
  const db = await offlineDb();
  await db.add('outbox', { ...entry, key, queuedAt: Date.now() } as OutboxEntry);
  await changed();
}

/**
 * A stock move, a delivery, a cancel or a count line: sent now when it can be, else kept in the outbox with its
 * Idempotency-Key and sent later (flushOutbox), in order. It waits when the browser is offline, when changes made
 * earlier still wait (they go first), or when its request fails on the network (the server may have done it: the
 * same key makes the resend a replay). A refusal by the server is thrown, as from any request.
 */
export async function sendOrQueue<T>(api: ApiClient, entry: NewEntry): Promise<T | Queued> {
  const key = newIdempotencyKey();
  // A browser without a usable IndexedDB (a private window of some) sends as if there were no outbox.
  const waiting = (await outboxOf(entry.uid).catch(() => [])).some((one) => !one.refused);
  if (!navigator.onLine || waiting) {
    await enqueue(entry, key).catch(() =>
      Promise.reject(new ApiError(0, 'network', 'This browser cannot keep the change offline. Try again online.')),
    );
    return QUEUED;
  }
  try {
    return await api.request<T>(entry.path, {
      method: entry.method,
      body: entry.body,
      auth: true,
      idempotencyKey: key,
    });
  } catch (error) {
    if (!(error instanceof ApiError) || error.code !== 'network') throw error;
    // Not kept (no IndexedDB): the network error is what the person hears.
    await enqueue(entry, key).catch(() => Promise.reject(error));
    return QUEUED;
  }
}

/** Whether an answer means "not now" (send again later) rather than "no" (a card the person resolves). */
const notNow = (error: ApiError) =>
  error.code === 'network' ||
  error.status === 401 ||
  error.status === 429 ||
  error.status >= 500 ||
  error.code === 'idempotency_in_flight';

let flushing: Promise<number> | undefined;

/**
 * Sends `uid`'s waiting entries in queue order, each with its own key; one tab of the browser at a time (a Web
 * Lock). A sent entry leaves the outbox; one refused becomes a card (`refused`) and the rest go on; a network
 * failure, a 5xx, a 429 or a missing sign-in stops the run, to go on at the next one. Resolves how many were sent.
 */
export function flushOutbox(api: ApiClient, uid: string): Promise<number> {
  const run = async () => {
    const db = await offlineDb();
    let sent = 0;
    for (;;) {
      const next = (await db.getAllFromIndex('outbox', 'uid', uid)).sort((a, b) => a.id - b.id).find((e) => !e.refused);
      if (!next) return sent;
      try {
        await api.request(next.path, { method: next.method, body: next.body, auth: true, idempotencyKey: next.key });
        await db.delete('outbox', next.id);
        sent += 1;
      } catch (error) {
        if (!(error instanceof ApiError) || notNow(error)) return sent;
        const { status, code, message } = error;
        await db.put('outbox', { ...next, refused: { status, code, message } });
      } finally {
        await changed();
      }
    }
  };
  const locks = navigator.locks as LockManager | undefined;
  const running: Promise<number> =
    flushing ??
    (locks ? locks.request(CHANNEL, run).then((sent) => sent) : run()).finally(() => (flushing = undefined));
  flushing = running;
  return running;
}

/** A refused entry sent again (with a new key: the old one's answer is the refusal), its amount changed or not. */
export async function retryEntry(entry: OutboxEntry, amount?: number) {
  const old = entry.body as Record<string, unknown> | undefined;
  const field = entry.amountField;
  // A removal's amount is negative: the person types how many, the sign stays.
  const body =
    amount !== undefined && field && old ? { ...old, [field]: Number(old[field]) < 0 ? -amount : amount } : old;
  const { refused: _refused, ...rest } = entry;
  await (await offlineDb()).put('outbox', { ...rest, body, key: newIdempotencyKey() });
  await changed();
}

/** Drops one entry (a refusal the person discards). */
export async function discardEntry(id: number) {
  await (await offlineDb()).delete('outbox', id);
  await changed();
}

/** Drops every entry of `uid` (signing out, when the person said so). */
export async function discardAll(uid: string) {
  const db = await offlineDb();
  const tx = db.transaction('outbox', 'readwrite');
  for (const id of await tx.store.index('uid').getAllKeys(uid)) await tx.store.delete(id);
  await tx.done;
  await changed();
}
