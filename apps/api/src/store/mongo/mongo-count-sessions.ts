import { type ClientSession, type Filter, ObjectId } from 'mongodb';
import { COUNT_LINES_MAX, type Count, type CountLine, type CountLineFilter } from '@smart-zone/types/count';
import { MAIN_LOCATION_ID } from '@smart-zone/types/location';
import {
  appliedNote,
  type CountSessionState,
  countTarget,
  decideCountLine,
  decideRecording,
  ledgerUnits,
} from '../decisions/count';
import type { ItemWrite } from '../decisions/change';
import type { CountOpening, CountOutcome, CountRepository } from '../ports/counts';
import { holdingsOfDoc } from './doc-mappers';
import { toItem, type ItemDoc, type MongoCollections } from './documents';
import { ledgerChange, mongoItemWriter, stockSet, touchLocations } from './item-writes';
import { inTx, type MongoLedger } from './mongo-ledger';
import { OPERATION_TIME_MS } from './mongo-tx';
import type { CountCollections, CountDoc, CountLineDoc } from './schema-counts';

/** Lines written per insert while a session opens, and read per batch by the sheet. */
const OPEN_SLICE = 5_000;
const SHEET_BATCH = 2_000;
const read = { maxTimeMS: OPERATION_TIME_MS };
const cents = (value: number) => Math.round(value * 100) / 100;
const counted = { counted: { $exists: true } } as const;

const stateOf = (doc: CountDoc): CountSessionState => ({
  id: doc._id.toHexString(),
  name: doc.name,
  open: doc.state === 'open',
  ...(doc.locationId ? { locationId: doc.locationId.toHexString() } : {}),
});

/** The filter and order of each kind of lines page (count.ts countLinesQuerySchema). */
const PAGES: Record<CountLineFilter | 'all', { match: Filter<CountLineDoc>; sort: Record<string, 1 | -1> }> = {
  all: { match: {}, sort: { name: 1, itemId: 1 } },
  uncounted: { match: { counted: { $exists: false } }, sort: { name: 1, itemId: 1 } },
  counted: { match: counted, sort: { countedAt: -1, itemId: 1 } },
  variance: { match: { ...counted, $expr: { $ne: ['$counted', '$expected'] } }, sort: { off: -1, name: 1, itemId: 1 } },
};

/**
 * Stock counts in MongoDB (issue 35), as SQLite's sqlite-count-sessions.ts: decisions/count.ts decides, this
 * records. A session's lines are inserted before the session itself (its insert, with its audit entry, is the
 * opening's commit): lines without a session are an opening that never finished, read by nothing. A recording
 * and an apply are one transaction each; two counters adding to one line conflict, and the driver runs the later
 * again on what the first wrote (nothing lost).
 */
export function mongoCountSessions(
  collections: MongoCollections,
  { counts, countLines }: CountCollections,
  ledger: MongoLedger,
): CountRepository {
  const { items, locations } = collections;
  const writer = mongoItemWriter(collections, ledger);

  async function countOf(doc: CountDoc, session?: ClientSession): Promise<Count> {
    const [totals] = await countLines
      .aggregate<{ counted: number; units: number; value: number }>(
        [
          { $match: { countId: doc._id, ...counted } },
          {
            $group: {
              _id: null,
              counted: { $sum: 1 },
              units: { $sum: { $subtract: ['$counted', '$expected'] } },
              value: { $sum: { $multiply: [{ $subtract: ['$counted', '$expected'] }, '$price'] } },
            },
          },
        ],
        session ? inTx(session) : read,
      )
      .toArray();
    return {
      _id: doc._id.toHexString(),
      name: doc.name,
      state: doc.state,
      blind: doc.blind,
      scope: doc.scope,
      createdBy: doc.createdBy.email,
      at: doc.at.toISOString(),
      lines: doc.lines,
      counted: totals?.counted ?? 0,
      variance: { units: totals?.units ?? 0, value: cents(totals?.value ?? 0) },
      ...(doc.closedBy ? { closedBy: doc.closedBy.email, closedAt: doc.closedAt!.toISOString() } : {}),
      ...(doc.movements !== undefined ? { movements: doc.movements } : {}),
    };
  }

  /** Lines as the API answers them: the items' names now, and for an uncounted line what the ledger holds now. */
  async function linesOf(docs: CountLineDoc[], locationId: string | undefined): Promise<CountLine[]> {
    const found = await items
      .find(
        { _id: { $in: docs.map((doc) => doc.itemId) } },
        { projection: { name: 1, sku: 1, quantity: 1, stock: 1 }, ...read },
      )
      .toArray();
    const byId = new Map(found.map((doc) => [doc._id.toHexString(), doc]));
    return docs.map((doc) => {
      const item = byId.get(doc.itemId.toHexString());
      const sku = item ? item.sku : doc.sku;
      const expected =
        doc.counted !== undefined ? doc.expected! : item ? ledgerUnits(item, holdingsOfDoc(item), locationId) : 0;
      return {
        itemId: doc.itemId.toHexString(),
        name: item?.name ?? doc.name,
        ...(sku ? { sku } : {}),
        expected,
        ...(doc.counted !== undefined
          ? {
              counted: doc.counted,
              countedBy: doc.countedBy!.email,
              countedAt: doc.countedAt!.toISOString(),
              variance: doc.counted - expected,
              value: cents((doc.counted - expected) * (doc.price ?? 0)),
            }
          : {}),
      };
    });
  }

  /** The items' filter of an opening (its stock filter, its location; its candidates: a slice at a time). */
  function scopeFilter(opening: CountOpening): Filter<ItemDoc> {
    const { stock, locationId } = opening;
    return {
      ...(stock === 'low' ? { low: true } : stock === 'out' ? { quantity: 0 } : {}),
      ...(locationId === MAIN_LOCATION_ID
        ? { $expr: { $gt: [{ $subtract: ['$quantity', { $ifNull: ['$placed', 0] }] }, 0] } }
        : locationId
          ? { stock: { $elemMatch: { locationId: new ObjectId(locationId), quantity: { $gt: 0 } } } }
          : {}),
    };
  }

  return {
    async open(opening, by) {
      const locationId = opening.locationId ? new ObjectId(opening.locationId) : undefined;
      const location =
        locationId && (await locations.findOne({ _id: locationId }, { projection: { path: 1 }, ...read }));
      if (locationId && !location) return { ok: false, reason: 'location_not_found' };
      const countId = new ObjectId();
      const filter = scopeFilter(opening);
      const slices = opening.candidates
        ? Array.from({ length: Math.ceil(opening.candidates.length / OPEN_SLICE) }, (_, index) =>
            opening.candidates!.slice(index * OPEN_SLICE, (index + 1) * OPEN_SLICE).map((id) => new ObjectId(id)),
          )
        : [null];
      let lines = 0;
      try {
        for (const ids of slices) {
          const cursor = items.find(ids ? { ...filter, _id: { $in: ids } } : filter, {
            projection: { name: 1, sku: 1 },
            batchSize: OPEN_SLICE,
            ...read,
          });
          let batch: CountLineDoc[] = [];
          const flush = async () => {
            if (batch.length > 0) await countLines.insertMany(batch, { ordered: false });
            lines += batch.length;
            batch = [];
            if (lines > COUNT_LINES_MAX) throw new RangeError('too_large');
          };
          for await (const item of cursor) {
            batch.push({
              _id: new ObjectId(),
              countId,
              itemId: item._id,
              name: item.name,
              ...(item.sku ? { sku: item.sku } : {}),
            });
            if (batch.length === OPEN_SLICE) await flush();
          }
          await flush();
        }
      } catch (error) {
        await countLines.deleteMany({ countId });
        if (error instanceof RangeError) return { ok: false, reason: 'too_large' };
        throw error;
      }
      const scope: Count['scope'] = {
        ...(location ? { locationId: location._id.toHexString(), path: location.path } : {}),
        ...(opening.scope.q ? { q: opening.scope.q } : {}),
        ...(opening.stock ? { stock: opening.stock } : {}),
        ...(opening.scope.itemIds ? { items: opening.scope.itemIds.length } : {}),
      };
      const doc: CountDoc = {
        _id: countId,
        name: opening.name,
        state: 'open',
        blind: opening.blind,
        ...(locationId ? { locationId } : {}),
        scope,
        lines,
        createdBy: { uid: by.uid, email: by.email },
        at: new Date(),
      };
      await ledger.write(async (session) => {
        await counts.insertOne(doc, inTx(session));
        const target = countTarget({ id: countId.toHexString(), name: doc.name });
        await ledger.audit({ action: 'count.open', target, changes: { lines: [null, lines] } }, by, session, doc.at);
      });
      return { ok: true, value: await countOf(doc) };
    },

    async list({ state }, { limit, skip }) {
      const filter = state ? { state } : {};
      const [docs, total] = await Promise.all([
        counts.find(filter, { sort: { _id: -1 }, skip, limit, ...read }).toArray(),
        counts.countDocuments(filter, read),
      ]);
      return { counts: await Promise.all(docs.map((doc) => countOf(doc))), total };
    },

    async get(id) {
      const doc = await counts.findOne({ _id: new ObjectId(id) }, read);
      return doc ? countOf(doc) : null;
    },

    async lines(id, filter, { limit, skip }) {
      const doc = await counts.findOne({ _id: new ObjectId(id) }, read);
      if (!doc) return null;
      const { match, sort } = PAGES[filter ?? 'all'];
      const where = { countId: doc._id, ...match };
      const [page, total] = await Promise.all([
        countLines
          .aggregate<CountLineDoc>(
            [
              { $match: where },
              ...(filter === 'variance'
                ? [
                    {
                      $addFields: {
                        off: { $abs: { $multiply: [{ $subtract: ['$counted', '$expected'] }, '$price'] } },
                      },
                    },
                  ]
                : []),
              { $sort: sort },
              { $skip: skip },
              { $limit: limit },
            ],
            read,
          )
          .toArray(),
        countLines.countDocuments(where, read),
      ]);
      return { lines: await linesOf(page, doc.locationId?.toHexString()), total };
    },

    async *sheet(id) {
      const doc = await counts.findOne({ _id: new ObjectId(id) }, read);
      if (!doc) return;
      let after: { name: string; itemId: ObjectId } | null = null;
      for (;;) {
        const page: CountLineDoc[] = await countLines
          .find(
            {
              countId: doc._id,
              ...(after
                ? { $or: [{ name: { $gt: after.name } }, { name: after.name, itemId: { $gt: after.itemId } }] }
                : {}),
            },
            { sort: { name: 1, itemId: 1 }, limit: SHEET_BATCH, ...read },
          )
          .toArray();
        if (page.length === 0) return;
        yield await linesOf(page, doc.locationId?.toHexString());
        const last = page.at(-1)!;
        after = { name: last.name, itemId: last.itemId };
      }
    },

    record(id, itemId, recording, by) {
      return writer.decided(async (session): Promise<CountOutcome<CountLine>> => {
        const doc = await counts.findOne({ _id: new ObjectId(id) }, inTx(session));
        if (!doc) return { ok: false, reason: 'not_found' };
        const itemOid = new ObjectId(itemId);
        const before = await writer.read(itemOid, session);
        const line = await countLines.findOne({ countId: doc._id, itemId: itemOid }, inTx(session));
        const at = new Date();
        const item = before && toItem(before);
        const state = stateOf(doc);
        const decision = decideRecording(
          state,
          item,
          holdingsOfDoc(before),
          line?.counted ?? null,
          recording,
          by,
          at.toISOString(),
        );
        if (!decision.ok) return decision;
        const { counted: units, expected, version, price } = decision.line;
        const countedBy = { uid: by.uid, email: by.email };
        await countLines.updateOne(
          { countId: doc._id, itemId: itemOid },
          {
            $set: { counted: units, expected, version, price, countedBy, countedAt: at },
            $setOnInsert: { _id: new ObjectId(), name: item!.name, ...(item!.sku ? { sku: item!.sku } : {}) },
          },
          { upsert: true, ...inTx(session) },
        );
        if (!line) await counts.updateOne({ _id: doc._id }, { $inc: { lines: 1 } }, inTx(session));
        await ledger.audit(decision.audit, by, session, at);
        const [answer] = await linesOf(
          [
            {
              ...(line ?? { _id: new ObjectId(), countId: doc._id, itemId: itemOid, name: item!.name }),
              counted: units,
              expected,
              price,
              countedBy,
              countedAt: at,
            },
          ],
          state.locationId,
        );
        return { ok: true, value: answer! };
      });
    },

    async apply(id, uncounted, by) {
      const outcome = await writer.decided(
        async (session): Promise<CountOutcome<{ doc: CountDoc; movements: number; skipped: number }>> => {
          const doc = await counts.findOne({ _id: new ObjectId(id) }, inTx(session));
          if (!doc) return { ok: false, reason: 'not_found' };
          const state = stateOf(doc);
          if (!state.open) return { ok: false, reason: 'not_open' };
          const lines = await countLines
            .find(
              { countId: doc._id, ...(uncounted === 'keep' ? counted : {}) },
              { projection: { itemId: 1, counted: 1, expected: 1 }, ...inTx(session) },
            )
            .toArray();
          const found = await items.find({ _id: { $in: lines.map((line) => line.itemId) } }, inTx(session)).toArray();
          const byId = new Map(found.map((item) => [item._id.toHexString(), item]));
          const at = new Date();
          const writes: { write: ItemWrite; before: ItemDoc }[] = [];
          for (const line of lines) {
            const before = byId.get(line.itemId.toHexString());
            if (!before) continue;
            const item = toItem(before);
            const holdings = holdingsOfDoc(before);
            // An uncounted line counted as zero: whatever the ledger holds of it now goes.
            const asked =
              line.counted !== undefined
                ? { counted: line.counted, expected: line.expected! }
                : { counted: 0, expected: ledgerUnits(item, holdings, state.locationId) };
            const write = decideCountLine(state, item, holdings, asked, by, at.toISOString());
            if (write) writes.push({ write, before });
          }
          if (writes.length > 0) {
            // Every item at the version read, in one round trip; one that moved on has the work run again.
            const stored = await items.bulkWrite(
              writes.map(({ write, before }) => ({
                updateOne: {
                  filter: { _id: before._id, version: before.version },
                  update: { $set: stockSet({ item: write.item!, change: write.change }, before) },
                },
              })),
              { ordered: false, ...inTx(session) },
            );
            if (stored.matchedCount !== writes.length)
              throw writer.moved(`An item of count ${id} moved on since it was read`);
            const gone = await touchLocations(
              locations,
              writes.map(({ write }) => write.change.movement?.places),
              session,
            );
            if (gone) throw writer.moved(`Location ${gone} is gone since it was read`);
            const first = await ledger.bumpRevision(session, writes.length);
            await ledger.record(
              writes.map(({ write }, index) => ledgerChange(write.change, first + index)),
              session,
            );
          }
          const closed = {
            state: 'applied' as const,
            closedBy: { uid: by.uid, email: by.email },
            closedAt: at,
            movements: writes.length,
          };
          await counts.updateOne({ _id: doc._id, state: 'open' }, { $set: closed }, inTx(session));
          await ledger.audit(appliedNote(state, lines.length, writes.length), by, session, at);
          const skipped = lines.filter((line) => !byId.has(line.itemId.toHexString())).length;
          return { ok: true, value: { doc: { ...doc, ...closed }, movements: writes.length, skipped } };
        },
      );
      if (!outcome.ok) return outcome;
      const { doc, ...result } = outcome.value;
      return { ok: true, value: { count: await countOf(doc), ...result } };
    },

    async cancel(id, by) {
      const outcome = await ledger.write(async (session): Promise<CountOutcome<CountDoc>> => {
        const doc = await counts.findOne({ _id: new ObjectId(id) }, inTx(session));
        if (!doc) return { ok: false, reason: 'not_found' };
        if (doc.state !== 'open') return { ok: false, reason: 'not_open' };
        const closed = {
          state: 'cancelled' as const,
          closedBy: { uid: by.uid, email: by.email },
          closedAt: new Date(),
        };
        await counts.updateOne({ _id: doc._id, state: 'open' }, { $set: closed }, inTx(session));
        await ledger.audit({ action: 'count.cancel', target: countTarget(stateOf(doc)) }, by, session, closed.closedAt);
        return { ok: true, value: { ...doc, ...closed } };
      });
      return outcome.ok ? { ok: true, value: await countOf(outcome.value) } : outcome;
    },
  };
}
