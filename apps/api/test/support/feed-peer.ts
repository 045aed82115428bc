import readline from 'node:readline';
import type { Actor } from '@smart-zone/types/item';
import { openSqliteStore } from '../../src/store/sqlite/sqlite-store';

/**
 * A second API process on the same SQLite file, for change-feed.sqlite.test.ts:
 * `tsx feed-peer.ts <data dir>`. It opens the store as the server does,
 * prints every change its feed hears as a JSON line ({ type: 'change', change,
 * heardAt }), and runs the writes it is sent on stdin, one JSON line each
 * ({ op: 'deliver', itemId, quantity } or { op: 'restock', itemId, delta }),
 * answering { type: 'done', outcome, committedAt } once each has committed.
 * Times are epoch milliseconds with a fraction, comparable across processes.
 */
const peer: Actor = { uid: 'uid-peer', email: 'peer@example.com' };
const now = () => performance.timeOrigin + performance.now();
const say = (line: object) => process.stdout.write(`${JSON.stringify(line)}\n`);

type Command = { op: 'deliver'; itemId: string; quantity: number } | { op: 'restock'; itemId: string; delta: number };

const store = openSqliteStore(process.argv[2]!);
store.changes.subscribe((change) => say({ type: 'change', change, heardAt: now() }));

async function run(command: Command) {
  const outcome =
    command.op === 'deliver'
      ? await store.deliveries.create({
          owner: peer,
          name: 'Peer',
          inventoriesId: command.itemId,
          address: '2 Other Street',
          phone: '+44 20 7946 0001',
          quantity: command.quantity,
        })
      : await store.items.changeStock(command.itemId, { delta: command.delta }, peer);
  // The promise settles right after the commit that holds the write.
  say({ type: 'done', outcome, committedAt: now() });
}

const lines = readline.createInterface({ input: process.stdin });
let work = Promise.resolve();
lines.on('line', (line) => {
  work = work
    .then(() => run(JSON.parse(line) as Command))
    .catch((error: unknown) => {
      say({ type: 'error', message: String(error) });
    });
});
lines.on('close', () => {
  void work.then(() => store.close());
});
say({ type: 'ready' });
