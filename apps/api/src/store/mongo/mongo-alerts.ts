import { ObjectId, type Filter } from 'mongodb';
import { ALERT_CHANNELS, type AlertChannel, type AlertEvent, type AlertState } from '@smart-zone/types/alert';
import type { AlertRepository } from '../store';
import { toAlert, type AlertDoc, type AlertSendDoc, type MongoCollections } from './documents';
import { inTx, OPERATION_TIME_MS, type MongoLedger } from './mongo-ledger';

const read = { maxTimeMS: OPERATION_TIME_MS };
const UNREAD: Filter<AlertDoc> = { readAt: { $exists: false } };
/** The open alerts (one per low item), the resolved ones, or all. */
const STATES: Record<AlertState | 'all', Filter<AlertDoc>> = {
  open: { open: true },
  resolved: { open: { $exists: false } },
  all: {},
};

/** An alert's id as the database holds it; null for text that cannot be one (no such alert). */
const alertKey = (id: string) => (/^[0-9a-f]{24}$/i.test(id) ? new ObjectId(id) : null);

/**
 * Low-stock alerts, raised by the ledger in the same transaction as their
 * change (mongo-ledger.ts), and their outbox: `alertSends` holds each
 * channel's attempts at an alert, and an alert's `pending` the channels that
 * never tried it. Both change together in recordSend's transaction.
 */
export function mongoAlerts({ alerts, alertSends }: MongoCollections, { write }: MongoLedger): AlertRepository {
  /** The alerts with the channels that gave up on each, in the order given. */
  async function withFailed(docs: readonly AlertDoc[]) {
    if (docs.length === 0) return [];
    const failed = await alertSends
      .find(
        { alertId: { $in: docs.map((doc) => doc._id) }, state: 'failed' },
        { projection: { alertId: 1, channel: 1 } },
      )
      .maxTimeMS(OPERATION_TIME_MS)
      .toArray();
    const byAlert = new Map<string, AlertChannel[]>();
    for (const send of failed) {
      const key = send.alertId.toHexString();
      byAlert.set(key, [...(byAlert.get(key) ?? []), send.channel]);
    }
    // One order whatever the database's: the channels' own.
    const ordered = (channels: AlertChannel[] = []) => ALERT_CHANNELS.filter((channel) => channels.includes(channel));
    return docs.map((doc) => toAlert(doc, ordered(byAlert.get(doc._id.toHexString()))));
  }

  return {
    async list({ state = 'all', unread, limit, skip }) {
      const filter = { ...STATES[state], ...(unread ? UNREAD : {}) };
      const [docs, total] = await Promise.all([
        // A limit of 0 is "no limit" to MongoDB: ask for none at all.
        limit > 0
          ? alerts.find(filter).sort({ seq: -1 }).skip(skip).limit(limit).maxTimeMS(OPERATION_TIME_MS).toArray()
          : [],
        unread || state !== 'all'
          ? alerts.countDocuments(filter, read)
          : alerts.countDocuments({}, { hint: { _id: 1 }, maxTimeMS: OPERATION_TIME_MS }),
      ]);
      return { alerts: await withFailed(docs), total };
    },
    unreadCount() {
      return alerts.countDocuments(UNREAD, read);
    },
    async markRead(id) {
      const _id = alertKey(id);
      if (!_id) return null;
      // Once: a second call finds it read and keeps the first time.
      await alerts.updateOne({ _id, ...UNREAD }, { $set: { readAt: new Date() } }, inTx());
      const doc = await alerts.findOne({ _id }, read);
      return doc ? ((await withFailed([doc]))[0] ?? null) : null;
    },
    async markAllRead() {
      return (await alerts.updateMany(UNREAD, { $set: { readAt: new Date() } }, inTx())).modifiedCount;
    },
    async due(channel, { since, now, limit, resolved = false }) {
      if (limit <= 0) return [];
      // The three parts, each oldest first and at most `limit` long: the first `limit` of their union is in them.
      const [retries, untried, resolutions] = await Promise.all([
        alertSends
          .find({ state: 'retry', channel, retryAt: { $lte: new Date(now) } })
          .sort({ alertSeq: 1 })
          .limit(limit)
          .maxTimeMS(OPERATION_TIME_MS)
          .toArray(),
        alerts
          .find({ pending: channel, at: { $gte: new Date(since) } })
          .sort({ seq: 1 })
          .limit(limit)
          .maxTimeMS(OPERATION_TIME_MS)
          .toArray(),
        resolved
          ? alerts
              .find({ resolvedPending: channel, resolvedAt: { $gte: new Date(since) } })
              .sort({ seq: 1 })
              .limit(limit)
              .maxTimeMS(OPERATION_TIME_MS)
              .toArray()
          : [],
      ]);
      const retried =
        retries.length > 0
          ? await alerts
              .find({ _id: { $in: retries.map((send) => send.alertId) } })
              .maxTimeMS(OPERATION_TIME_MS)
              .toArray()
          : [];
      const docs = new Map(retried.map((doc) => [doc._id.toHexString(), doc]));
      const due = new Map<string, { doc: AlertDoc; attempts: number; event: AlertEvent }>();
      const keyOf = (doc: AlertDoc, event: AlertEvent) => `${doc._id.toHexString()}.${event}`;
      for (const send of retries) {
        const doc = docs.get(send.alertId.toHexString());
        const event = send.event ?? 'opened';
        if (doc) due.set(keyOf(doc, event), { doc, attempts: send.attempts, event });
      }
      // One both pending and retried (a standalone server stopped between recordSend's two writes) goes once.
      const untriedOf = (list: AlertDoc[], event: AlertEvent) => {
        for (const doc of list)
          if (!due.has(keyOf(doc, event))) due.set(keyOf(doc, event), { doc, attempts: 0, event });
      };
      untriedOf(untried, 'opened');
      untriedOf(resolutions, 'resolved');
      const order = (event: AlertEvent) => (event === 'opened' ? 0 : 1);
      return [...due.values()]
        .sort((a, b) => a.doc.seq - b.doc.seq || order(a.event) - order(b.event))
        .slice(0, limit)
        .map(({ doc, attempts: tried, event }) => ({ alert: toAlert(doc), attempts: tried, event }));
    },
    async recordSend(alertId, channel, outcome, event = 'opened') {
      const _id = alertKey(alertId);
      if (!_id) return;
      const $set: Partial<AlertSendDoc> = { state: outcome.state };
      const $unset: Partial<Record<'retryAt' | 'lastError', ''>> = {};
      if (outcome.state === 'retry') $set.retryAt = new Date(outcome.retryAt);
      else $unset.retryAt = '';
      if (outcome.state === 'sent') $unset.lastError = '';
      else $set.lastError = outcome.error;
      await write(async (session) => {
        // No longer untried on this channel, whatever came of it.
        const alert = await alerts.findOneAndUpdate(
          { _id },
          event === 'resolved' ? { $pull: { resolvedPending: channel } } : { $pull: { pending: channel } },
          { projection: { seq: 1 }, ...inTx(session) },
        );
        if (!alert) return;
        await alertSends.updateOne(
          // An opening's send has no event (as those from before resolutions were sent).
          { alertId: _id, channel, event: event === 'resolved' ? 'resolved' : { $exists: false } },
          {
            $set: { ...$set, alertSeq: alert.seq },
            $inc: { attempts: 1 },
            ...(Object.keys($unset).length ? { $unset } : {}),
          },
          { upsert: true, ...inTx(session) },
        );
      });
    },
    failedCount() {
      return alertSends.countDocuments({ state: 'failed' }, read);
    },
  };
}
