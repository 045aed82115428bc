import { z } from 'zod';
import type { auditEntrySchema } from './api-schemas';
import { objectIdSchema } from './ids';
import { limitParam, skipParam } from './item';
import { REASON_MAX } from './roles';
import { plainText } from './text';

/**
 * What an audit entry records. Every write appends exactly one, in the same
 * transaction as the write itself (both store adapters):
 * - `item.create`, `item.update` (a diff per field, the reorder point too), `item.delete`;
 * - `stock.restock`, `stock.remove`, `stock.undo` (linked to their movement);
 * - a CSV import writes `item.create` and `item.update` entries, its reason saying so;
 * - `delivery.create`, `delivery.cancel`;
 * - `member.add`, `member.role`, `member.remove` (the team);
 * - `location.create`, `location.update` (a rename or a move), `location.delete` (issue 34);
 * - `count.open`, `count.record` (a line counted: who counted what), `count.apply`, `count.cancel`, and
 *   `stock.count` for each movement an apply writes (issue 35).
 */
export const AUDIT_ACTIONS = [
  'item.create',
  'item.update',
  'item.delete',
  'stock.restock',
  'stock.remove',
  'stock.undo',
  'stock.transfer',
  'stock.count',
  'delivery.create',
  'delivery.cancel',
  'member.add',
  'member.role',
  'member.remove',
  'member.name',
  'location.create',
  'location.update',
  'location.delete',
  'count.open',
  'count.record',
  'count.apply',
  'count.cancel',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** What an entry is about: an item, a delivery (of an item), a team member, a location or a count session. */
export const AUDIT_TARGETS = ['item', 'delivery', 'member', 'location', 'count'] as const;
export type AuditTargetKind = (typeof AUDIT_TARGETS)[number];

/** Why a write was made: free text, optional unless roles.ts's reasonRequired says otherwise. */
export const reasonSchema = plainText('Reason')
  .trim()
  .max(REASON_MAX, `Reason must be at most ${REASON_MAX} characters`)
  .optional()
  .transform((reason) => reason || undefined)
  .meta({ description: `Why (at most ${REASON_MAX} characters): kept in the audit entry` });

/** A write with no body (a DELETE) takes its reason in the query. */
export const reasonQuerySchema = z.object({ reason: reasonSchema });

/** An email filter: trimmed and lower-cased, as stored. */
export const emailFilter = plainText('email').trim().toLowerCase().pipe(z.email('email must be a valid email address'));

/** `from` and `to` filters: an ISO date (`2026-11-25`) or date-time; `to` is inclusive of its whole day when a date. */
export const timeFilter = (name: 'from' | 'to') =>
  plainText(name)
    .trim()
    .pipe(
      z.union([z.iso.date(), z.iso.datetime({ offset: true })], {
        error: `${name} must be a date (YYYY-MM-DD) or an ISO date-time`,
      }),
    )
    .transform((text) =>
      text.length > 10
        ? new Date(text).toISOString()
        : name === 'from'
          ? `${text}T00:00:00.000Z`
          : `${text}T23:59:59.999Z`,
    );

export const AUDIT_LIMIT_MAX = 200;

/** GET /api/audit?actor=&action=&itemId=&from=&to=&limit=&skip= — newest first. */
export const auditQuerySchema = z.object({
  actor: emailFilter.optional().meta({ description: "The actor's email" }),
  action: z.enum(AUDIT_ACTIONS, { error: `action must be one of ${AUDIT_ACTIONS.join(', ')}` }).optional(),
  itemId: objectIdSchema.optional(),
  from: timeFilter('from').optional(),
  to: timeFilter('to').optional(),
  limit: limitParam(AUDIT_LIMIT_MAX).default(50),
  skip: skipParam.default(0),
});
export type AuditQuery = z.output<typeof auditQuerySchema>;

/** One audit entry (its schema: api-schemas.ts). */
export type AuditEntry = z.output<typeof auditEntrySchema>;
