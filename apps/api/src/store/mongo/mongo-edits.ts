import { MongoServerError, type ObjectId } from 'mongodb';
import type { MongoCollections } from './documents';
import { countPastMovements } from './mongo-stats';

/** Marked once past edits are `edit` and the ledger counted again (a store that has it skips the step). */
const EDITS_RECLASSIFIED_KEY = 'movements_edit_reason';
const DOCUMENT_VALIDATION_FAILURE = 121;
/** Movement ids updated per statement. */
const BATCH = 1000;

/**
 * Issue 32, as SQLite's migration 13 (schema-stats.ts reclassifyEdits): a PUT's change of the quantity has a
 * reason of its own, `edit` (a correction either way), where it was `adjust` (the stock form's removal, counted
 * as removed when it lowered the quantity). Past `adjust` movements a PUT made become `edit`, by a sure sign
 * only: the `item.update` audit entry that names the movement (every PUT's since the audit), or a delta above
 * 0 (the stock form's additions were always `restock`); a removal from before the audit cannot be told from a
 * PUT's and stays `adjust`, counted as it was. Then the ledger is counted again (countPastMovements), then the
 * step is marked done: a start stopped in between does both again (the updates change nothing the second time,
 * the count replaces what it counts). Writes that land meanwhile are counted as countPastMovements says; an
 * instance of the version before, still running in a rolling upgrade, records its PUTs as `adjust` until it stops.
 *
 * A store whose user may not set the validator (applySchema warns) keeps the old one, which refuses `edit`: the
 * first update is refused, nothing is changed or marked, a warning says so, and the next start tries again.
 */
export async function reclassifyEdits(collections: MongoCollections, warn: (message: string) => void): Promise<void> {
  const { meta, audit, movements } = collections;
  if (await meta.findOne({ _id: EDITS_RECLASSIFIED_KEY })) return;
  let changed = 0;
  const toEdit = async (filter: Parameters<typeof movements.updateMany>[0]) => {
    changed += (await movements.updateMany({ ...filter, reason: 'adjust' }, { $set: { reason: 'edit' } }))
      .modifiedCount;
  };
  try {
    let ids: ObjectId[] = [];
    const entries = audit.find(
      { action: 'item.update', movementId: { $exists: true } },
      { projection: { _id: 0, movementId: 1 } },
    );
    for await (const entry of entries) {
      if (entry.movementId) ids.push(entry.movementId);
      if (ids.length < BATCH) continue;
      await toEdit({ _id: { $in: ids } });
      ids = [];
    }
    if (ids.length > 0) await toEdit({ _id: { $in: ids } });
    await toEdit({ delta: { $gt: 0 } });
  } catch (error) {
    if (!(error instanceof MongoServerError && error.code === DOCUMENT_VALIDATION_FAILURE)) throw error;
    warn(
      'MongoDB: the movements validator does not allow the reason `edit` yet (set it with collMod, see ' +
        'applySchema): past edits of quantities stay `adjust` until then; the next start tries again.',
    );
    return;
  }
  // Counted again when a movement changed reason now or at a start stopped before its mark.
  if (changed > 0 || (await movements.countDocuments({ reason: 'edit' }, { limit: 1 })) > 0) {
    await countPastMovements(collections, { again: true });
  }
  await meta.updateOne({ _id: EDITS_RECLASSIFIED_KEY }, { $set: { at: new Date() } }, { upsert: true });
}
