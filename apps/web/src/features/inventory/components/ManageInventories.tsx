import type { Item } from '@smart-zone/types/item';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Table from 'react-bootstrap/Table';
import { Link } from 'react-router-dom';
import { toast } from 'react-toastify';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { formatPrice } from '../../../components/ItemCard';
import { ListQuery } from '../../../components/ListQuery';
import { usePageTitle } from '../../../components/use-page-title';
import { errorMessage } from '../../../lib/api-client';
import { itemListQuery } from '../../../lib/item-queries';
import { useDeleteItem } from '../api/item-mutations';
import { LinkButton } from '../../../components/LinkButton';

export function ManageInventories() {
  usePageTitle('Manage Inventories');
  const items = useQuery(itemListQuery());
  const deleteItem = useDeleteItem();
  const [toDelete, setToDelete] = useState<Item | null>(null);

  const onDelete = async () => {
    if (!toDelete) return;
    try {
      const result = await deleteItem.mutateAsync(toDelete._id);
      if (result.deletedCount > 0) toast.success(`${toDelete.name} is deleted`);
      else toast.error(`${toDelete.name} was already deleted.`);
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setToDelete(null);
    }
  };

  return (
    <section aria-labelledby="manage-title">
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-3 mb-4">
        <h1 id="manage-title" className="mb-0">
          Manage Inventories
        </h1>
        <LinkButton to="/addNewItem" variant="primary">
          Add New Item
        </LinkButton>
      </div>
      <ListQuery query={items} empty={<p className="text-secondary">No items yet. Add the first one.</p>}>
        {(rows) => (
          <Table responsive striped hover className="align-middle">
            <caption className="caption-top">{rows.length} items</caption>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Price</th>
                <th scope="col">Quantity</th>
                <th scope="col">Supplier</th>
                <th scope="col">Description</th>
                <th scope="col"><span className="visually-hidden">Actions</span></th>
              </tr>
            </thead>
            <tbody>
              {rows.map((item) => (
                <tr key={item._id} data-testid="manage-row">
                  <th scope="row">
                    <Link to={`/inventory/${item._id}`}>{item.name}</Link>
                  </th>
                  <td>{formatPrice(item.price)}</td>
                  <td>{item.quantity > 0 ? item.quantity : <span className="text-danger">0 (out of stock)</span>}</td>
                  <td>{item.supplier}</td>
                  <td className="small text-secondary" style={{ minWidth: 200 }}>
                    {item.description}
                  </td>
                  <td>
                    <Button
                      size="sm"
                      variant="danger"
                      aria-label={`Delete ${item.name}`}
                      disabled={deleteItem.isPending && deleteItem.variables === item._id}
                      onClick={() => setToDelete(item)}
                    >
                      {deleteItem.isPending && deleteItem.variables === item._id ? 'Deleting...' : 'Delete'}
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
      </ListQuery>
      <ConfirmDialog
        show={toDelete !== null}
        detail={toDelete ? `${toDelete.name} and its stock of ${toDelete.quantity} leave the inventory.` : undefined}
        busy={deleteItem.isPending}
        onConfirm={() => void onDelete()}
        onCancel={() => setToDelete(null)}
      />
    </section>
  );
}
