import { StoreBusyError } from '../src/store/store';
import { gated, writeGate } from '../src/store/sqlite/write-gate';

/** The write gate: writes asked for while an import holds it run after, in order, a few per turn; or are refused in time. */
const repository = () => {
  const done: number[] = [];
  return { done, write: (n: number) => Promise.resolve(done.push(n)), read: () => Promise.resolve(done.length) };
};

it('open: a write runs at once; held: it waits for the release, and the writes run in the order asked', async () => {
  const gate = writeGate();
  const repo = repository();
  const writes = gated(repo, gate, ['write']);
  await writes.write(0);
  expect(repo.done).toEqual([0]);
  const release = gate.close();
  const pending = Array.from({ length: 20 }, (_, n) => writes.write(n + 1));
  await new Promise((resolve) => setTimeout(resolve, 20));
  expect(repo.done).toEqual([0]);
  // Reads are not gated.
  expect(await writes.read()).toBe(1);
  release();
  await Promise.all(pending);
  expect(repo.done).toEqual(Array.from({ length: 21 }, (_, n) => n));
});

it('a write that would wait longer than its limit is refused, and never runs later', async () => {
  const gate = writeGate();
  const repo = repository();
  const writes = gated(repo, gate, ['write'], 30);
  const release = gate.close();
  await expect(writes.write(1)).rejects.toBeInstanceOf(StoreBusyError);
  release();
  await new Promise((resolve) => setTimeout(resolve, 20));
  expect(repo.done).toEqual([]);
});

it('a turn for the import worker: given once the writes running now are done, and the writes that waited go first', async () => {
  const gate = writeGate();
  const log: string[] = [];
  let finish: (() => void) | undefined;
  const repo = {
    slow: () => new Promise<void>((resolve) => (finish = resolve)).then(() => void log.push('slow')),
    write: (n: number) => Promise.resolve(void log.push(`write ${n}`)),
  };
  const writes = gated(repo, gate, ['slow', 'write']);
  const slow = writes.slow();
  // Not given while a write of this process runs (a group commit not yet committed, say).
  const first = gate.turn().then((release) => (log.push('turn 1'), release));
  await new Promise((resolve) => setTimeout(resolve, 20));
  expect(log).toEqual([]);
  // Asked for while the turn is waiting: it waits for the turn's end.
  const waited = writes.write(1);
  finish!();
  await slow;
  const release1 = await first;
  expect(log).toEqual(['slow', 'turn 1']);
  // The next turn, asked for at once, comes after the write that waited for this one.
  const second = gate.turn().then((release) => (log.push('turn 2'), release));
  release1();
  const release2 = await second;
  await waited;
  expect(log).toEqual(['slow', 'turn 1', 'write 1', 'turn 2']);
  release2();
  await writes.write(2);
  expect(log.at(-1)).toBe('write 2');
});
