import { useMutation } from '@tanstack/react-query';
import type { ApiClient } from './api-client';
import { useApiClient } from './api-client-context';
import { type ListRequest, searchOf } from './list-request';
import { saveFile } from './save-file';

/** A CSV file the API writes: where to ask for it, and how. */
export interface CsvFile {
  /** Its route, without the query (`/inventory.csv`). */
  path: string;
  /** Its query; empty values are left out, as a list's are. */
  query?: ListRequest;
  /** A staff route: send the accessToken (a plain link could not send it). */
  auth?: boolean;
  /** The name to save it under when the API gives none. */
  fallbackName: string;
}

/** Asks the API for the file, then hands it to the browser's download under the name the API gives it. */
async function downloadCsv(api: ApiClient, { path, query = {}, auth = false, fallbackName }: CsvFile) {
  const { blob, filename } = await api.download(`${path}${searchOf(query)}`, { auth, accept: 'text/csv' });
  saveFile(blob, filename ?? fallbackName);
}

/**
 * The one way the app downloads a CSV: `mutate(file)`. Busy while it
 * downloads; a failure toasts the API's message (query-client.ts).
 */
export function useDownloadCsv() {
  const api = useApiClient();
  return useMutation({ mutationFn: (file: CsvFile) => downloadCsv(api, file) });
}
