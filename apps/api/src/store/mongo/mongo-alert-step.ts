import { ObjectId, type ClientSession } from 'mongodb';
import { ALERT_CHANNELS, type AlertKind } from '@smart-zone/types/alert';
import type { AlertDoc, MongoCollections } from './documents';
import type { ItemChange } from './mongo-ledger';
import { inTx } from './mongo-tx';

/** The alert a change's feed entry names (opened or resolved; an update is not news). */
export interface AlertRef {
  id: ObjectId;
  kind: AlertKind;
}

/**
 * What each change does to its item's alert (stock-alerts.ts), inside the caller's write, in order: opens one
 * (many opens go as one insert: a create's or an import's), brings the open one up to date, or resolves it. The partial unique index
 * `one_open_per_item` (schema-indexes.ts) holds one open alert per item whatever happens here. Answers each
 * change's alert for the feed, in order.
 */
export async function keepAlerts(
  { alerts }: MongoCollections,
  list: readonly ItemChange[],
  movementIds: readonly (ObjectId | undefined)[],
  session?: ClientSession,
): Promise<(AlertRef | undefined)[]> {
  const refs: (AlertRef | undefined)[] = [];
  let opens: AlertDoc[] = [];
  const flush = async () => {
    if (opens.length > 0) await alerts.insertMany(opens, inTx(session));
    opens = [];
  };
  for (const [index, change] of list.entries()) {
    const step = change.alert;
    const { itemId, after, at, seq } = change;
    const movementId = movementIds[index];
    if (!step) {
      refs.push(undefined);
    } else if (step.op === 'resolve') {
      await flush();
      const resolved = await alerts.findOneAndUpdate(
        { itemId, open: true },
        {
          $unset: { open: '' },
          $set: {
            resolvedAt: at,
            resolvedPending: [...ALERT_CHANNELS],
            ...(movementId ? { resolvedBy: movementId } : {}),
          },
        },
        { projection: { _id: 1, kind: 1 }, ...inTx(session) },
      );
      refs.push(resolved ? { id: resolved._id, kind: resolved.kind } : undefined);
    } else {
      const fields = {
        itemName: change.itemName,
        kind: step.kind,
        quantity: after!.quantity,
        minStock: after!.minStock,
      };
      if (step.op === 'update') {
        await flush();
        const kept = await alerts.updateOne({ itemId, open: true }, { $set: fields }, inTx(session));
        // Updated: not news. (An item low without an open alert, which the migration leaves none of, gets one.)
        if (kept.matchedCount === 1) {
          refs.push(undefined);
          continue;
        }
      }
      const doc: AlertDoc = {
        _id: new ObjectId(),
        itemId,
        ...fields,
        ...(movementId ? { movementId } : {}),
        at,
        seq,
        pending: [...ALERT_CHANNELS],
        open: true,
      };
      opens.push(doc);
      refs.push({ id: doc._id, kind: step.kind });
    }
  }
  await flush();
  return refs;
}
