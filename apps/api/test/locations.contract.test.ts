import { MAIN_LOCATION_ID, type Location } from '@smart-zone/types/location';
import type { Store } from '../src/store/store';
import { openTestStore, TEST_STORE } from './helpers/test-store';
import { ada, bob } from './helpers/store-fixtures';

/**
 * The locations' tree, on every adapter (issue 34): Main at the root, names unique among siblings (case
 * aside), paths kept when a location is renamed or moved with everything under it, never a loop, never
 * deeper than 6 below Main, the search by the words of the path, and one audit entry per change, none for a
 * refusal.
 */

const page = { limit: 100, skip: 0 };
const anyTime: unknown = expect.any(String);
const anyId: unknown = expect.stringMatching(/^[0-9a-f]{24}$/);

async function made(store: Store, name: string, parentId?: string): Promise<Location> {
  const outcome = await store.locations.create({ name, ...(parentId ? { parentId } : {}) }, ada);
  if (!outcome.ok) throw new Error(`${name}: ${outcome.reason}`);
  return outcome.location;
}

const pathsOf = async (store: Store, filter: { q?: string; parentId?: string } = {}) =>
  (await store.locations.list(filter, page)).locations.map((location) => location.path);

const auditCount = async (store: Store) => (await store.audit.list({}, { limit: 1, skip: 0 })).total;

describe(`locations: ${TEST_STORE}`, () => {
  let store: Store;

  beforeEach(async () => {
    store = await openTestStore();
  });

  afterEach(async () => {
    await store.close();
  });

  it('starts with Main alone, and nests Back room / Shelf A / Bin 3 under it with their paths and depths', async () => {
    expect((await store.locations.list({}, page)).locations).toEqual([
      { _id: MAIN_LOCATION_ID, name: 'Main', parentId: null, path: 'Main', depth: 0, updatedAt: anyTime },
    ]);
    const room = await made(store, 'Back room');
    const shelf = await made(store, 'Shelf A', room._id);
    const bin = await made(store, 'Bin 3', shelf._id);
    expect(room).toMatchObject({ parentId: MAIN_LOCATION_ID, path: 'Back room', depth: 1 });
    expect(bin).toEqual({
      _id: anyId,
      name: 'Bin 3',
      parentId: shelf._id,
      path: 'Back room / Shelf A / Bin 3',
      depth: 3,
      updatedAt: anyTime,
    });
    expect(await store.locations.get(bin._id)).toEqual(bin);
    expect(await pathsOf(store)).toEqual(['Main', 'Back room', 'Back room / Shelf A', 'Back room / Shelf A / Bin 3']);
    expect(await pathsOf(store, { parentId: room._id })).toEqual(['Back room / Shelf A']);
    const [entry] = (await store.audit.list({ action: 'location.create' }, { limit: 1, skip: 0 })).entries;
    expect(entry).toMatchObject({
      actor: ada,
      target: { kind: 'location', id: bin._id, name: 'Back room / Shelf A / Bin 3' },
      changes: { path: [null, 'Back room / Shelf A / Bin 3'] },
    });
  });

  it('finds a location by words that begin words of its path, in order ("a3", "sh b"), and pages with a total', async () => {
    const shelf = await made(store, 'Shelf A', (await made(store, 'Back room'))._id);
    await made(store, 'Bin 3', shelf._id);
    await made(store, 'Bin 30', shelf._id);
    await made(store, 'Yard');
    expect(await pathsOf(store, { q: 'a3' })).toEqual(['Back room / Shelf A / Bin 3', 'Back room / Shelf A / Bin 30']);
    expect(await pathsOf(store, { q: 'SH b' })).toEqual([
      'Back room / Shelf A / Bin 3',
      'Back room / Shelf A / Bin 30',
    ]);
    expect(await pathsOf(store, { q: '3 a' })).toEqual([]);
    expect(await pathsOf(store, { q: 'elf' })).toEqual([]);
    expect(await pathsOf(store, { q: 'yard' })).toEqual(['Yard']);
    const second = await store.locations.list({ q: 'b' }, { limit: 2, skip: 1 });
    expect(second.total).toBe(4);
    expect(second.locations.map((location) => location.path)).toEqual([
      'Back room / Shelf A',
      'Back room / Shelf A / Bin 3',
    ]);
  });

  it('refuses a sibling of the same name (case and spaces aside), a missing parent and a 7th level; writes nothing', async () => {
    const room = await made(store, 'Back room');
    const entries = await auditCount(store);
    expect(await store.locations.create({ name: 'back ROOM' }, bob)).toEqual({ ok: false, reason: 'name_taken' });
    expect(await store.locations.create({ name: 'Back room', parentId: 'ffffffffffffffffffffffff' }, bob)).toEqual({
      ok: false,
      reason: 'parent_not_found',
    });
    let parent = room;
    for (let level = 2; level <= 6; level += 1) parent = await made(store, `L${level}`, parent._id);
    expect(parent.depth).toBe(6);
    const before = await auditCount(store);
    expect(await store.locations.create({ name: 'L7', parentId: parent._id }, bob)).toEqual({
      ok: false,
      reason: 'too_deep',
    });
    expect(before - entries).toBe(5);
    expect(await auditCount(store)).toBe(before);
    // The same name under another parent is another location.
    expect(await made(store, 'Back room', room._id)).toMatchObject({ path: 'Back room / Back room' });
  });

  it('renames and moves a location with everything under it; its paths, depths and search follow', async () => {
    const room = await made(store, 'Back room');
    const shelf = await made(store, 'Shelf A', room._id);
    const bin = await made(store, 'Bin 3', shelf._id);
    const yard = await made(store, 'Yard');

    const renamed = await store.locations.update(shelf._id, { name: 'Shelf B' }, bob);
    expect(renamed).toMatchObject({ ok: true, location: { path: 'Back room / Shelf B', depth: 2 } });
    expect(await store.locations.get(bin._id)).toMatchObject({ path: 'Back room / Shelf B / Bin 3', depth: 3 });

    const moved = await store.locations.update(shelf._id, { parentId: yard._id }, bob);
    expect(moved).toMatchObject({ ok: true, location: { parentId: yard._id, path: 'Yard / Shelf B', depth: 2 } });
    expect(await store.locations.get(bin._id)).toMatchObject({ path: 'Yard / Shelf B / Bin 3', depth: 3 });
    expect(await pathsOf(store, { q: 'y b3' })).toEqual(['Yard / Shelf B / Bin 3']);
    expect(await pathsOf(store, { q: 'back b' })).toEqual([]);

    // Up to Main: one level less for it and its bin.
    await store.locations.update(shelf._id, { parentId: MAIN_LOCATION_ID, name: 'Shelf C' }, bob);
    expect(await store.locations.get(bin._id)).toMatchObject({ path: 'Shelf C / Bin 3', depth: 2 });
    const [entry] = (await store.audit.list({ action: 'location.update' }, { limit: 1, skip: 0 })).entries;
    expect(entry).toMatchObject({
      actor: bob,
      target: { kind: 'location', id: shelf._id, name: 'Shelf C' },
      changes: { name: ['Shelf B', 'Shelf C'], path: ['Yard / Shelf B', 'Shelf C'] },
    });
  });

  it('never puts a location under itself, nor a subtree deeper than 6, nor the root anywhere; renames the root', async () => {
    const a = await made(store, 'A');
    const b = await made(store, 'B', a._id);
    const c = await made(store, 'C', b._id);
    const entries = await auditCount(store);
    expect(await store.locations.update(a._id, { parentId: c._id }, bob)).toEqual({
      ok: false,
      reason: 'under_itself',
    });
    expect(await store.locations.update(a._id, { parentId: a._id }, bob)).toEqual({
      ok: false,
      reason: 'under_itself',
    });
    let deep = await made(store, 'D');
    for (let level = 2; level <= 4; level += 1) deep = await made(store, `D${level}`, deep._id);
    // A (3 levels: A, B, C) under D4 (depth 4) would end at 7.
    expect(await store.locations.update(a._id, { parentId: deep._id }, bob)).toEqual({ ok: false, reason: 'too_deep' });
    expect(await store.locations.update(MAIN_LOCATION_ID, { parentId: a._id }, bob)).toEqual({
      ok: false,
      reason: 'root',
    });
    expect(await store.locations.update(b._id, { name: 'c', parentId: MAIN_LOCATION_ID }, bob)).toMatchObject({
      ok: true,
    });
    expect(await store.locations.update(c._id, { parentId: MAIN_LOCATION_ID }, bob)).toEqual({
      ok: false,
      reason: 'name_taken',
    });
    expect(await store.locations.get(c._id)).toMatchObject({ path: 'c / C', depth: 2 });
    expect(await store.locations.update('ffffffffffffffffffffffff', { name: 'X' }, bob)).toEqual({
      ok: false,
      reason: 'not_found',
    });
    // D and its three levels, and B's move: the refusals wrote nothing.
    expect(await auditCount(store)).toBe(entries + 5);

    const root = await store.locations.update(MAIN_LOCATION_ID, { name: 'Shop' }, bob);
    expect(root).toMatchObject({ ok: true, location: { name: 'Shop', path: 'Shop', parentId: null, depth: 0 } });
    expect(await store.locations.get(c._id)).toMatchObject({ path: 'c / C' });
    expect((await store.locations.list({}, page)).locations[0]).toMatchObject({ _id: MAIN_LOCATION_ID });
  });

  it('deletes an empty location; refuses the root and a location with others under it', async () => {
    const room = await made(store, 'Back room');
    const shelf = await made(store, 'Shelf A', room._id);
    const entries = await auditCount(store);
    expect(await store.locations.remove(room._id, bob)).toEqual({ ok: false, reason: 'has_children' });
    expect(await store.locations.remove(MAIN_LOCATION_ID, bob)).toEqual({ ok: false, reason: 'root' });
    expect(await store.locations.remove('ffffffffffffffffffffffff', bob)).toEqual({ ok: false, reason: 'not_found' });
    expect(await auditCount(store)).toBe(entries);
    expect(await store.locations.remove(shelf._id, bob)).toMatchObject({ ok: true, location: { _id: shelf._id } });
    expect(await store.locations.remove(room._id, bob)).toMatchObject({ ok: true });
    expect(await pathsOf(store)).toEqual(['Main']);
    const [entry] = (await store.audit.list({ action: 'location.delete' }, { limit: 1, skip: 0 })).entries;
    expect(entry).toMatchObject({
      target: { kind: 'location', name: 'Back room' },
      changes: { path: ['Back room', null] },
    });
  });

  it('two moves at once never make a loop, and two siblings of one name at once make one', async () => {
    const a = await made(store, 'A');
    const b = await made(store, 'B');
    const outcomes = await Promise.all([
      store.locations.update(a._id, { parentId: b._id }, ada),
      store.locations.update(b._id, { parentId: a._id }, bob),
    ]);
    expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(1);
    expect(outcomes.filter((outcome) => !outcome.ok)).toEqual([{ ok: false, reason: 'under_itself' }]);
    const [x, y] = await Promise.all([made(store, 'Z').catch(String), made(store, 'z').catch(String)]);
    expect([x, y].filter((one) => typeof one === 'string')).toEqual([expect.stringMatching(/name_taken/)]);
    expect(await pathsOf(store, { q: 'z' })).toHaveLength(1);
  });
});
