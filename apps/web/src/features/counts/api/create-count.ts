import type { Count, NewCount } from '@smart-zone/types/count';
import type { ErrorCode } from '@smart-zone/types/errors';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-client-context';
import { COUNTS_QUERY_KEY, getCountQueryOptions } from './get-count';

/** POST /counts (manageCounts): a session over the scope's items as they are now; 422 count_too_large past its limit. */
const createCount = (api: ApiClient, input: NewCount) =>
  api.request<Count>('/counts', { method: 'POST', body: input, auth: true });

export function useCreateCount() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: NewCount) => createCount(api, input),
    // The New count form says these beside its fields.
    meta: { errorsShownInline: ['location_not_found', 'count_too_large', 'validation_failed'] satisfies ErrorCode[] },
    onSuccess: async (count) => {
      // The count screen it opens shows the session at once.
      queryClient.setQueryData(getCountQueryOptions(api, count._id).queryKey, count);
      await queryClient.invalidateQueries({ queryKey: [...COUNTS_QUERY_KEY, 'list'] });
    },
  });
}
