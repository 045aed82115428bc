import type Database from 'better-sqlite3';
import type { AuditEntry } from '@smart-zone/types/audit';
import type { AuditRepository } from '../store';
import { auditQueries, type AuditRow } from './audit-queries';
import { auditPageInline } from './read-jobs';
import type { SearchRunner } from './search-runner';

function toEntry(row: AuditRow): AuditEntry {
  return {
    _id: row.id,
    at: row.at,
    actor: { uid: row.actor_uid, email: row.actor_email },
    action: row.action,
    target: {
      kind: row.target_kind,
      id: row.target_id,
      name: row.target_name,
      // An item's own entries keep item_id only for the filter; their target is the item.
      ...(row.item_id && row.target_kind !== 'item' ? { itemId: row.item_id } : {}),
    },
    ...(row.changes_json ? { changes: JSON.parse(row.changes_json) as NonNullable<AuditEntry['changes']> } : {}),
    ...(row.reason ? { reason: row.reason } : {}),
    ...(row.movement_id ? { movementId: row.movement_id } : {}),
    requestId: row.request_id,
  };
}

/** The audit, newest first: shallow pages with a kept total here, the rest in the read worker (read-jobs.ts). */
export function sqliteAudit(db: Database.Database, worker: SearchRunner): AuditRepository {
  const reads = auditQueries(db);
  return {
    async list(filter, page) {
      const { rows, total } = auditPageInline(filter, page)
        ? reads.page(filter, page)
        : await worker.run<{ rows: AuditRow[]; total: number }>({ op: 'auditPage', filter, page });
      return { entries: rows.map(toEntry), total };
    },
  };
}
