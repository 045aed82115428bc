import type { CountLine } from '@smart-zone/types/count';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-client-context';
import { COUNTS_QUERY_KEY } from './get-count';

/** What a counter does to one line: adds units to it (a scan is +1, −1 takes a wrong one back), or sets it. */
export type LineWrite = { itemId: string; units: number } | { itemId: string; counted: number };

const linePath = (countId: string, itemId: string) =>
  `/counts/${encodeURIComponent(countId)}/lines/${encodeURIComponent(itemId)}`;

/**
 * POST /counts/:id/lines/:itemId/add {units} (atomic: counters on one line lose nothing; 409 count_below_zero) or
 * PUT /counts/:id/lines/:itemId {counted} (countStock). An item not yet a line of the session becomes one.
 */
const writeLine = (api: ApiClient, countId: string, write: LineWrite) =>
  'units' in write
    ? api.request<CountLine>(`${linePath(countId, write.itemId)}/add`, {
        method: 'POST',
        body: { units: write.units },
        auth: true,
      })
    : api.request<CountLine>(linePath(countId, write.itemId), {
        method: 'PUT',
        body: { counted: write.counted },
        auth: true,
      });

/**
 * A line counted: the line as the API now has it. Either way (409 count_not_open too: the count was applied or
 * cancelled meanwhile) the session's progress and lines on screen are asked again.
 */
export function useWriteCountLine(countId: string) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (write: LineWrite) => writeLine(api, countId, write),
    onSettled: () => queryClient.invalidateQueries({ queryKey: COUNTS_QUERY_KEY }),
  });
}
