import type { AccessClaims } from '@smart-zone/types/auth';
import type { DeliveredItem, DeliveryInput, DeliveryState } from '@smart-zone/types/delivery';
import { quantityLimitMessage } from '@smart-zone/types/item';
import type { DeleteResult, InsertResult } from '@smart-zone/types/responses';
import { AppError, forbidden, notFound, outOfStock } from '../errors/app-error';
import type { Author, Store } from '../store/store';

/** My Item: a user only ever reads, adds or cancels their own deliveries, which belong to their uid. */
export function deliveriesService(store: Store) {
  return {
    list(caller: AccessClaims, email: string | undefined, state?: DeliveryState): Promise<DeliveredItem[]> {
      if (email !== undefined && email !== caller.email) {
        throw forbidden('You can only see your own deliveries', 'asked for the deliveries of another email');
      }
      return store.deliveries.listByOwner(caller.uid, state);
    },

    async create(caller: Author, input: DeliveryInput): Promise<InsertResult> {
      if (input.email !== caller.email) {
        throw forbidden('You can only record deliveries under your own email', 'delivery under another email');
      }
      const outcome = await store.deliveries.create({
        owner: caller,
        name: input.name,
        inventoriesId: input.inventoriesId,
        address: input.address,
        phone: input.phone,
        quantity: input.quantity,
        ...(input.locationId ? { locationId: input.locationId } : {}),
      });
      if (!outcome.ok && outcome.reason === 'item_not_found') {
        throw notFound('No item with that id. It may have been deleted.');
      }
      if (!outcome.ok && outcome.reason === 'location_not_found') {
        throw new AppError(400, 'location_not_found', 'No location with that id (locationId): nothing changed');
      }
      if (!outcome.ok && outcome.at === 'location') {
        throw outOfStock(`Only ${outcome.available} there; you asked for ${input.quantity}`);
      }
      if (!outcome.ok) {
        throw outOfStock(
          outcome.available === 0
            ? 'This item is out of stock'
            : `Only ${outcome.available} left in stock; you asked for ${input.quantity}`,
        );
      }
      return { acknowledged: true, insertedId: outcome.delivery._id };
    },

    /**
     * `anyone` (a manager) cancels any delivery; otherwise another user's record answers 404 like an unknown
     * one: its existence is not theirs to learn.
     */
    async cancel(caller: Author, id: string, anyone: boolean): Promise<DeleteResult> {
      const cancelled = await store.deliveries.cancel(id, caller, anyone ? undefined : caller.uid);
      if (!cancelled.ok && cancelled.reason === 'not_found') {
        throw notFound(
          anyone ? 'No delivery with that id, or it was cancelled already' : 'No delivery of yours with that id',
        );
      }
      if (!cancelled.ok) throw outOfStock(quantityLimitMessage(cancelled.available + cancelled.quantity));
      return { acknowledged: true, deletedCount: 1 };
    },
  };
}
