import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-client-context';
import type { CsvFile } from '../../../lib/download-csv';
import { COUNTS_QUERY_KEY } from './get-count';

/** GET /counts/:id/sheet.csv (countStock): itemId, sku, name, expected (empty when blind to the caller), counted. */
export const countSheetCsv = (id: string): CsvFile => ({
  path: `/counts/${encodeURIComponent(id)}/sheet.csv`,
  auth: true,
  fallbackName: 'count-sheet.csv',
});

/** What an uploaded sheet did: the lines its non-empty `counted` cells set, and its rows refused. */
export interface CountSheetReport {
  updated: number;
  errors: { row: number; message: string }[];
}

/** POST /counts/:id/sheet, the CSV itself as the body (text/csv): the lines it counts are set. */
const uploadSheet = (api: ApiClient, id: string, file: Blob) =>
  api.request<CountSheetReport>(`/counts/${encodeURIComponent(id)}/sheet`, {
    method: 'POST',
    auth: true,
    upload: { file, type: 'text/csv' },
  });

export function useUploadCountSheet(id: string) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: Blob) => uploadSheet(api, id, file),
    onSettled: () => queryClient.invalidateQueries({ queryKey: COUNTS_QUERY_KEY }),
  });
}
