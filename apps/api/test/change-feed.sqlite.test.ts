import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';
import type { DeliveryOutcome, StockOutcome, StoreChange } from '../src/store/store';
import { openSqliteFile, type SqliteFile } from './helpers/sqlite-file';
import { ada, delivery, phone, staff } from './helpers/store-fixtures';

/**
 * The change feed on a real SQLite file: a change is announced only once it
 * is committed (another connection already sees it), never for a write that
 * rolled back, and a second process on the same file hears our commits (and
 * we hear its) within 1 s, once each.
 */

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const now = () => performance.timeOrigin + performance.now();

let file: SqliteFile;
beforeEach(async () => {
  file = await openSqliteFile('change-feed');
});
afterEach(() => file.close());

/** What another connection to the file sees of the item: only what is committed. */
const committedVersion = (id: string) =>
  (file.other.prepare('SELECT version FROM items WHERE id = ?').get(id) as { version: number } | undefined)?.version ??
  null;
const committedCount = (table: 'movements' | 'alerts' | 'changes', id: string) =>
  (file.other.prepare(`SELECT COUNT(*) AS n FROM ${table} WHERE item_id = ?`).get(id) as { n: number }).n;

describe('after commit', () => {
  it('on every path, when a change is heard another connection already sees the version it names', async () => {
    const { store } = file;
    const heard: { change: StoreChange; committed: number | null }[] = [];
    store.changes.subscribe((change) => heard.push({ change, committed: committedVersion(change.itemId) }));

    const item = await store.items.create(phone({ quantity: 5, minStock: 2 }), staff);
    await store.items.changeStock(item._id, { delta: 2 }, staff);
    await store.items.update(item._id, phone({ quantity: 6, minStock: 2 }), staff);
    await store.items.update(item._id, phone({ name: 'Pixel 9a', quantity: 6, minStock: 2 }), staff);
    const sent = await store.deliveries.create(delivery(item._id, { quantity: 4 }));
    if (!sent.ok) throw new Error('the delivery was refused');
    await store.deliveries.cancel(sent.delivery._id, ada);
    await store.items.remove(item._id, staff);

    expect(heard.map(({ change }) => change.cause)).toEqual([
      'created',
      'restock',
      'edit',
      'updated',
      'delivery',
      'cancel',
      'deleted',
    ]);
    // Heard before each write's promise resolved (SQLite announces right after its commit), and after that commit.
    for (const { change, committed } of heard) expect(committed).toBe(change.version);
  });
});

describe('nothing for a write that rolled back', () => {
  it('a group-commit batch member whose delivery row breaks a CHECK rolls back alone: only the others are heard', async () => {
    const { store } = file;
    const item = await store.items.create(phone({ quantity: 10 }), staff);
    const heard: StoreChange[] = [];
    store.changes.subscribe((change) => heard.push(change));

    // The port takes a delivery of 0 (the route refuses it before): the stock update runs, the row's CHECK fails.
    const results = await Promise.allSettled([
      store.deliveries.create(delivery(item._id, { quantity: 1 })),
      store.deliveries.create(delivery(item._id, { quantity: 0 })),
      store.deliveries.create(delivery(item._id, { quantity: 2 })),
    ]);

    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(String((results[1] as PromiseRejectedResult).reason)).toMatch(/CHECK constraint failed/);
    await sleep(50);
    expect(heard.map((change) => [change.cause, change.quantity, change.version])).toEqual([
      ['delivery', 9, 2],
      ['delivery', 7, 3],
    ]);
    expect(committedVersion(item._id)).toBe(3);
  });

  it('a member that fails after its movement, alert and change rows were written: none of them is committed or heard', async () => {
    const { store, other } = file;
    const item = await store.items.create(phone({ quantity: 5, minStock: 1 }), staff);
    const heard: StoreChange[] = [];
    store.changes.subscribe((change) => heard.push(change));
    // Fires once the change row of a delivery that empties the item is in: the savepoint then holds all three rows.
    other.exec(`CREATE TRIGGER refuse_out AFTER INSERT ON changes WHEN NEW.cause = 'delivery' AND NEW.quantity = 0
                BEGIN SELECT RAISE(ABORT, 'forced failure after the change row'); END`);

    const results = await Promise.allSettled([
      store.deliveries.create(delivery(item._id, { quantity: 2 })),
      store.deliveries.create(delivery(item._id, { quantity: 3 })),
      store.deliveries.create(delivery(item._id, { quantity: 1 })),
    ]);

    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(String((results[1] as PromiseRejectedResult).reason)).toMatch(/forced failure after the change row/);
    await sleep(50);
    // 5 → 3, (3 → 0 rolled back with its `out` alert), 3 → 2: never low (reorder point 1).
    expect(heard.map((change) => [change.cause, change.quantity, change.alert])).toEqual([
      ['delivery', 3, undefined],
      ['delivery', 2, undefined],
    ]);
    expect([committedCount('movements', item._id), committedCount('alerts', item._id)]).toEqual([3, 0]);
    expect(committedCount('changes', item._id)).toBe(3);
    expect((await store.alerts.list({ limit: 10, skip: 0 })).total).toBe(0);
  });

  it('a batch that fails as a whole is not heard at all; the next write is heard once', async () => {
    const { store, other } = file;
    const item = await store.items.create(phone({ quantity: 3, minStock: 1 }), staff);
    const heard: StoreChange[] = [];
    store.changes.subscribe((change) => heard.push(change));
    // The batch's last statement before COMMIT is its one revision bump: after every member's rows.
    other.exec(`CREATE TRIGGER fail_batch BEFORE UPDATE ON meta WHEN NEW.key = 'catalogue_revision'
                BEGIN SELECT RAISE(ABORT, 'forced batch failure'); END`);

    const results = await Promise.allSettled(
      Array.from({ length: 3 }, () => store.deliveries.create(delivery(item._id))),
    );
    expect(results.every((result) => result.status === 'rejected')).toBe(true);
    await sleep(50);
    expect(heard).toEqual([]);
    expect(committedCount('changes', item._id)).toBe(1);
    expect((await store.alerts.list({ limit: 10, skip: 0 })).total).toBe(0);

    other.exec('DROP TRIGGER fail_batch');
    const outcome = await store.deliveries.create(delivery(item._id));
    expect(outcome.ok).toBe(true);
    await sleep(50);
    expect(heard.map((change) => [change.cause, change.quantity, change.version])).toEqual([['delivery', 2, 2]]);
  });
});

/** A second API process on the same file (test/support/feed-peer.ts), spoken to in JSON lines. */
interface Peer {
  lines: { type: string; [key: string]: unknown }[];
  send(command: object): void;
  /** The first line from `from` on that matches, waited for up to `ms`. */
  waitFor<T>(match: (line: Peer['lines'][number]) => boolean, ms: number, from?: number): Promise<T>;
  stop(): Promise<void>;
}

function startPeer(dataDir: string): Peer {
  const apiDir = path.join(__dirname, '..');
  const child: ChildProcessWithoutNullStreams = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(__dirname, 'support/feed-peer.ts'), dataDir],
    { cwd: apiDir, stdio: 'pipe' },
  );
  const lines: Peer['lines'] = [];
  let errors = '';
  readline.createInterface({ input: child.stdout }).on('line', (line) => lines.push(JSON.parse(line) as never));
  child.stderr.on('data', (chunk) => (errors += String(chunk)));
  return {
    lines,
    send: (command) => child.stdin.write(`${JSON.stringify(command)}\n`),
    async waitFor<T>(match: (line: Peer['lines'][number]) => boolean, ms: number, from = 0): Promise<T> {
      const deadline = Date.now() + ms;
      for (;;) {
        const found = lines.slice(from).find(match);
        if (found) return found as T;
        if (child.exitCode !== null || Date.now() > deadline) {
          throw new Error(`The peer did not say it within ${ms} ms. It said:\n${JSON.stringify(lines)}\n${errors}`);
        }
        await sleep(5);
      }
    },
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.stdin.end();
      }),
  };
}

describe('two processes on one file', () => {
  /** Each round is a delivery and a restock, each way. */
  const ROUNDS = 3;
  let peer: Peer;
  afterEach(() => peer.stop());

  it('each hears the other’s commits within 1 s, exactly once', async () => {
    const { store } = file;
    const dataDir = path.dirname(file.other.name);
    const item = await store.items.create(phone({ quantity: 20, minStock: 2 }), staff);
    const heard: { change: StoreChange; heardAt: number }[] = [];
    store.changes.subscribe((change) => heard.push({ change, heardAt: now() }));
    peer = startPeer(dataDir);
    await peer.waitFor((line) => line.type === 'ready', 20_000);
    const latencies: { direction: string; cause: string; ms: number }[] = [];

    // The peer writes; we hear it.
    const peerWrites = Array.from({ length: ROUNDS }, () => [
      { op: 'deliver', itemId: item._id, quantity: 2 },
      { op: 'restock', itemId: item._id, delta: 1 },
    ]).flat();
    for (const command of peerWrites) {
      // At a random phase of the 250 ms poll: back to back, every write would land just after a poll.
      await sleep(Math.random() * 250);
      const from = peer.lines.length;
      peer.send(command);
      const done = await peer.waitFor<{ outcome: DeliveryOutcome | StockOutcome; committedAt: number }>(
        (line) => line.type === 'done',
        5000,
        from,
      );
      expect(done.outcome.ok).toBe(true);
      const version = 'item' in done.outcome ? done.outcome.item.version : (await store.items.get(item._id))?.version;
      const deadline = done.committedAt + 1000;
      while (!heard.some(({ change }) => change.version === version) && now() < deadline) await sleep(5);
      const ours = heard.filter(({ change }) => change.version === version);
      expect(ours).toHaveLength(1);
      const { change, heardAt } = ours[0]!;
      const [movement] = (await store.items.history(item._id, { limit: 1, skip: 0 })).movements;
      expect(change).toMatchObject({
        itemId: item._id,
        cause: command.op === 'deliver' ? 'delivery' : 'restock',
        movement: { id: movement?._id },
      });
      expect(heardAt - done.committedAt).toBeLessThan(1000);
      latencies.push({ direction: 'peer → us', cause: change.cause, ms: heardAt - done.committedAt });
    }

    // We write; the peer hears it.
    const writes = Array.from({ length: ROUNDS }, (): (() => Promise<DeliveryOutcome | StockOutcome>)[] => [
      () => store.deliveries.create(delivery(item._id, { quantity: 1 })),
      () => store.items.changeStock(item._id, { delta: 1 }, staff),
    ]).flat();
    for (const write of writes) {
      await sleep(Math.random() * 250);
      const from = peer.lines.length;
      const outcome = await write();
      const committedAt = now();
      expect(outcome.ok).toBe(true);
      const version = (await store.items.get(item._id))?.version;
      const line = await peer.waitFor<{ change: StoreChange; heardAt: number }>(
        (said) => said.type === 'change' && (said.change as StoreChange).version === version,
        1000,
        from,
      );
      expect(line.change).toMatchObject({ itemId: item._id, quantity: (await store.items.get(item._id))?.quantity });
      expect(line.heardAt - committedAt).toBeLessThan(1000);
      latencies.push({ direction: 'us → peer', cause: line.change.cause, ms: line.heardAt - committedAt });
    }

    // Over two more polls: nothing was heard twice on either side.
    await sleep(600);
    const versions = heard.map(({ change }) => change.version);
    expect(new Set(versions).size).toBe(versions.length);
    const peerVersions = peer.lines
      .filter((line) => line.type === 'change')
      .map((line) => (line.change as StoreChange).version);
    const all = Array.from({ length: 4 * ROUNDS }, (_, at) => at + 2);
    expect(peerVersions).toEqual(all);
    expect(versions).toEqual(all);

    const summary = (direction: string) => {
      const ms = latencies.filter((latency) => latency.direction === direction).map((latency) => latency.ms);
      ms.sort((a, b) => a - b);
      return `${direction}: ${ms.map((value) => value.toFixed(0)).join(', ')} ms (median ${ms[ms.length >> 1]!.toFixed(0)})`;
    };
    console.log(`change feed across processes, commit → heard: ${summary('peer → us')}; ${summary('us → peer')}`);
  }, 40_000);
});
