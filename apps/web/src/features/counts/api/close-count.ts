import type { ApplyCount, Count, CountApplyResult } from '@smart-zone/types/count';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-client-context';
import { ITEM_DETAILS_QUERY_KEY } from '../../inventory/api/get-item';
import { getItemsQueryOptions } from '../../inventory/api/get-items';
import { COUNTS_QUERY_KEY, getCountQueryOptions } from './get-count';

const countPath = (id: string) => `/counts/${encodeURIComponent(id)}`;

/** A session closed: shown closed at once, then every counts query on screen asked again. */
function useCloseCount<Input, Result>(
  id: string,
  send: (api: ApiClient, input: Input) => Promise<Result>,
  closed: (result: Result) => Count,
  moved: boolean,
) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Input) => send(api, input),
    onSuccess: (result) => queryClient.setQueryData(getCountQueryOptions(api, id).queryKey, closed(result)),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: COUNTS_QUERY_KEY }),
        // An apply wrote `count` movements: the items' quantities and histories changed.
        moved && queryClient.invalidateQueries({ queryKey: getItemsQueryOptions(api).queryKey }),
        moved && queryClient.invalidateQueries({ queryKey: ITEM_DETAILS_QUERY_KEY }),
      ]),
  });
}

/**
 * POST /counts/:id/apply {uncounted} (manageCounts): a `count` movement per counted line off the ledger
 * (counted − what the ledger had when it was counted); `zero`: the uncounted lines counted as 0. 409 count_not_open.
 */
export const useApplyCount = (id: string) =>
  useCloseCount(
    id,
    (api, input: ApplyCount) =>
      api.request<CountApplyResult>(`${countPath(id)}/apply`, { method: 'POST', body: input, auth: true }),
    (result) => result.count,
    true,
  );

/** POST /counts/:id/cancel (manageCounts): closed without writing anything. 409 count_not_open. */
export const useCancelCount = (id: string) =>
  useCloseCount(
    id,
    (api, _input: void) => api.request<Count>(`${countPath(id)}/cancel`, { method: 'POST', auth: true }),
    (count) => count,
    false,
  );
