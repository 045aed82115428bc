import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-client-context';
import { ALERTS_QUERY_KEY } from '../../../lib/query-client';

/** POST /alerts/read-all (staff): how many it marked. */
const markAllAlertsRead = (api: ApiClient) =>
  api.request<{ marked: number }>('/alerts/read-all', { method: 'POST', auth: true });

/** Done once the list and the bell have been asked again. */
export function useMarkAllAlertsRead() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => markAllAlertsRead(api),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ALERTS_QUERY_KEY }),
  });
}
