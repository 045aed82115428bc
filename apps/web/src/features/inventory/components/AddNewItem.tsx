import { SPEC_TEXTS } from '@smart-zone/types/spec-texts';
import { useEffect, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import { useSearchParams } from 'react-router-dom';
import { toast } from '../../../lib/toast';
import { usePageTitle } from '../../../components/use-page-title';
import { useCreateItem } from '../api/create-item';
import { PhotoButtons } from '../photos/PhotoButtons';
import { usePhotoUpload } from '../photos/use-photo-upload';
import { ItemForm } from './ItemForm';

/**
 * The photo chosen for the item being added: shown small until the item is added, then sent. Shown from a
 * data: URL (the content-security policy takes images from our origin, http(s) and data:, not blob:).
 */
function useChosenPhoto() {
  const [photo, setPhoto] = useState<Blob | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => {
    setPreview(null);
    if (!photo) return;
    const reader = new FileReader();
    reader.onload = () => setPreview(typeof reader.result === 'string' ? reader.result : null);
    reader.readAsDataURL(photo);
    return () => reader.abort();
  }, [photo]);
  return { photo, preview, setPhoto };
}

export function AddNewItem() {
  usePageTitle('Add New Item');
  const createItem = useCreateItem();
  const chosen = useChosenPhoto();
  const upload = usePhotoUpload();
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
            const { insertedId } = await createItem.mutateAsync(input);
            toast.success(SPEC_TEXTS.itemAdded);
            if (chosen.photo) {
              upload.send({ itemId: insertedId, photo: chosen.photo, name: input.name });
              chosen.setPhoto(null);
            }
          }}
        >
          <fieldset className="mb-3">
            <legend className="form-label fs-6 mb-2">Photo (optional)</legend>
            {chosen.preview && (
              <div className="d-flex align-items-center gap-2 mb-2">
                <img
                  src={chosen.preview}
                  alt="The photo chosen"
                  width={96}
                  height={72}
                  className="photo-preview rounded border"
                />
                <Button variant="link" className="touch-target" onClick={() => chosen.setPhoto(null)}>
                  Remove photo
                </Button>
              </div>
            )}
            <PhotoButtons onPhoto={chosen.setPhoto} disabled={upload.sending} />
          </fieldset>
        </ItemForm>
        {upload.status}
      </Card.Body>
    </Card>
  );
}
