import type { Alert } from '@smart-zone/types/alert';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-client-context';
import { ALERTS_QUERY_KEY } from '../../../lib/query-client';

/** POST /alerts/:id/read (staff). */
const markAlertRead = (api: ApiClient, id: string) =>
  api.request<Alert>(`/alerts/${encodeURIComponent(id)}/read`, { method: 'POST', auth: true });

/** Done once the list and the bell have been asked again, so the row changes as the button finishes. */
export function useMarkAlertRead() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (alert: Alert) => markAlertRead(api, alert._id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ALERTS_QUERY_KEY }),
  });
}
