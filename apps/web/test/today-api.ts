import type { Alert } from '@smart-zone/types/alert';
import type { AuditEntry } from '@smart-zone/types/audit';
import type { Count } from '@smart-zone/types/count';
import { type fakeApi, page } from './fake-api';

/**
 * What the Today page asks the API, answered: the open alerts, today's audit entries (`movements`), the open counts
 * and, for its first steps, the newest `item.create` entry (`created`: none unless the test says).
 */
export function todayRoutes({
  alerts = [],
  movements = [],
  counts = [],
  created = [],
}: {
  alerts?: Alert[];
  movements?: AuditEntry[];
  counts?: Count[];
  created?: AuditEntry[];
} = {}): Parameters<typeof fakeApi>[0] {
  return {
    'GET /alerts?state=open&limit=5': () => page(alerts),
    'GET /audit?from=*': () => page(movements),
    'GET /audit?action=item.create&limit=1': () => page(created),
    'GET /counts?state=open&limit=3': () => page(counts),
  };
}
