import { z } from 'zod';
import { alertListQuerySchema } from '@smart-zone/types/alert';
import { alertSchema, idParams } from '@smart-zone/types/api-schemas';
import { TOTAL_COUNT_HEADER } from '@smart-zone/types/item';
import { notFound } from '../errors/app-error';
import { json, totalCountHeader } from '../http/route-docs';
import { route } from '../http/route';
import type { Store } from '../store/store';

/** Low-stock alerts in the app (open while their item is low, then resolved): every role reads them; a clerk and above marks them read (roles.ts). */
export function alertsRoutes(deps: { store: Store }) {
  const { alerts } = deps.store;
  return [
    route({
      method: 'get',
      path: '/alerts',
      operationId: 'listAlerts',
      tag: 'alerts',
      summary: 'Low-stock alerts, newest first',
      description:
        'An alert is open while its item is at or below its reorder point (one per item) and resolved once the item ' +
        'rises above it or is deleted. `state=open` (the default), `resolved` or `all`; `unread=true`: only those ' +
        'nobody has marked read. The bell counts the open ones with `limit=1` and X-Total-Count.',
      access: 'readStock',
      query: alertListQuerySchema,
      responses: {
        '200': { description: 'Alerts', headers: totalCountHeader, content: json(z.array(alertSchema)) },
      },
      async handle({ query }, _req, res) {
        const page = await alerts.list(query);
        res.set(TOTAL_COUNT_HEADER, String(page.total)).json(page.alerts);
      },
    }),

    route({
      method: 'post',
      path: '/alerts/read-all',
      operationId: 'markAllAlertsRead',
      tag: 'alerts',
      summary: 'Mark every unread alert read',
      description: 'Answers how many it marked.',
      access: 'readAlerts',
      responses: {
        '200': { description: 'Marked', content: json(z.object({ marked: z.number().int().min(0) })) },
      },
      async handle(_input, _req, res) {
        res.json({ marked: await alerts.markAllRead() });
      },
    }),

    route({
      method: 'post',
      path: '/alerts/:id/read',
      operationId: 'markAlertRead',
      tag: 'alerts',
      summary: 'Mark one alert read',
      description: 'Once: marking it again keeps the first time.',
      access: 'readAlerts',
      params: idParams('alert'),
      responses: { '200': { description: 'The alert', content: json(alertSchema) } },
      refusals: { 404: 'No alert with that id (not_found)' },
      async handle({ params }, _req, res) {
        const alert = await alerts.markRead(params.id);
        if (!alert) throw notFound('No alert with that id');
        res.json(alert);
      },
    }),
  ];
}
