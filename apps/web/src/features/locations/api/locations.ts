import type { ErrorCode } from '@smart-zone/types/errors';
import type { BatchTransfer, Location, LocationItem, LocationPatch, NewLocation } from '@smart-zone/types/location';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-client-context';
import { getPage } from '../../../lib/list-request';
import { ITEM_DETAILS_QUERY_KEY } from '../../inventory/api/get-item';

/** The prefix of every locations query: any change to one refreshes them all (paths move with their parents). */
const LOCATIONS_QUERY_KEY = ['locations'] as const;

/** The refusals the Locations page shows beside what was refused (the API's message), not as a toast. */
const LOCATION_REFUSALS: ErrorCode[] = [
  'name_taken',
  'parent_not_found',
  'too_deep',
  'under_itself',
  'root',
  'has_children',
  'holds_stock',
  'not_found',
  'validation_failed',
];

export interface LocationsQuery {
  q?: string;
  parentId?: string;
  limit: number;
  skip?: number;
}

/** A page of locations; the previous page stays while the next one loads. */
export function useLocations(query: LocationsQuery, { enabled = true } = {}) {
  const api = useApiClient();
  return useQuery({
    queryKey: [...LOCATIONS_QUERY_KEY, 'list', query],
    // GET /locations?q=&parentId=&limit=&skip= (staff): by path, Main first, and how many in all.
    queryFn: ({ signal }) => getPage<Location>(api, '/locations', { ...query }, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}

const getLocationQueryOptions = (api: ApiClient, id: string) =>
  queryOptions({
    queryKey: [...LOCATIONS_QUERY_KEY, 'one', id],
    queryFn: ({ signal }) => api.request<Location>(`/locations/${encodeURIComponent(id)}`, { auth: true, signal }),
  });

/** GET /locations/:id (staff). */
export function useLocation(id: string) {
  return useQuery(getLocationQueryOptions(useApiClient(), id));
}

/** A change to the tree: done once every locations query on screen has been asked again. */
function useLocationChange<Input, Result>(send: (api: ApiClient, input: Input) => Promise<Result>) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Input) => send(api, input),
    meta: { errorsShownInline: LOCATION_REFUSALS },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: LOCATIONS_QUERY_KEY }),
  });
}

/** POST /locations (manager). */
export const useCreateLocation = () =>
  useLocationChange((api, input: NewLocation) =>
    api.request<Location>('/locations', { method: 'POST', body: input, auth: true }),
  );

/** PATCH /locations/:id (manager): a rename, a move, or both. */
export const useChangeLocation = () =>
  useLocationChange((api, { id, ...patch }: LocationPatch & { id: string }) =>
    api.request<Location>(`/locations/${encodeURIComponent(id)}`, { method: 'PATCH', body: patch, auth: true }),
  );

/** DELETE /locations/:id (manager): an empty location. */
export const useDeleteLocation = () =>
  useLocationChange((api, id: string) =>
    api.request(`/locations/${encodeURIComponent(id)}`, { method: 'DELETE', auth: true }),
  );

/** The first page of what a location holds: enough for a bin; the total says when there is more. */
export const LOCATION_ITEMS_PAGE_SIZE = 50;

/** Which of a location's items a page asks for: `deep` (sent only when given) its sub-locations too. */
export interface LocationItemsQuery {
  deep?: boolean;
  limit?: number;
  skip?: number;
}

/**
 * GET /locations/:id/items?deep=&limit=&skip= (staff): the items holding units there (with `deep`, there and
 * in the locations inside it, each item once), and how many in all. Without a query, the first page of what it
 * holds there only (the Locations page). Another page of the same question keeps its rows while it loads;
 * another location's (or `deep`'s) never shows them.
 */
export function useLocationItems(
  id: string,
  { deep, limit = LOCATION_ITEMS_PAGE_SIZE, skip }: LocationItemsQuery = {},
) {
  const api = useApiClient();
  return useQuery({
    queryKey: [...LOCATIONS_QUERY_KEY, 'items', id, { deep, limit, skip }] as const,
    queryFn: ({ signal }) =>
      getPage<LocationItem>(
        api,
        `/locations/${encodeURIComponent(id)}/items`,
        { deep: deep === undefined ? undefined : String(deep), limit, skip },
        signal,
      ),
    placeholderData: (previous, previousQuery) => {
      const [, , askedId, asked] = previousQuery?.queryKey ?? [];
      return askedId === id && asked?.deep === deep && asked?.limit === limit ? previous : undefined;
    },
  });
}

/**
 * POST /transfers (moveStock): many items' units moved to one location at once, all or none. Its refusals (a
 * line out of stock, an item or a location gone) are said beside the lines, which stay. Done: what the locations
 * hold and the items' stock lines are asked again.
 */
export function useTransferMany() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (batch: BatchTransfer) =>
      api.request<{ movementIds: string[] }>('/transfers', { method: 'POST', body: batch, auth: true }),
    meta: { errorsShownInline: ['out_of_stock', 'not_found', 'location_not_found', 'validation_failed'] },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: [...LOCATIONS_QUERY_KEY, 'items'] }),
        queryClient.invalidateQueries({ queryKey: ITEM_DETAILS_QUERY_KEY }),
      ]),
  });
}
