import type { DeliveredItem } from '@smart-zone/types/delivery';
import { can } from '@smart-zone/types/roles';
import { type FilterField, ListFilters } from '../../../components/ListFilters';
import { PagedTable } from '../../../components/PagedTable';
import { useConfirmDelete } from '../../../components/use-confirm-delete';
import { usePageTitle } from '../../../components/use-page-title';
import { type Access, roleOf, useAccess } from '../../../lib/auth/get-me';
import { pageWindow } from '../../../lib/list-request';
import { toast } from '../../../lib/toast';
import { type SortOption, useListParams } from '../../../lib/use-list-params';
import { useCancelDelivery } from '../api/cancel-delivery';
import { queuedToast } from '../../../lib/offline/use-outbox';
import { DELIVERY_FILTERS, type DeliveryFilters, useDeliveries } from '../api/get-deliveries';
import { cancelReason } from './cancel-reason';
import { DeliveryRow } from './DeliveryRow';
import { DELIVERIES_COLUMNS } from './skeletons';
import { ItemPicker } from '../../inventory/components/ItemPicker';

export const DELIVERIES_PAGE_SIZE = 20;

/** The API answers newest first, the one order there is. */
const NEWEST_FIRST: readonly SortOption[] = [{ value: 'newest', label: 'Newest first' }];

const FILTER_FIELDS: readonly FilterField<keyof DeliveryFilters>[] = [
  { key: 'email', label: 'Delivered by', type: 'email', placeholder: 'clerk@example.com' },
  {
    key: 'itemId',
    label: 'Item',
    field: (value, onChange) => <ItemPicker value={value} onChange={onChange} />,
  },
  { key: 'from', label: 'From', type: 'date' },
  { key: 'to', label: 'To', type: 'date' },
];

/** A manager cancels any delivery; a clerk their own (roles.ts, and the API checks the same). */
function mayCancel(access: Access, row: DeliveredItem) {
  const role = roleOf(access);
  if (can(role, 'cancelAnyDelivery')) return true;
  return can(role, 'deliver') && access.status === 'member' && access.uid === row.uid;
}

/**
 * Every delivery (readDeliveries), newest first: filtered by who delivered,
 * the item and a date range, paged on the server, all in the address
 * (`?email=&itemId=&from=&to=&page=`).
 */
export function AllDeliveries() {
  usePageTitle('Deliveries');
  const access = useAccess();
  const params = useListParams(NEWEST_FIRST, 'newest', DELIVERY_FILTERS);
  const filters: DeliveryFilters = params.filters;
  const deliveries = useDeliveries({ ...filters, ...pageWindow(params.page, DELIVERIES_PAGE_SIZE) });
  const filtered = Object.values(filters).some(Boolean);
  const confirmCancel = useConfirmDelete({
    mutation: useCancelDelivery({ signOutOnError: false, anyone: can(roleOf(access), 'cancelAnyDelivery') }),
    detail: (delivery) =>
      `The delivery of ${delivery.quantity} × ${delivery.inventory} to ${delivery.name || 'its recipient'} is cancelled and goes back in stock.`,
    // A cancel, not a deletion: its question says so ("Are you sure", as the spec asks of a delete), and the way
    // out is not a second "Cancel".
    question: 'Are you sure you want to cancel this delivery?',
    confirmLabel: 'Cancel delivery',
    cancelLabel: 'Keep it',
    busyLabel: 'Cancelling...',
    reason: cancelReason(roleOf(access)),
    onDeleted: (delivery) => toast.success(`The delivery of ${delivery.inventory} is cancelled`),
    onQueued: (delivery) => queuedToast(`Cancel the delivery of ${delivery.inventory}`),
  });

  return (
    <section aria-labelledby="deliveries-title">
      <h1 id="deliveries-title">Deliveries</h1>
      <ListFilters
        id="deliveries"
        label="Filter the deliveries"
        fields={FILTER_FIELDS}
        values={filters}
        onApply={params.setFilters}
      />
      <PagedTable
        source={{ query: deliveries, skeletonRows: 5, loading: 'Loading the deliveries...' }}
        columns={DELIVERIES_COLUMNS}
        paging={params}
        size={DELIVERIES_PAGE_SIZE}
        texts={{ many: 'deliveries', one: 'delivery', pages: 'Pages of deliveries' }}
        empty={
          <p className="text-secondary">{filtered ? 'No delivery matches these filters.' : 'No deliveries yet.'}</p>
        }
        row={(row) => (
          <DeliveryRow
            row={row}
            testId="all-delivery-row"
            linked
            by
            actions
            onCancel={mayCancel(access, row) ? () => confirmCancel.ask(row) : undefined}
          />
        )}
      />
      {confirmCancel.dialog}
    </section>
  );
}
