import { useMutation } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-client-context';
import { saveFile } from '../../../lib/save-file';

/** GET /inventory/reorder.csv (staff): the whole reorder list as a CSV file. */
const downloadReorderList = (api: ApiClient) =>
  api.download('/inventory/reorder.csv', { auth: true, accept: 'text/csv' });

/**
 * Fetched with the bearer token (a plain link could not send it), then handed
 * to the browser's download under the name the API gives it.
 */
export function useDownloadReorderList() {
  const api = useApiClient();
  return useMutation({
    mutationFn: async () => {
      const { blob, filename } = await downloadReorderList(api);
      saveFile(blob, filename ?? 'reorder-list.csv');
    },
  });
}
