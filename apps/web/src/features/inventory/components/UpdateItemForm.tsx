import type { Item } from '@smart-zone/types/item';
import Card from 'react-bootstrap/Card';
import { toast } from 'react-toastify';
import { useSignInFirst } from '../../../lib/use-sign-in-first';
import { useUpdateItem } from '../api/update-item';
import { ItemForm } from './ItemForm';

/** Below the item's details: change any field and PUT it. */
export function UpdateItemForm({ item }: { item: Item }) {
  const updateItem = useUpdateItem(item._id);
  const signInFirst = useSignInFirst();
  return (
    <Card className="shadow-sm mt-4">
      <Card.Body className="p-4">
        <h2 className="h4 mb-3">Update {item.name}</h2>
        <ItemForm
          key={`${item._id}-${item.createdAt}`}
          idPrefix="update"
          initial={item}
          submitLabel="Update Item"
          busyLabel="Saving..."
          onSubmit={async (input) => {
            if (!signInFirst()) return;
            await updateItem.mutateAsync(input);
            toast.success(`${input.name} is updated`);
          }}
        />
      </Card.Body>
    </Card>
  );
}
