import { ObjectId, type Filter } from 'mongodb';
import type { AuditFilter, AuditRepository } from '../store';
import { toAuditEntry, type AuditDoc, type MongoCollections } from './documents';
import { OPERATION_TIME_MS } from './mongo-ledger';

/** The list's query; null when it can match nothing (an itemId that is no ObjectId). */
function auditQuery({ actor, action, itemId, from, to }: AuditFilter): Filter<AuditDoc> | null {
  if (itemId !== undefined && !/^[0-9a-f]{24}$/i.test(itemId)) return null;
  return {
    ...(actor !== undefined ? { 'actor.email': actor } : {}),
    ...(action !== undefined ? { action } : {}),
    ...(itemId !== undefined ? { 'target.itemId': new ObjectId(itemId) } : {}),
    ...(from !== undefined || to !== undefined
      ? {
          at: {
            ...(from !== undefined ? { $gte: new Date(from) } : {}),
            ...(to !== undefined ? { $lte: new Date(to) } : {}),
          },
        }
      : {}),
  };
}

/**
 * The audit, read only: the ledger appends every entry in its write's
 * transaction (mongo-ledger.ts). Newest first by time, ties in commit order
 * (each write's seq, mongo-ledger.ts), as SQLite; each filter
 * has its index (schema.ts).
 */
export function mongoAudit({ audit }: MongoCollections): AuditRepository {
  return {
    async list(filter, { limit, skip }) {
      const query = auditQuery(filter);
      if (!query) return { entries: [], total: 0 };
      const everything = Object.keys(query).length === 0;
      const [docs, total] = await Promise.all([
        // A limit of 0 is "no limit" to MongoDB: ask for none at all.
        limit > 0
          ? audit.find(query).sort({ at: -1, seq: -1 }).skip(skip).limit(limit).maxTimeMS(OPERATION_TIME_MS).toArray()
          : [],
        // The whole audit's count from the collection's own count: entries are never deleted, and
        // counting a million index keys on every page would not fit the list's time.
        everything
          ? audit.estimatedDocumentCount({ maxTimeMS: OPERATION_TIME_MS })
          : audit.countDocuments(query, { maxTimeMS: OPERATION_TIME_MS }),
      ]);
      return { entries: docs.map(toAuditEntry), total };
    },
  };
}
