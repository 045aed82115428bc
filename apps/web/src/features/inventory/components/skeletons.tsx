import type { ReactNode } from 'react';
import {
  Bar,
  ButtonBar,
  CardGridSkeleton,
  FieldSkeleton,
  Line,
  ListToolbarSkeleton,
  Skeleton,
  SummarySkeleton,
  TableSkeleton,
} from '../../../components/Skeleton';
import { INVENTORY_PAGE_SIZE, MANAGE_PAGE_SIZE } from '../page-sizes';

// The inventory's pages as grey shapes (see components/Skeleton.tsx): each
// mirrors its page's markup, so the loaded page takes the same room.

/** The cards of one inventory page. */
export const InventoryCardsSkeleton = () => <CardGridSkeleton count={INVENTORY_PAGE_SIZE} detailed />;

const MANAGE_COLUMNS = ['Name', 'Price', 'Quantity', 'Supplier', 'Description', ''];

/** The rows of one Manage Inventories page. */
export const ManageRowsSkeleton = () => <TableSkeleton columns={MANAGE_COLUMNS} rows={MANAGE_PAGE_SIZE} />;

/** /inventory before its code has loaded. */
export function InventoryPageSkeleton() {
  return (
    <Skeleton label="Loading the page...">
      <Line width="10rem" className="h1 mb-3" />
      <ListToolbarSkeleton />
      <SummarySkeleton />
      <InventoryCardsSkeleton />
    </Skeleton>
  );
}

/** /manageInventories before its code has loaded (or while the guard checks who is signed in). */
export function ManagePageSkeleton() {
  return (
    <Skeleton label="Loading the page...">
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-3 mb-3">
        <Line width="18rem" className="h1 mb-0" />
        <ButtonBar width="9rem" />
      </div>
      <ListToolbarSkeleton />
      <SummarySkeleton />
      <ManageRowsSkeleton />
    </Skeleton>
  );
}

/** ItemForm's fields, in its grid. */
export function ItemFormSkeleton() {
  return (
    <>
      <div className="row">
        {['col-md-6', 'col-md-6', 'col-sm-6', 'col-sm-6'].map((column, index) => (
          <div className={column} key={index}>
            <FieldSkeleton />
          </div>
        ))}
      </div>
      <FieldSkeleton lines={3} />
      <FieldSkeleton />
      {/* The reorder point, half a row wide. */}
      <div className="row">
        <div className="col-sm-6">
          <FieldSkeleton />
        </div>
      </div>
      <ButtonBar width="7rem" />
    </>
  );
}

/** A card of UpdateItemForm or RestockForm: a heading and a form. */
function FormCardSkeleton({ children }: { children: ReactNode }) {
  return (
    <div className="card shadow-sm mt-4">
      <div className="card-body p-4">
        <Line width="14rem" className="h4 mb-3" />
        {children}
      </div>
    </div>
  );
}

/** The staff's tools under an item (restock and update forms) while the app learns who is signed in. */
export function ItemToolsSkeleton() {
  return (
    <Skeleton label="Checking your access...">
      <FormCardSkeleton>
        <div className="row">
          <div className="col-sm-4">
            <FieldSkeleton />
          </div>
          <div className="col-sm-8">
            <FieldSkeleton />
          </div>
        </div>
        <ButtonBar width="8rem" />
      </FormCardSkeleton>
      <FormCardSkeleton>
        <ItemFormSkeleton />
      </FormCardSkeleton>
    </Skeleton>
  );
}

/** /inventory/:id while the item loads: InventoryDetail's picture, details and buttons, then the update form. */
export function ItemDetailSkeleton() {
  return (
    <Skeleton label="Loading the item...">
      <div className="row g-4 align-items-start">
        <div className="col-md-5">
          <div className="item-image item-detail-image rounded border" />
        </div>
        <div className="col-md-7">
          <Line width="60%" className="h2" />
          <Line width="35%" className="mb-1" />
          <Line width="25%" className="fs-4 fw-semibold mb-1" />
          <Line width="20%" className="mb-3" />
          <p>
            <Bar width="100%" />
            <Bar width="92%" />
            <Bar width="70%" />
          </p>
          <div className="d-flex flex-wrap gap-2">
            <ButtonBar width="5.5rem" />
            <ButtonBar width="6.5rem" variant="success" />
            <ButtonBar width="5rem" variant="danger" />
          </div>
        </div>
      </div>
      <FormCardSkeleton>
        <ItemFormSkeleton />
      </FormCardSkeleton>
    </Skeleton>
  );
}

/** /addNewItem before its code has loaded (or while the guard checks who is signed in). */
export function AddItemSkeleton() {
  return (
    <Skeleton label="Loading the page...">
      <div className="card mx-auto shadow-sm" style={{ maxWidth: 720 }}>
        <div className="card-body p-4">
          <Line width="12rem" className="h3 mb-4" />
          <ItemFormSkeleton />
        </div>
      </div>
    </Skeleton>
  );
}
