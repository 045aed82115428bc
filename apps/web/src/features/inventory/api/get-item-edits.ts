import type { AuditEntry } from '@smart-zone/types/audit';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-client-context';
import { getPage } from '../../../lib/list-request';
import { getItemQueryOptions } from './get-item';

interface EditsPage {
  limit: number;
  skip?: number;
}

/**
 * GET /audit?itemId=&limit=&skip= (readAudit): who changed the item, newest first.
 * Keyed under the item itself, like its stock history: whatever refreshes the item refreshes these too.
 */
const getItemEditsQueryOptions = (api: ApiClient, itemId: string, page: EditsPage) =>
  queryOptions({
    queryKey: [...getItemQueryOptions(api, itemId).queryKey, 'audit', page],
    queryFn: ({ signal }) => getPage<AuditEntry>(api, '/audit', { itemId, ...page }, signal),
  });

export function useItemEdits(itemId: string, page: EditsPage) {
  return useQuery({ ...getItemEditsQueryOptions(useApiClient(), itemId, page), placeholderData: keepPreviousData });
}
