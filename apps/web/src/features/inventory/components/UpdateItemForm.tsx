import type { Item } from '@smart-zone/types/item';
import Card from 'react-bootstrap/Card';
import { toast } from 'react-toastify';
import { errorMessage } from '../../../lib/api-client';
import { useSignInFirst } from '../../../lib/use-sign-in-first';
import { useUpdateItem } from '../api/item-mutations';
import { ItemForm } from './ItemForm';

/** Below the item's details: change any field (restock by raising Quantity) and PUT it. */
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
            try {
              const result = await updateItem.mutateAsync(input);
              console.log('PUT /inventory', result);
              toast.success(`${input.name} is updated`);
            } catch (error) {
              toast.error(errorMessage(error));
              throw error;
            }
          }}
        />
      </Card.Body>
    </Card>
  );
}
