import type { AuditEntry } from '@smart-zone/types/audit';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-client-context';
import { getPage } from '../../../lib/list-request';

export type AuditFilters = Record<'actor' | 'action' | 'itemId' | 'from' | 'to', string>;

interface AuditQuery extends Partial<AuditFilters> {
  limit: number;
  skip?: number;
}

/**
 * GET /audit?actor=&action=&itemId=&from=&to=&limit=&skip= (readOwnAudit): newest first. Below a
 * manager the API answers only the caller's own entries.
 */
const getAuditQueryOptions = (api: ApiClient, query: AuditQuery) =>
  queryOptions({
    queryKey: ['audit', query],
    queryFn: ({ signal }) => getPage<AuditEntry>(api, '/audit', { ...query }, signal),
  });

export function useAudit(query: AuditQuery, { enabled = true } = {}) {
  return useQuery({ ...getAuditQueryOptions(useApiClient(), query), placeholderData: keepPreviousData, enabled });
}
