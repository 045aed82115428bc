import Card from 'react-bootstrap/Card';
import { toast } from 'react-toastify';
import { usePageTitle } from '../../../components/use-page-title';
import { errorMessage } from '../../../lib/api-client';
import { useAddItem } from '../api/item-mutations';
import { ItemForm } from './ItemForm';

export function AddNewItem() {
  usePageTitle('Add New Item');
  const addItem = useAddItem();
  return (
    <Card className="mx-auto shadow-sm" style={{ maxWidth: 720 }}>
      <Card.Body className="p-4">
        <h1 className="h3 mb-4">Add New Item</h1>
        <ItemForm
          idPrefix="add"
          submitLabel="Add Item"
          busyLabel="Adding..."
          resetAfterSubmit
          onSubmit={async (input) => {
            try {
              const result = await addItem.mutateAsync(input);
              console.log('POST /inventory', result);
              toast.success('Successfully Addeded your item');
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
