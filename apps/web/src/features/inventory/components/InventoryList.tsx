import { SPEC_TEXTS } from '@smart-zone/types/spec-texts';
import { usePageTitle } from '../../../components/use-page-title';
import { INVENTORY_DEFAULT_SORT, INVENTORY_PAGE_SIZE } from '../page-sizes';
import { ItemGrid } from './ItemGrid';
import { PagedItems } from './PagedItems';
import { InventoryCardsSkeleton } from './skeletons';

export function InventoryList() {
  usePageTitle('Inventory');
  return (
    <section aria-labelledby="inventory-title">
      <h1 id="inventory-title" className="mb-3">
        {SPEC_TEXTS.nav.inventory}
      </h1>
      <PagedItems
        idPrefix="inventory"
        pageSize={INVENTORY_PAGE_SIZE}
        defaultSort={INVENTORY_DEFAULT_SORT}
        placeholder={<InventoryCardsSkeleton />}
        empty={<p className="text-secondary">The warehouse is empty.</p>}
      >
        {(items) => <ItemGrid items={items} detailed />}
      </PagedItems>
    </section>
  );
}
