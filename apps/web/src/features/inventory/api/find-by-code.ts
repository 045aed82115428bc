import type { Item } from '@smart-zone/types/item';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { ApiError, type ApiClient } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-client-context';
import { ownPageOf } from '../../../lib/own-pages';
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
 * exactly this code (its SKU or a barcode), or whose page an item label's QR code names, put in the item's
 * cache; or null (none, a location's label, or text that is no code).
 */
export function useFindByCode() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return async function findItem(text: string): Promise<Item | null> {
    const code = text.trim();
    // An item label's QR code: its page's address, read as the item (a location's names no item).
    const page = ownPageOf(code);
    if (page?.kind === 'item') {
      try {
        return await queryClient.fetchQuery({ ...getItemQueryOptions(api, page.id), staleTime: 0 });
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    }
    if (page || !CODE_SHAPE.test(code)) return null;
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
 * The one way a code is opened from the header (its search, a scanner's burst): a location label's code
 * opens the location; an item with exactly this code opens its page (useFindByCode); otherwise Manage Inventories lists what the text finds (a part of a
 * name, a supplier, a SKU or a barcode). Answers the item found, or null. The Scan screen shows the item
 * in place instead (useFindByCode).
 */
export function useOpenCode() {
  const findItem = useFindByCode();
  const navigate = useNavigate();
  return async function openCode(text: string): Promise<Item | null> {
    const code = text.trim();
    if (code === '') return null;
    const page = ownPageOf(code);
    if (page?.kind === 'location') {
      void navigate(paths.locations.openHref(page.id));
      return null;
    }
    const found = await findItem(code);
    if (found) {
      void navigate(paths.inventory.detail.href(found._id));
      return found;
    }
    void navigate(`${paths.manageInventories.href()}?${new URLSearchParams({ q: code }).toString()}`);
    return null;
  };
}
