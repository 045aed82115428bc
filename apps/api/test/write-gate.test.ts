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
