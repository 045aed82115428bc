import { SPEC_TEXTS } from '@smart-zone/types/spec-texts';
import { Link } from 'react-router-dom';
import { toast } from '../../../lib/toast';
import { PagedTable } from '../../../components/PagedTable';
import { SearchBox } from '../../../components/SearchBox';
import { SortSelect } from '../../../components/SortSelect';
import { useConfirmDelete } from '../../../components/use-confirm-delete';
import { usePageTitle } from '../../../components/use-page-title';
import { paths } from '../../../config/paths';
import { useAuth } from '../../../lib/auth/auth-context';
import { offers, roleOf, useAccess } from '../../../lib/auth/get-me';
import { slicePage } from '../../../lib/page';
import { useListParams } from '../../../lib/use-list-params';
import { useCancelDelivery } from '../api/cancel-delivery';
import { queuedToast } from '../../../lib/offline/use-outbox';
import { useMyDeliveries } from '../api/get-my-deliveries';
import { cancelReason } from './cancel-reason';
import { DELIVERY_SORT_OPTIONS, searchDeliveries, sortDeliveries } from './delivery-list';
import { DeliveryRow } from './DeliveryRow';
import { MY_ITEM_COLUMNS, MyItemsSkeleton } from './skeletons';

export const MY_ITEM_PAGE_SIZE = 20;

/**
 * My Item: the signed-in user's deliveries with their count, searched, sorted
 * and paged in the address. When the authorized request fails, the query
 * client signs the person out and the guard sends them to /login.
 */
export function MyItems() {
  usePageTitle('My Item');
  const { user } = useAuth();
  const deliveries = useMyDeliveries(user?.email ?? '');
  const params = useListParams(DELIVERY_SORT_OPTIONS, 'newest');
  const access = useAccess();
  // Cancelling is a clerk's and up (roles.ts); a clerk must say why.
  const mayCancel = offers(access, 'deliver');
  const confirmCancel = useConfirmDelete({
    mutation: useCancelDelivery(),
    detail: (delivery) =>
      `The delivery of ${delivery.quantity} × ${delivery.inventory} is cancelled and goes back in stock.`,
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

  if (deliveries.isPending || deliveries.isError) return <MyItemsSkeleton />;
  const all = deliveries.data;
  // The count is of the deliveries that stand; the cancelled ones stay listed, marked.
  const delivered = all.filter((row) => row.cancelledAt === undefined).length;
  const cancelled = all.length - delivered;
  const matching = sortDeliveries(searchDeliveries(all, params.search), params.sort);
  const page = slicePage(matching, params.page, MY_ITEM_PAGE_SIZE);

  return (
    <section aria-labelledby="my-items-title">
      <h1 id="my-items-title">{SPEC_TEXTS.nav.myItem}</h1>
      <p className="lead">
        You have delivered <strong data-testid="delivery-count">{delivered}</strong>{' '}
        {delivered === 1 ? 'item' : 'items'}.
        {cancelled > 0 && (
          <span className="text-secondary">
            {' '}
            {cancelled} cancelled {cancelled === 1 ? 'delivery is' : 'deliveries are'} listed too.
          </span>
        )}
      </p>
      {all.length > 0 && (
        <div className="list-toolbar mb-3">
          <SearchBox
            id="my-items-search"
            label="Search by item, recipient or address"
            value={params.q}
            onSearch={params.setSearch}
          />
          <SortSelect id="my-items-sort" options={DELIVERY_SORT_OPTIONS} value={params.sort} onSort={params.setSort} />
        </div>
      )}
      <PagedTable
        source={{ data: page }}
        columns={mayCancel ? [...MY_ITEM_COLUMNS, ''] : MY_ITEM_COLUMNS}
        paging={params}
        size={MY_ITEM_PAGE_SIZE}
        search={params.search}
        texts={{
          many: params.search ? 'matching deliveries' : 'deliveries',
          one: 'delivery',
          pages: 'Pages of deliveries',
        }}
        empty={
          <p className="text-secondary">
            No deliveries yet. Open an item in the <Link to={paths.inventory.list.href()}>inventory</Link> and choose{' '}
            {SPEC_TEXTS.deliveredButton}.
          </p>
        }
        row={(row) => (
          <DeliveryRow row={row} testId="delivery-row" actions={mayCancel} onCancel={() => confirmCancel.ask(row)} />
        )}
      />
      {confirmCancel.dialog}
    </section>
  );
}
