import { mkdirSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { createAccessTokens } from '../src/auth/access-token';
import { expect } from '../bench/http';
import { JWT_SECRET, startServer, type Server } from './server';

export interface CrashRound {
  round: number;
  /** How long the burst ran before kill -9. */
  killedAfterMs: number;
  ackedDeliveries: number;
  ackedRestocks: number;
  /** Writes sent but never answered (in flight at the kill): either outcome is allowed. */
  unanswered: number;
  /** Answers other than the success status (e.g. 429, 409): refused, so nothing to survive. */
  refused: number;
  /** Acknowledged writes (this round's and every earlier one's) missing from the file after the kill. */
  missing: string[];
  /** Items whose quantity is not the sum of their movements. */
  ledgerMismatches: string[];
  integrity: string;
  /** After the restart, the API reads what the file holds. */
  apiAgrees: boolean;
}

const ROUNDS = 3;
const WRITERS = 8;
const ITEMS = 10;
const START_QUANTITY = 500_000;
const USER = { email: 'crash-staff@example.com', uid: 'crash-staff', verified: true };

interface Acks {
  deliveries: Map<string, { item: string; quantity: number }>;
  restocks: Map<string, { item: string; delta: number }>;
}

/**
 * kill -9 of the API in the middle of a burst of deliveries and restocks from
 * several connections, three times. After each kill the SQLite file itself is
 * checked: every write the client saw acknowledged is there, every item's
 * quantity is the sum of its movements, and `PRAGMA integrity_check` is ok.
 */
export async function runCrash(workDir: string, progress: (message: string) => void): Promise<CrashRound[]> {
  const dataDir = path.join(workDir, 'crash-data');
  mkdirSync(dataDir);
  const logFile = path.join(workDir, 'crash-server.log');
  const token = createAccessTokens(JWT_SECRET, 3600).sign(USER);
  const acks: Acks = { deliveries: new Map(), restocks: new Map() };
  const rounds: CrashRound[] = [];

  let server: Server = await startServer(dataDir, logFile);
  const items: string[] = [];
  for (let i = 1; i <= ITEMS; i += 1) {
    const created = await expect<{ insertedId: string }>(201, `${server.base}/api/inventory`, {
      method: 'POST',
      token,
      body: {
        name: `Crash ${i}`,
        supplier: 'Reliability',
        price: 1,
        quantity: START_QUANTITY,
        description: '',
        img: '',
      },
    });
    items.push(created.body.insertedId);
  }
  try {
    for (let round = 1; round <= ROUNDS; round += 1) {
      const killAfterMs = 1500 + Math.floor(Math.random() * 1500);
      progress(`crash: round ${round} of ${ROUNDS}, ${WRITERS} writers, kill -9 after ${killAfterMs} ms…`);
      const counts = { unanswered: 0, refused: 0, acked: { deliveries: 0, restocks: 0 } };
      const live = { on: true };
      const writers = Array.from({ length: WRITERS }, (_, writer) =>
        writeUntilGone(server.base, token, items, round, writer, acks, counts, live),
      );
      const started = Date.now();
      await new Promise((resolve) => setTimeout(resolve, killAfterMs));
      await server.kill();
      live.on = false;
      await Promise.all(writers);
      const check = checkFile(path.join(dataDir, 'smart-zone.db'), acks);
      server = await startServer(dataDir, logFile);
      const apiAgrees = await sameAsFile(server.base, path.join(dataDir, 'smart-zone.db'), items);
      rounds.push({
        round,
        killedAfterMs: Date.now() - started,
        ackedDeliveries: counts.acked.deliveries,
        ackedRestocks: counts.acked.restocks,
        unanswered: counts.unanswered,
        refused: counts.refused,
        ...check,
        apiAgrees,
      });
    }
  } finally {
    await server.stop();
  }
  return rounds;
}

/** One connection's worth of writes, one after another, until the server is gone. */
async function writeUntilGone(
  base: string,
  token: string,
  items: string[],
  round: number,
  writer: number,
  acks: Acks,
  counts: { unanswered: number; refused: number; acked: { deliveries: number; restocks: number } },
  live: { on: boolean },
): Promise<void> {
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  for (let n = 0; live.on; n += 1) {
    const item = items[(writer + n) % items.length]!;
    const amount = 1 + (n % 3);
    const delivery = n % 2 === 0;
    const note = `r${round} w${writer} #${n}`;
    try {
      if (delivery) {
        const response = await fetch(`${base}/api/myitem`, {
          method: 'POST',
          headers,
          body: JSON.stringify({
            email: USER.email,
            inventory: 'Crash',
            inventoriesId: item,
            address: '1 Crash Street',
            phone: '+1 555 0100',
            quantity: amount,
          }),
        });
        const body = (await response.json()) as { insertedId?: string };
        if (response.status === 201 && body.insertedId) {
          acks.deliveries.set(body.insertedId, { item, quantity: amount });
          counts.acked.deliveries += 1;
        } else counts.refused += 1;
      } else {
        const response = await fetch(`${base}/api/inventory/${item}/stock`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ delta: amount, note }),
        });
        await response.arrayBuffer();
        if (response.status === 200) {
          acks.restocks.set(note, { item, delta: amount });
          counts.acked.restocks += 1;
        } else counts.refused += 1;
      }
    } catch {
      // Connection refused or reset: the server is gone, the write may or may not have landed.
      counts.unanswered += 1;
      return;
    }
  }
}

function checkFile(file: string, acks: Acks): Pick<CrashRound, 'missing' | 'ledgerMismatches' | 'integrity'> {
  // Read-write, as the server opens it: the first opener after a crash replays the WAL.
  const db = new Database(file);
  try {
    const integrity = (db.pragma('integrity_check') as { integrity_check: string }[])
      .map((row) => row.integrity_check)
      .join('; ');
    const ledgerMismatches = db
      .prepare<[], { id: string; quantity: number; ledger: number }>(
        `SELECT i.id, i.quantity, COALESCE(SUM(m.delta), 0) AS ledger
           FROM items i LEFT JOIN movements m ON m.item_id = i.id
          GROUP BY i.id HAVING i.quantity <> ledger`,
      )
      .all()
      .map((row) => `${row.id}: quantity ${row.quantity}, movements add up to ${row.ledger}`);
    const missing: string[] = [];
    const delivery = db.prepare<[string], { inventories_id: string; quantity: number; cancelled_at: string | null }>(
      'SELECT inventories_id, quantity, cancelled_at FROM deliveries WHERE id = ?',
    );
    for (const [id, ack] of acks.deliveries) {
      const row = delivery.get(id);
      if (!row || row.inventories_id !== ack.item || row.quantity !== ack.quantity || row.cancelled_at !== null) {
        missing.push(
          `delivery ${id} (${ack.quantity} of ${ack.item}): ${row ? JSON.stringify(row) : 'not in the file'}`,
        );
      }
    }
    const restock = db.prepare<[string], { item_id: string; delta: number }>(
      "SELECT item_id, delta FROM movements WHERE reason = 'restock' AND note = ?",
    );
    for (const [note, ack] of acks.restocks) {
      const rows = restock.all(note);
      if (rows.length !== 1 || rows[0]!.item_id !== ack.item || rows[0]!.delta !== ack.delta) {
        missing.push(`restock "${note}" (+${ack.delta} on ${ack.item}): ${rows.length} movements`);
      }
    }
    return { missing, ledgerMismatches, integrity };
  } finally {
    db.close();
  }
}

/** The restarted API answers each item's quantity as the file holds it. */
async function sameAsFile(base: string, file: string, items: string[]): Promise<boolean> {
  const db = new Database(file, { readonly: true });
  try {
    const quantity = db.prepare<[string], { quantity: number }>('SELECT quantity FROM items WHERE id = ?');
    for (const id of items) {
      const { body } = await expect<{ quantity: number }>(200, `${base}/api/inventory/${id}`);
      if (body.quantity !== quantity.get(id)?.quantity) return false;
    }
    return true;
  } finally {
    db.close();
  }
}
