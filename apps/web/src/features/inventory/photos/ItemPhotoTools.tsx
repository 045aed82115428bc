import type { Item } from '@smart-zone/types/item';
import { photoSrcSet } from '@smart-zone/types/photo-card';
import Button from 'react-bootstrap/Button';
import { toast } from '../../../lib/toast';
import { useRemoveItemPhoto } from '../api/item-photo';
import { PhotoButtons } from './PhotoButtons';
import { usePhotoUpload } from './use-photo-upload';

/** Under the item's picture, for a manager: take or choose its photo (sent at once, with progress), or remove it. */
export function ItemPhotoTools({ item }: { item: Item }) {
  const upload = usePhotoUpload();
  const remove = useRemoveItemPhoto();
  const uploaded = photoSrcSet(item.img, false) !== undefined;
  return (
    <div className="mt-2">
      <div className="d-flex flex-wrap gap-2">
        <PhotoButtons
          label={item.name}
          disabled={upload.sending}
          onPhoto={(photo) => upload.send({ itemId: item._id, photo, name: item.name })}
        />
        {uploaded && (
          <Button
            variant="outline-secondary"
            className="touch-target"
            disabled={upload.sending || remove.isPending}
            onClick={() =>
              remove.mutate(item._id, { onSuccess: () => toast.success(`The photo of ${item.name} is removed`) })
            }
          >
            Remove photo
          </Button>
        )}
      </div>
      {upload.status}
    </div>
  );
}
