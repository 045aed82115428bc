import type { CountLine } from '@smart-zone/types/count';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-client-context';
import { useAuth } from '../../../lib/auth/auth-context';
import { sendOrQueue } from '../../../lib/offline/outbox';
import { COUNTS_QUERY_KEY } from './get-count';

/** What a counter does to one line: adds units to it (a scan is +1, −1 takes a wrong one back), or sets it. */
export type LineWrite = ({ itemId: string; units: number } | { itemId: string; counted: number }) & {
  /** The item's name, for the outbox's words when the write waits there. */
  name?: string;
};

const linePath = (countId: string, itemId: string) =>
  `/counts/${encodeURIComponent(countId)}/lines/${encodeURIComponent(itemId)}`;

/**
 * POST /counts/:id/lines/:itemId/add {units} (atomic: counters on one line lose nothing; 409 count_below_zero) or
 * PUT /counts/:id/lines/:itemId {counted} (countStock). An item not yet a line of the session becomes one.
 */
/** What a line write does, in a person's words (the outbox lists it so). */
export function lineWriteText(write: LineWrite): string {
  const item = write.name ?? 'an item';
  return 'units' in write
    ? `Count ${write.units > 0 ? '+' : ''}${write.units} of ${item}`
    : `Count ${item} as ${write.counted}`;
}

const writeLine = (api: ApiClient, uid: string, countId: string, write: LineWrite) => {
  const adds = 'units' in write;
  return sendOrQueue<CountLine>(api, {
    uid,
    kind: 'count-line',
    method: adds ? 'POST' : 'PUT',
    path: adds ? `${linePath(countId, write.itemId)}/add` : linePath(countId, write.itemId),
    body: adds ? { units: write.units } : { counted: write.counted },
    what: lineWriteText(write),
    itemId: write.itemId,
    amountField: adds ? undefined : 'counted',
  });
};

/**
 * A line counted: the line as the API now has it. Either way (409 count_not_open too: the count was applied or
 * cancelled meanwhile) the session's progress and lines on screen are asked again.
 */
export function useWriteCountLine(countId: string) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const uid = useAuth().user?.uid ?? '';
  return useMutation({
    mutationFn: (write: LineWrite) => writeLine(api, uid, countId, write),
    networkMode: 'always',
    onSettled: () => queryClient.invalidateQueries({ queryKey: COUNTS_QUERY_KEY }),
  });
}
