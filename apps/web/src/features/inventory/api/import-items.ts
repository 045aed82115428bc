import type { ImportMode, ImportReport, StalePolicy } from '@smart-zone/types/imports';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-client-context';
import { ITEM_DETAILS_QUERY_KEY } from './get-item';
import { getItemsQueryOptions } from './get-items';

export interface ImportRequest {
  file: Blob;
  /** Check the file and say what it would change, writing nothing. */
  dryRun: boolean;
  /** `receive`: a supplier's delivery note, its quantities added (absent: update). */
  mode?: ImportMode;
  /** What a row about an item changed since the export takes (absent: the API's default, the app's quantity). */
  stale?: StalePolicy;
  /** How much of the file has been sent. */
  onProgress?: (sent: number, total: number) => void;
}

/**
 * POST /imports[?dryRun=true] (manageItems): the CSV file itself is the body,
 * as text/csv, streamed from disk with its upload's progress. A file with
 * errors is a 400 import_invalid listing them by row (ApiError.rows).
 */
function importPath({ dryRun, mode, stale }: Pick<ImportRequest, 'dryRun' | 'mode' | 'stale'>) {
  const query = new URLSearchParams();
  if (dryRun) query.set('dryRun', 'true');
  if (mode === 'receive') query.set('mode', mode);
  else if (stale && stale !== 'app') query.set('stale', stale);
  const text = query.toString();
  return `/imports${text ? `?${text}` : ''}`;
}

const importItems = (api: ApiClient, { file, onProgress, ...asked }: ImportRequest) =>
  api.request<ImportReport>(importPath(asked), {
    method: 'POST',
    auth: true,
    upload: { file, type: 'text/csv', onProgress },
  });

export function useImportItems() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: ImportRequest) => importItems(api, request),
    // The Import page lists the file's errors by row and column.
    meta: { errorsShownInline: ['import_invalid'] },
    // An applied import may have changed any item: every list and every item's page.
    onSuccess: (report) =>
      report.dryRun
        ? undefined
        : Promise.all([
            queryClient.invalidateQueries({ queryKey: getItemsQueryOptions(api).queryKey }),
            queryClient.invalidateQueries({ queryKey: ITEM_DETAILS_QUERY_KEY }),
          ]),
  });
}
