/**
 * Issue 34's locations for the bench, run in its own process on DATA_DIR's store before the API opens it
 * (locations.ts forks it): the tree of locationTree(), each through the store's own `locations.create`, so
 * every row, its search words and its audit entry are what the server itself would write. IPC: a SeededLocations.
 */
import { MAIN_LOCATION_ID, type NewLocation, TRANSFER_LINES_MAX } from '@smart-zone/types/location';
import { SYSTEM_ACTOR } from '@smart-zone/types/item';
import { openStore } from '../src/store/open-store';
import { locationTree, type SeededLocations } from './locations';

async function main() {
  const dataDir = process.env.DATA_DIR;
  if (!dataDir) throw new Error('DATA_DIR is not set');
  process.umask(0o077); // the store's files are the owner's alone (0600), as the server makes them
  // Unsynced commits, as `pnpm seed` writes (open-store.ts): a power cut while seeding the bench loses nothing that matters.
  const store = await openStore({ dataDir, mongodbDb: '', bulkLoad: true });
  const started = performance.now();
  const ids: string[] = [];
  let filled = 0;
  let full = { bin: '', room: '' };
  try {
    for (const { name, parent } of locationTree()) {
      const input: NewLocation = { name, parentId: parent === null ? MAIN_LOCATION_ID : ids[parent] };
      const outcome = await store.locations.create(input, SYSTEM_ACTOR);
      if (!outcome.ok) throw new Error(`creating location ${name} was refused: ${outcome.reason}`);
      ids.push(outcome.location._id);
    }
    // Every item's units moved to the first bin (Room 1 / Shelf A / Bin 1), a batch of transfers at a time: the
    // one location that holds the whole catalogue.
    const bin = ids[2]!;
    for await (const batch of store.items.stream({})) {
      const lines = batch
        .filter((item) => item.quantity > 0)
        .map((item) => ({ itemId: item._id, quantity: item.quantity }));
      for (let at = 0; at < lines.length; at += TRANSFER_LINES_MAX) {
        const outcome = await store.items.transferMany(
          { to: bin, lines: lines.slice(at, at + TRANSFER_LINES_MAX) },
          SYSTEM_ACTOR,
        );
        if (!outcome.ok) throw new Error(`moving items to the bin was refused: ${JSON.stringify(outcome)}`);
        filled += lines.slice(at, at + TRANSFER_LINES_MAX).length;
      }
    }
    full = { bin, room: ids[0]! };
  } finally {
    await store.close();
  }
  const seeded: SeededLocations = {
    created: ids.length,
    seconds: (performance.now() - started) / 1000,
    ...full,
    itemsInBin: filled,
  };
  process.send?.(seeded);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
