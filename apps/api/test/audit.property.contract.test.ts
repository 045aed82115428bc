import fc from 'fast-check';
import type { AuditEntry } from '@smart-zone/types/audit';
import type { ItemInput } from '@smart-zone/types/item';
import type { Role } from '@smart-zone/types/roles';
import type { Author, Store } from '../src/store/store';
import { openTestStore, TEST_STORE } from './helpers/test-store';

/**
 * Exactly one audit entry per successful write, with the right diff, and none
 * for a refused one, on both adapters: random sequences of every write path
 * (create, PUT — changed, unchanged, stale —, restock and removal, delete,
 * delivery, cancel by the owner or by anyone, team changes), many of them
 * bound to fail (unknown ids, short stock, the last owner). A model written
 * here, apart from the adapters and from audit-entries.ts, says what each
 * step should append; after the run the audit, oldest first, must be exactly that.
 */
const RUNS = 60;
const STEPS = 50;

const FIELDS = ['name', 'supplier', 'price', 'quantity', 'description', 'img', 'minStock'] as const;
/** An item's fields as stored: a reorder point and a SKU (null: none) always. */
type Fields = Required<Omit<ItemInput, 'sku' | 'barcodes'>> & { sku: string | null; barcodes?: string[] };
type Value = string | number | null;

const authors: Author[] = [
  { uid: 'uid-ada', email: 'ada@example.com' },
  { uid: 'uid-bob', email: 'bob@example.com', reason: 'Counted twice', requestId: 'req-bob' },
  { uid: 'uid-cy', email: 'cy@example.com', requestId: 'req-cy' },
];
const emails = ['one@example.com', 'two@example.com', 'three@example.com'];
const ROLE_LIST: Role[] = ['viewer', 'clerk', 'manager', 'owner'];

type Op =
  | { kind: 'create'; quantity: number; minStock: number | null; by: number }
  | {
      kind: 'put';
      item: number;
      name: boolean;
      price: number | null;
      quantity: number | null;
      minStock: number | null;
      version: 'none' | 'current' | 'stale';
      by: number;
    }
  | { kind: 'stock'; item: number; delta: number; note: boolean; by: number }
  | { kind: 'remove'; item: number; by: number }
  | { kind: 'deliver'; item: number; quantity: number; by: number }
  /** own: the delivery's owner cancels it, naming themself; other: `by`, naming themself; any: `by`, naming no owner. */
  | { kind: 'cancel'; delivery: number; by: number; mode: 'own' | 'other' | 'any' }
  | { kind: 'team'; verb: 'add' | 'setRole' | 'remove'; email: number; role: number; by: number };

const by = fc.nat({ max: authors.length - 1 });
/** Item and delivery indexes past the end stand for ids the store never had. */
const index = fc.nat({ max: 4 });
// Weighted so that a run meets every path: deliveries to cancel, items deleted under them, owners to refuse.
const op: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('create' as const),
      quantity: fc.nat({ max: 8 }),
      minStock: fc.option(fc.nat({ max: 4 })),
      by,
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('put' as const),
      item: index,
      name: fc.boolean(),
      // Often absent (the item's own), so that many PUTs change one field or none.
      price: fc.option(fc.constantFrom(5, 10), { freq: 2 }),
      quantity: fc.option(fc.nat({ max: 8 }), { freq: 2 }),
      minStock: fc.option(fc.nat({ max: 4 }), { freq: 2 }),
      version: fc.constantFrom('none' as const, 'current' as const, 'stale' as const),
      by,
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('stock' as const),
      item: index,
      delta: fc.integer({ min: -6, max: 6 }).filter((delta) => delta !== 0),
      note: fc.boolean(),
      by,
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('remove' as const), item: index, by }) },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('deliver' as const),
      item: index,
      quantity: fc.integer({ min: 1, max: 4 }),
      by,
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('cancel' as const),
      delivery: index,
      by,
      mode: fc.constantFrom('own' as const, 'other' as const, 'any' as const),
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('team' as const),
      verb: fc.constantFrom('add' as const, 'setRole' as const, 'remove' as const),
      email: fc.nat({ max: emails.length - 1 }),
      role: fc.nat({ max: ROLE_LIST.length - 1 }),
      by,
    }),
  },
);

/** What an entry says, without its id, time and movement id (checked apart). */
interface Expected {
  action: AuditEntry['action'];
  actor: { uid: string; email: string };
  target: AuditEntry['target'];
  changes?: Record<string, Value[]>;
  reason?: string;
  requestId: string;
  /** Whether it links a movement. */
  movement: boolean;
}

function diff(before: Fields | null, after: Fields | null): Record<string, [Value, Value]> | undefined {
  const changes: Record<string, [Value, Value]> = {};
  for (const field of FIELDS) {
    const old = before ? before[field] : null;
    const now = after ? after[field] : null;
    if (old !== now) changes[field] = [old, now];
  }
  return Object.keys(changes).length > 0 ? changes : undefined;
}

function expected(
  action: Expected['action'],
  author: Author,
  target: Expected['target'],
  changes: Expected['changes'],
  movement: boolean,
  reason = author.reason,
): Expected {
  return {
    action,
    actor: { uid: author.uid, email: author.email },
    target,
    ...(changes ? { changes } : {}),
    ...(reason ? { reason } : {}),
    requestId: author.requestId ?? '',
    movement,
  };
}

const seen = (entry: AuditEntry): Expected => ({
  action: entry.action,
  actor: entry.actor,
  target: entry.target,
  ...(entry.changes ? { changes: entry.changes } : {}),
  ...(entry.reason ? { reason: entry.reason } : {}),
  requestId: entry.requestId,
  movement: entry.movementId !== undefined,
});

describe(`audit: one entry per successful write, on every path (${TEST_STORE})`, () => {
  let store: Store;
  beforeEach(async () => {
    store = await openTestStore();
  });
  afterEach(() => store.close());

  it('after random writes the audit is exactly the model’s entries, in order, and nothing for a refusal', async () => {
    const outcomes = new Set<string>();
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: STEPS, maxLength: STEPS }), async (steps) => {
        await store.close();
        store = await openTestStore();
        const items: { id: string; fields: Fields | null }[] = [];
        const deliveries: {
          id: string;
          item: number;
          ownerUid: string;
          quantity: number;
          name: string;
          done: boolean;
        }[] = [];
        const team = new Map<string, Role>();
        const want: Expected[] = [];
        const itemId = (at: number) => items[at]?.id ?? `${'f'.repeat(23)}${at}`;
        let created = 0;

        for (const step of steps) {
          let author = authors[step.by]!;
          switch (step.kind) {
            case 'create': {
              const input: ItemInput = {
                name: `Item ${created++}`,
                supplier: 'Nokia',
                price: 10,
                quantity: step.quantity,
                description: '',
                img: '',
                ...(step.minStock !== null ? { minStock: step.minStock } : {}),
              };
              const item = await store.items.create(input, author);
              const fields: Fields = { ...input, minStock: step.minStock ?? 0, sku: null };
              items.push({ id: item._id, fields });
              want.push(
                expected(
                  'item.create',
                  author,
                  { kind: 'item', id: item._id, name: input.name },
                  diff(null, fields),
                  true,
                ),
              );
              outcomes.add('create');
              break;
            }
            case 'put': {
              const model = items[step.item];
              const current = model?.fields ? await store.items.get(model.id) : null;
              const base = model?.fields ?? {
                name: 'Gone',
                supplier: 'Nokia',
                price: 10,
                quantity: 1,
                description: '',
                img: '',
                minStock: 0,
                sku: null,
              };
              const input: ItemInput = {
                name: step.name ? `${base.name}+` : base.name,
                supplier: base.supplier,
                price: step.price ?? base.price,
                quantity: step.quantity ?? base.quantity,
                description: base.description,
                img: base.img,
                ...(step.minStock !== null ? { minStock: step.minStock } : {}),
              };
              const version =
                step.version === 'none' || !current ? undefined : current.version + (step.version === 'stale' ? 1 : 0);
              const outcome = await store.items.update(itemId(step.item), input, author, version);
              if (!model?.fields) {
                expect(outcome).toEqual({ ok: false, reason: 'not_found' });
                outcomes.add('put not_found');
              } else if (step.version === 'stale') {
                expect(outcome).toMatchObject({ ok: false, reason: 'stale' });
                outcomes.add('put stale');
              } else {
                const after: Fields = {
                  ...input,
                  minStock: step.minStock ?? model.fields.minStock,
                  sku: model.fields.sku,
                };
                const changes = diff(model.fields, after);
                expect(outcome).toMatchObject({ ok: true, changed: changes !== undefined });
                if (changes) {
                  want.push(
                    expected(
                      'item.update',
                      author,
                      { kind: 'item', id: model.id, name: after.name },
                      changes,
                      after.quantity !== model.fields.quantity,
                    ),
                  );
                  outcomes.add(changes.minStock ? 'put minStock' : 'put');
                } else outcomes.add('put unchanged');
                model.fields = after;
              }
              break;
            }
            case 'stock': {
              const model = items[step.item];
              const note = step.note ? 'from the stock form' : undefined;
              const outcome = await store.items.changeStock(
                itemId(step.item),
                { delta: step.delta, ...(note ? { note } : {}) },
                author,
              );
              const fields = model?.fields;
              if (!fields) {
                expect(outcome).toEqual({ ok: false, reason: 'not_found' });
              } else if (fields.quantity + step.delta < 0) {
                expect(outcome).toMatchObject({ ok: false, reason: 'out_of_range' });
                outcomes.add('stock short');
              } else {
                expect(outcome.ok).toBe(true);
                const quantity = fields.quantity + step.delta;
                want.push(
                  expected(
                    step.delta > 0 ? 'stock.restock' : 'stock.remove',
                    author,
                    { kind: 'item', id: model.id, name: fields.name },
                    { quantity: [fields.quantity, quantity] },
                    true,
                    author.reason ?? note,
                  ),
                );
                fields.quantity = quantity;
                outcomes.add(step.delta > 0 ? 'restock' : 'remove stock');
              }
              break;
            }
            case 'remove': {
              const model = items[step.item];
              const removed = await store.items.remove(itemId(step.item), author);
              expect(removed).toBe(Boolean(model?.fields));
              if (model?.fields) {
                want.push(
                  expected(
                    'item.delete',
                    author,
                    { kind: 'item', id: model.id, name: model.fields.name },
                    diff(model.fields, null),
                    true,
                  ),
                );
                model.fields = null;
                outcomes.add('delete');
              }
              break;
            }
            case 'deliver': {
              const model = items[step.item];
              const outcome = await store.deliveries.create({
                owner: author,
                name: 'Recipient',
                inventoriesId: itemId(step.item),
                address: 'Somewhere',
                phone: '+1 555 0100',
                quantity: step.quantity,
              });
              const fields = model?.fields;
              if (!fields) {
                expect(outcome).toEqual({ ok: false, reason: 'item_not_found' });
              } else if (fields.quantity < step.quantity) {
                expect(outcome).toMatchObject({ ok: false, reason: 'out_of_stock' });
                outcomes.add('deliver short');
              } else {
                if (!outcome.ok) throw new Error('expected a delivery');
                deliveries.push({
                  id: outcome.delivery._id,
                  item: step.item,
                  ownerUid: author.uid,
                  quantity: step.quantity,
                  name: fields.name,
                  done: false,
                });
                want.push(
                  expected(
                    'delivery.create',
                    author,
                    { kind: 'delivery', id: outcome.delivery._id, name: fields.name, itemId: model.id },
                    { quantity: [fields.quantity, fields.quantity - step.quantity] },
                    true,
                  ),
                );
                fields.quantity -= step.quantity;
                outcomes.add('deliver');
              }
              break;
            }
            case 'cancel': {
              const record = deliveries[step.delivery];
              if (record && step.mode === 'own') author = authors.find((one) => one.uid === record.ownerUid)!;
              const ownerOnly = step.mode !== 'any';
              const outcome = await store.deliveries.cancel(
                record?.id ?? 'eeeeeeeeeeeeeeeeeeeeeeee',
                author,
                ownerOnly ? author.uid : undefined,
              );
              if (!record || record.done || (ownerOnly && record.ownerUid !== author.uid)) {
                expect(outcome).toEqual({ ok: false, reason: 'not_found' });
                outcomes.add('cancel not_found');
                break;
              }
              expect(outcome.ok).toBe(true);
              record.done = true;
              const model = items[record.item]!;
              const fields = model.fields;
              if (fields) {
                want.push(
                  expected(
                    'delivery.cancel',
                    author,
                    { kind: 'delivery', id: record.id, name: fields.name, itemId: model.id },
                    { quantity: [fields.quantity, fields.quantity + record.quantity] },
                    true,
                  ),
                );
                fields.quantity += record.quantity;
                outcomes.add(ownerOnly ? 'cancel own' : 'cancel any');
              } else {
                want.push(
                  expected(
                    'delivery.cancel',
                    author,
                    { kind: 'delivery', id: record.id, name: record.name, itemId: model.id },
                    undefined,
                    false,
                  ),
                );
                outcomes.add('cancel of a deleted item');
              }
              break;
            }
            case 'team': {
              const email = emails[step.email]!;
              const role = ROLE_LIST[step.role]!;
              const had = team.get(email);
              const target = { kind: 'member' as const, id: email, name: email };
              const owners = [...team.values()].filter((held) => held === 'owner').length;
              const lastOwner = had === 'owner' && owners === 1;
              if (step.verb === 'add') {
                const outcome = await store.team.add({ email, role }, author);
                expect(outcome.ok).toBe(had === undefined);
                if (had === undefined) {
                  team.set(email, role);
                  want.push(expected('member.add', author, target, { role: [null, role] }, false));
                  outcomes.add('member.add');
                }
              } else if (step.verb === 'setRole') {
                const outcome = await store.team.setRole(email, role, author);
                if (had === undefined) expect(outcome).toEqual({ ok: false, reason: 'not_found' });
                else if (had === role) expect(outcome.ok).toBe(true);
                else if (lastOwner) {
                  expect(outcome).toEqual({ ok: false, reason: 'last_owner' });
                  outcomes.add('last_owner');
                } else {
                  expect(outcome.ok).toBe(true);
                  team.set(email, role);
                  want.push(expected('member.role', author, target, { role: [had, role] }, false));
                  outcomes.add('member.role');
                }
              } else {
                const outcome = await store.team.remove(email, author);
                if (had === undefined) expect(outcome).toEqual({ ok: false, reason: 'not_found' });
                else if (lastOwner) expect(outcome).toEqual({ ok: false, reason: 'last_owner' });
                else {
                  expect(outcome.ok).toBe(true);
                  team.delete(email);
                  want.push(expected('member.remove', author, target, { role: [had, null] }, false));
                  outcomes.add('member.remove');
                }
              }
              break;
            }
          }
        }

        const { entries, total } = await store.audit.list({}, { limit: 200, skip: 0 });
        expect(total).toBe(want.length);
        expect(entries.map(seen).reverse()).toEqual(want);
        // Each movement an entry names is the item's, and named once.
        const movementIds = entries.flatMap((entry) => (entry.movementId ? [entry.movementId] : []));
        expect(new Set(movementIds).size).toBe(movementIds.length);
      }),
      { numRuns: RUNS },
    );
    // The runs met every path, successful and refused.
    const paths = [
      'create',
      'put',
      'put minStock',
      'put unchanged',
      'put stale',
      'put not_found',
      'restock',
      'remove stock',
      'stock short',
      'delete',
      'deliver',
      'deliver short',
      'cancel own',
      'cancel any',
      'cancel not_found',
      'cancel of a deleted item',
      'member.add',
      'member.role',
      'member.remove',
      'last_owner',
    ];
    expect(paths.filter((path) => !outcomes.has(path))).toEqual([]);
  }, 120_000);
});
