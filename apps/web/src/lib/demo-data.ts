import { TOTAL_COUNT_HEADER } from '@smart-zone/types/responses';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from './api-client';
import { useApiClient } from './api-client-context';

/** Whether the shop still holds only the first run's demo items, and how many there are. */
interface DemoData {
  demoOnly: boolean;
  /** The items the catalogue holds (X-Total-Count), while demoOnly; null when the API did not say. */
  items: number | null;
}

const DEMO_DATA_QUERY_KEY = ['demo-data'] as const;

/**
 * GET /demo-data (clearDemo: the owner) and, while only the demo items are there, how many they are (the
 * catalogue's count, GET /inventory?limit=1): the question "Delete the 10 demo items?" names them.
 */
const getDemoDataQueryOptions = (api: ApiClient) =>
  queryOptions({
    queryKey: DEMO_DATA_QUERY_KEY,
    queryFn: async ({ signal }): Promise<DemoData> => {
      const { demoOnly } = await api.request<{ demoOnly: boolean }>('/demo-data', { auth: true, signal });
      if (!demoOnly) return { demoOnly, items: null };
      const { headers } = await api.requestWithHeaders<unknown[]>('/inventory?limit=1', { signal });
      const total = Number(headers.get(TOTAL_COUNT_HEADER) ?? Number.NaN);
      return { demoOnly, items: Number.isInteger(total) ? total : null };
    },
  });

/** Asked only for `owner` (the one who may clear them). */
export function useDemoData(owner: boolean) {
  return useQuery({ ...getDemoDataQueryOptions(useApiClient()), enabled: owner });
}

/**
 * DELETE /demo-data: every demo item deleted at once (each in the audit). Every list, figure and page on screen
 * held them, so all of it is asked again; the shop is no longer the demo's from then on. A refusal (409
 * not_demo: the shop has its own data now) is toasted in the API's words, and the question is asked again.
 */
export function useClearDemo() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.request<{ removed: number }>('/demo-data', { method: 'DELETE', auth: true }),
    onSuccess: () => {
      queryClient.setQueryData<DemoData>(DEMO_DATA_QUERY_KEY, { demoOnly: false, items: null });
      // Not awaited: the card goes and the toast shows at once, while the pages behind catch up.
      void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== DEMO_DATA_QUERY_KEY[0] });
    },
    onError: () => queryClient.invalidateQueries({ queryKey: DEMO_DATA_QUERY_KEY }),
  });
}
