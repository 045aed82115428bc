import { TOTAL_COUNT_HEADER } from '@smart-zone/types/responses';
import type { ApiClient } from './api-client';
import type { Page } from './page';

/** A list's query as the address gives it: every filter as text ('' or absent: none), the page as limit and skip. */
export type ListRequest = Record<string, string | number | undefined>;

/** A query's non-empty values as the address's `?…` ('' when none is left). */
export function searchOf(query: ListRequest): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  return params.size ? `?${params}` : '';
}

/**
 * GET `path` with the query's non-empty values, with the accessToken: one
 * page of rows, and how many match in all (X-Total-Count).
 */
export async function getPage<T>(api: ApiClient, path: string, query: ListRequest, signal?: AbortSignal) {
  const { data, headers } = await api.requestWithHeaders<T[]>(`${path}${searchOf(query)}`, { auth: true, signal });
  const total = headers.get(TOTAL_COUNT_HEADER);
  return { items: data, total: total === null ? data.length : Number(total) } satisfies Page<T>;
}

/** The API's limit and skip for page `page` of `size` rows (skip left out on the first). */
export const pageWindow = (page: number, size: number) => ({
  limit: size,
  skip: page > 1 ? (page - 1) * size : undefined,
});
