import { z } from 'zod';
import { auditEntrySchema } from '@smart-zone/types/api-schemas';
import { auditQuerySchema } from '@smart-zone/types/audit';
import { TOTAL_COUNT_HEADER } from '@smart-zone/types/item';
import { can } from '@smart-zone/types/roles';
import { currentRole, currentUser } from '../auth/require-user';
import { forbidden } from '../errors/app-error';
import { json, totalCountHeader } from '../http/route-docs';
import { route } from '../http/route';
import type { Store } from '../store/store';

/** GET /api/audit: managers and owners read every entry; the roles below read only their own. */
export function auditRoutes(deps: { store: Store }) {
  return [
    route({
      method: 'get',
      path: '/audit',
      operationId: 'listAudit',
      tag: 'audit',
      summary: 'Audit entries, newest first, a page at a time',
      description:
        'Filters: `actor` (email), `action`, `itemId` (the item, its stock and its deliveries), `from` and `to` ' +
        '(dates or date-times, inclusive). X-Total-Count answers how many match. Below the manager role the ' +
        'answer holds only the caller’s own entries, and `actor` may name only the caller.',
      access: 'readOwnAudit',
      query: auditQuerySchema,
      responses: {
        '200': { description: 'Entries', headers: totalCountHeader, content: json(z.array(auditEntrySchema)) },
      },
      refusals: { 403: '`actor` names someone else and the caller’s role is below manager (forbidden)' },
      async handle({ query: { limit, skip, ...filter } }, _req, res) {
        const self = currentUser(res).email.toLowerCase();
        if (!can(currentRole(res), 'readAudit')) {
          if (filter.actor !== undefined && filter.actor !== self) {
            throw forbidden('You can read only your own audit entries: the whole audit needs the manager role.');
          }
          filter.actor = self;
        }
        const page = await deps.store.audit.list(filter, { limit, skip });
        res.set(TOTAL_COUNT_HEADER, String(page.total)).json(page.entries);
      },
    }),
  ];
}
