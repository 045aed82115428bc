import type { Item } from '@smart-zone/types/item';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { paths } from '../../../config/paths';
import type { ApiClient } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-client-context';
import { getItemQueryOptions } from './get-item';

/** GET /inventory?code=: the item that has exactly this code, its SKU or a barcode, or null. */
async function findByCode(api: ApiClient, code: string, signal?: AbortSignal): Promise<Item | null> {
  const items = await api.request<Item[]>(`/inventory?code=${encodeURIComponent(code)}`, { signal });
  return items[0] ?? null;
}

/** What a code may be (barcodeSchema): no spaces, 1–64 characters. Anything else is searched, not looked up. */
const CODE_SHAPE = /^[\x21-\x7e]{1,64}$/;

/**
 * The one lookup of a code (the header's search, a scanner's burst, the camera's Scan screen): the item with
 * exactly this code (its SKU or a barcode), put in the item's cache, or null (none, or text that is no code).
 */
export function useFindByCode() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return async function findItem(text: string): Promise<Item | null> {
    const code = text.trim();
    if (!CODE_SHAPE.test(code)) return null;
    const found = await queryClient.fetchQuery({
      queryKey: ['items', 'code', code],
      queryFn: ({ signal }) => findByCode(api, code, signal),
      // Asked each time: the code may have been given to an item a moment ago.
      staleTime: 0,
    });
    if (found) queryClient.setQueryData(getItemQueryOptions(api, found._id).queryKey, found);
    return found;
  };
}

/**
 * The one way a code is opened from the header (its search, a scanner's burst): an item with exactly this
 * code opens its page (useFindByCode); otherwise Manage Inventories lists what the text finds (a part of a
 * name, a supplier, a SKU or a barcode). Answers the item found, or null. The Scan screen shows the item
 * in place instead (useFindByCode).
 */
export function useOpenCode() {
  const findItem = useFindByCode();
  const navigate = useNavigate();
  return async function openCode(text: string): Promise<Item | null> {
    const code = text.trim();
    if (code === '') return null;
    const found = await findItem(code);
    if (found) {
      void navigate(paths.inventory.detail.href(found._id));
      return found;
    }
    void navigate(`${paths.manageInventories.href()}?${new URLSearchParams({ q: code }).toString()}`);
    return null;
  };
}
