import type { Item, ItemInput } from '@smart-zone/types/item';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Card from 'react-bootstrap/Card';
import { toast } from '../../../lib/toast';
import { ApiError } from '../../../lib/api-client';
import { useSignInFirst } from '../../../lib/use-sign-in-first';
import { useUpdateItem } from '../api/update-item';
import { ItemForm } from './ItemForm';

export const CHANGED_MEANWHILE =
  'This item was changed by someone else meanwhile. The form now shows its current values; check them and save again.';

/**
 * Below the item's details: change any field and PUT it, with the version the
 * form was loaded with. Untouched, the form follows the item as it changes
 * (a restock, a delivery); once edited it keeps the person's values, and if
 * the item changed meanwhile the API refuses the save (412) and the form
 * shows the item as it is now.
 */
export function UpdateItemForm({ item }: { item: Item }) {
  const updateItem = useUpdateItem(item._id);
  const signInFirst = useSignInFirst();
  const [loaded, setLoaded] = useState(item);
  const [edited, setEdited] = useState(false);
  const [changedMeanwhile, setChangedMeanwhile] = useState(false);
  if (!edited && (item._id !== loaded._id || item.version !== loaded.version)) setLoaded(item);

  const onSubmit = async (input: ItemInput) => {
    if (!signInFirst()) return;
    setChangedMeanwhile(false);
    try {
      await updateItem.mutateAsync({ input, version: loaded.version });
      toast.success(`${input.name} is updated`);
    } catch (error) {
      if (!(error instanceof ApiError && error.code === 'precondition_failed')) throw error;
      setChangedMeanwhile(true);
    }
    // Saved, or refused as stale: the form follows the item again (the mutation has refetched it).
    setEdited(false);
  };

  return (
    <Card className="shadow-sm mt-4">
      <Card.Body className="p-4">
        <h2 className="h4 mb-3">Update {item.name}</h2>
        {changedMeanwhile && (
          <Alert variant="warning" role="alert">
            {CHANGED_MEANWHILE}
          </Alert>
        )}
        <ItemForm
          key={`${loaded._id}-${loaded.version}`}
          idPrefix="update"
          initial={loaded}
          submitLabel="Update Item"
          busyLabel="Saving..."
          onEdit={() => setEdited(true)}
          onSubmit={onSubmit}
        />
      </Card.Body>
    </Card>
  );
}
