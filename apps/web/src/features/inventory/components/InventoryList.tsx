import { useDeferredValue, useState } from 'react';
import Form from 'react-bootstrap/Form';
import { ListQuery } from '../../../components/ListQuery';
import { usePageTitle } from '../../../components/use-page-title';
import { useItems } from '../api/get-items';
import { ItemGrid } from './ItemGrid';

export function InventoryList() {
  usePageTitle('Inventory');
  const [search, setSearch] = useState('');
  const q = useDeferredValue(search.trim());
  const items = useItems(q ? { q } : {});

  return (
    <section aria-labelledby="inventory-title">
      <div className="d-flex flex-wrap align-items-end justify-content-between gap-3 mb-4">
        <h1 id="inventory-title" className="mb-0">
          Inventory
        </h1>
        <Form.Group controlId="inventory-search" style={{ minWidth: 0, maxWidth: 320, flex: '1 1 220px' }}>
          <Form.Label className="visually-hidden">Search by name or supplier</Form.Label>
          <Form.Control
            type="search"
            placeholder="Search by name or supplier"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
        </Form.Group>
      </div>
      <ListQuery
        query={items}
        empty={<p className="text-secondary">{q ? `No item matches "${q}".` : 'The warehouse is empty.'}</p>}
      >
        {(rows) => (
          <>
            <p className="text-secondary small" aria-live="polite">
              {rows.length} {rows.length === 1 ? 'item' : 'items'}
            </p>
            <ItemGrid items={rows} detailed />
          </>
        )}
      </ListQuery>
    </section>
  );
}
