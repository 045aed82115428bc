import { SPEC_TEXTS } from '@smart-zone/types/spec-texts';
import Card from 'react-bootstrap/Card';
import { useSearchParams } from 'react-router-dom';
import { toast } from '../../../lib/toast';
import { usePageTitle } from '../../../components/use-page-title';
import { useCreateItem } from '../api/create-item';
import { ItemForm } from './ItemForm';

export function AddNewItem() {
  usePageTitle('Add New Item');
  const createItem = useCreateItem();
  // An unknown code read on the Scan screen comes as ?barcode=: the new item's first barcode.
  const barcode = useSearchParams()[0].get('barcode')?.trim();
  return (
    <Card className="mx-auto shadow-sm" style={{ maxWidth: 720 }}>
      <Card.Body className="p-4">
        <h1 className="h3 mb-4">{SPEC_TEXTS.addNewItemButton}</h1>
        <ItemForm
          idPrefix="add"
          submitLabel="Add Item"
          busyLabel="Adding..."
          resetAfterSubmit
          prefill={barcode ? { barcodes: barcode } : undefined}
          onSubmit={async (input) => {
            await createItem.mutateAsync(input);
            toast.success(SPEC_TEXTS.itemAdded);
          }}
        />
      </Card.Body>
    </Card>
  );
}
