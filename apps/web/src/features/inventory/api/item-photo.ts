import type { ItemPhoto } from '@smart-zone/types/api-schemas';
import { ERROR_CODES } from '@smart-zone/types/errors';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-client-context';

export interface PhotoUpload {
  itemId: string;
  photo: Blob;
  onProgress?: (sent: number, total: number) => void;
}

/** PUT /inventory/:id/photo: the image itself, as its type, with its progress. */
const setItemPhoto = (api: ApiClient, { itemId, photo, onProgress }: PhotoUpload) =>
  api.request<ItemPhoto>(`/inventory/${encodeURIComponent(itemId)}/photo`, {
    method: 'PUT',
    auth: true,
    upload: { file: photo, type: photo.type || 'image/jpeg', onProgress },
  });

/** DELETE /inventory/:id/photo. */
const removeItemPhoto = (api: ApiClient, itemId: string) =>
  api.request<{ img: '' }>(`/inventory/${encodeURIComponent(itemId)}/photo`, { method: 'DELETE', auth: true });

/**
 * Every item query asks again: the item's page and the lists show the new picture. `inline`: the page shows
 * the API's refusals itself (the photo's own status, with Try again), not as a toast.
 */
function usePhotoMutation<T>(send: (api: ApiClient, input: T) => Promise<unknown>, inline = false) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: T) => send(api, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['items'] }),
    ...(inline ? { meta: { errorsShownInline: [...ERROR_CODES] } } : {}),
  });
}

export const useSetItemPhoto = () => usePhotoMutation(setItemPhoto, true);
export const useRemoveItemPhoto = () => usePhotoMutation(removeItemPhoto);
