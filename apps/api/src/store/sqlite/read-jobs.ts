import type Database from 'better-sqlite3';
import type { AuditFilter, DeliveryFilter, ItemFilter, ItemListOptions } from '../store';
import { auditCountKey, auditQueries } from './audit-queries';
import { deliveryCountKey, deliveryQueries } from './delivery-queries';
import { itemQueries } from './item-queries';

/**
 * A page this deep or shallower is read on the server's connection: OFFSET walks
 * the index entry by entry (about 0.06 µs each here), so 5,000 cost some 0.3 ms.
 * Deeper pages (the audit's last page at 1,000,000 entries: some 60 ms) go to the
 * read worker, and so do totals that must be counted rather than read.
 */
export const INLINE_SKIP_MAX = 5_000;

interface PageWindow {
  limit: number;
  skip: number;
}

/** What the read worker is asked, by name, with plain-data arguments. */
export type ReadJob =
  | { op: 'list'; options: ItemListOptions }
  | { op: 'count'; filter: ItemFilter }
  | { op: 'seqs'; options: Omit<ItemListOptions, 'limit'> }
  | { op: 'auditPage'; filter: AuditFilter; page: PageWindow }
  | { op: 'deliveryPage'; filter: DeliveryFilter; page: PageWindow };

/** Whether an audit page is cheap enough for the server's connection: a kept total and a shallow page. */
export const auditPageInline = (filter: AuditFilter, page: PageWindow) =>
  page.skip <= INLINE_SKIP_MAX && auditCountKey(filter) !== undefined;

/** Whether a page of deliveries is cheap enough for the server's connection: a kept total and a shallow page. */
export const deliveryPageInline = (filter: DeliveryFilter, page: PageWindow) =>
  page.skip <= INLINE_SKIP_MAX && deliveryCountKey(filter) !== undefined;

export type Readers = ReturnType<typeof readers>;

/** The reads a connection answers, on the server's connection or the worker's. */
export function readers(db: Database.Database) {
  return { items: itemQueries(db), audit: auditQueries(db), deliveries: deliveryQueries(db) };
}

export function runReadJob(reads: Readers, job: ReadJob): unknown {
  switch (job.op) {
    case 'list':
      return reads.items.listRows(job.options);
    case 'count':
      return reads.items.count(job.filter);
    case 'seqs':
      return reads.items.orderedSeqs(job.options);
    case 'auditPage':
      return reads.audit.page(job.filter, job.page);
    case 'deliveryPage':
      return reads.deliveries.page(job.filter, job.page);
  }
}
