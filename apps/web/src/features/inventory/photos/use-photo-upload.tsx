import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import { errorMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useSetItemPhoto } from '../api/item-photo';

interface Sent {
  itemId: string;
  photo: Blob;
  /** The item's name, for what the person is told. */
  name: string;
}

/** Sends an item's photo with its progress; a failed one can be sent again as it was. */
export function usePhotoUpload() {
  const mutation = useSetItemPhoto();
  const [progress, setProgress] = useState(0);
  const [last, setLast] = useState<Sent | null>(null);
  const send = (sent: Sent) => {
    setLast(sent);
    setProgress(0);
    mutation.mutate(
      { itemId: sent.itemId, photo: sent.photo, onProgress: (done, total) => setProgress(total ? done / total : 1) },
      { onSuccess: () => toast.success(`The photo of ${sent.name} is saved`) },
    );
  };
  return {
    send,
    sending: mutation.isPending,
    status: (
      <PhotoStatus mutation={mutation} progress={progress} name={last?.name} onRetry={() => last && send(last)} />
    ),
  };
}

/** While a photo goes: how much of it has gone; when it failed: why, and Try again. */
function PhotoStatus({
  mutation,
  progress,
  name,
  onRetry,
}: {
  mutation: ReturnType<typeof useSetItemPhoto>;
  progress: number;
  name?: string;
  onRetry: () => void;
}) {
  if (mutation.isPending) {
    const percent = Math.round(progress * 100);
    return (
      <div className="mt-2">
        <p role="status" className="small mb-1">
          {percent < 100 ? `Sending the photo of ${name}… ${percent}%` : `Making the photo of ${name} small…`}
        </p>
        <div
          className="progress"
          role="progressbar"
          aria-label={`The photo of ${name} sent`}
          aria-valuenow={percent}
          aria-valuemin={0}
          aria-valuemax={100}
        >
          <div
            className={`progress-bar${percent < 100 ? '' : ' progress-bar-striped progress-bar-animated'}`}
            style={{ width: `${percent}%` }}
          />
        </div>
      </div>
    );
  }
  if (mutation.isError) {
    return (
      <div role="alert" className="alert alert-danger mt-2 mb-0 py-2">
        <p className="mb-2">
          The photo of {name} was not saved: {errorMessage(mutation.error)}
        </p>
        <Button variant="outline-danger" className="touch-target" onClick={onRetry}>
          Try again
        </Button>
      </div>
    );
  }
  return null;
}
