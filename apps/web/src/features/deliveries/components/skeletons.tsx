import {
  ButtonBar,
  FieldSkeleton,
  FiltersSkeleton,
  Line,
  ListToolbarSkeleton,
  Skeleton,
  SummarySkeleton,
  TableSkeleton,
} from '../../../components/Skeleton';

// The deliveries' pages as grey shapes (see components/Skeleton.tsx), each
// mirroring its page's markup so the loaded page takes the same room.

/** My Item's columns; a clerk and up also get the actions column (''). */
export const MY_ITEM_COLUMNS = ['Item', 'Quantity', 'Recipient', 'Address', 'Phone', 'Date'];

/** /myitem while the person's deliveries load: the title, the count, the toolbar and a page of rows. */
export function MyItemsSkeleton() {
  return (
    <Skeleton label="Loading your deliveries...">
      <Line width="8rem" className="h1" />
      <Line width="16rem" className="lead" />
      <ListToolbarSkeleton />
      <SummarySkeleton />
      <TableSkeleton columns={[...MY_ITEM_COLUMNS, '']} rows={5} />
    </Skeleton>
  );
}

/** /inventoryDetails/:id while the item loads: the item's card beside the delivery form. */
export function DeliverySkeleton() {
  return (
    <Skeleton label="Loading the item...">
      <div className="row g-4">
        <div className="col-md-4">
          <div className="card shadow-sm">
            <div className="item-image card-img-top" />
            <div className="card-body">
              <Line width="70%" className="h5" />
              <Line width="30%" className="mb-1" />
              <Line width="50%" className="mb-1" />
              <Line width="25%" className="mb-0" />
            </div>
          </div>
        </div>
        <div className="col-md-8">
          <div className="card shadow-sm">
            <div className="card-body p-4">
              <Line width="50%" className="h3 mb-3" />
              <div className="row">
                {['col-md-6', 'col-md-6', 'col-md-8', 'col-md-4'].map((column, index) => (
                  <div className={column} key={index}>
                    <FieldSkeleton />
                  </div>
                ))}
              </div>
              <FieldSkeleton />
              <FieldSkeleton />
              <ButtonBar width="5.5rem" variant="success" />
            </div>
          </div>
        </div>
      </div>
    </Skeleton>
  );
}

export const DELIVERIES_COLUMNS = ['Item', 'Quantity', 'Recipient', 'Address', 'Phone', 'Delivered by', 'Date', ''];

/** /deliveries while the first page loads: the title, the filters and a page of rows. */
export function DeliveriesPageSkeleton() {
  return (
    <Skeleton label="Loading the deliveries...">
      <Line width="10rem" className="h1" />
      <FiltersSkeleton fields={4} />
      <SummarySkeleton />
      <TableSkeleton columns={DELIVERIES_COLUMNS} rows={5} />
    </Skeleton>
  );
}
