import { Suspense, lazy, useRef, useState } from 'react';
import Button from 'react-bootstrap/Button';
import { shrinkPhoto } from '../../../lib/photos/shrink-photo';

const PhotoCamera = lazy(async () => ({ default: (await import('./PhotoCamera')).PhotoCamera }));

/** A phone (a coarse pointer) opens its own camera app; a desk with a webcam takes the picture in the page. */
const inPageCamera = () => !!navigator.mediaDevices?.getUserMedia && !window.matchMedia('(pointer: coarse)').matches;

/**
 * "Take photo" (the phone's camera through `<input capture>`, or the webcam in the page) and "Choose photo"
 * (a file): the picture, made small in the browser (shrinkPhoto), goes to `onPhoto`.
 */
export function PhotoButtons({
  onPhoto,
  disabled = false,
  label,
}: {
  onPhoto: (photo: Blob) => void;
  disabled?: boolean;
  /** What the photo is of, for screen readers ("of Bolts"). */
  label?: string;
}) {
  const capture = useRef<HTMLInputElement>(null);
  const choose = useRef<HTMLInputElement>(null);
  const [camera, setCamera] = useState(false);
  const [shrinking, setShrinking] = useState(false);

  const take = async (file: Blob | undefined) => {
    if (!file) return;
    setShrinking(true);
    try {
      onPhoto(await shrinkPhoto(file));
    } finally {
      setShrinking(false);
    }
  };
  const picked = (input: HTMLInputElement) => {
    const file = input.files?.[0];
    // The same file chosen again is a change too.
    input.value = '';
    void take(file);
  };
  const busy = disabled || shrinking;
  const of = label ? <span className="visually-hidden"> of {label}</span> : null;

  return (
    <div className="d-flex flex-wrap gap-2">
      <Button
        variant="outline-primary"
        className="touch-target"
        disabled={busy}
        onClick={() => (inPageCamera() ? setCamera(true) : capture.current?.click())}
      >
        Take photo{of}
      </Button>
      <Button
        variant="outline-primary"
        className="touch-target"
        disabled={busy}
        onClick={() => choose.current?.click()}
      >
        Choose photo{of}
      </Button>
      <input
        ref={capture}
        type="file"
        accept="image/*"
        capture="environment"
        hidden
        data-testid="photo-capture"
        onChange={(event) => picked(event.currentTarget)}
      />
      <input
        ref={choose}
        type="file"
        accept="image/jpeg,image/png,image/webp,image/avif,image/*"
        hidden
        data-testid="photo-file"
        onChange={(event) => picked(event.currentTarget)}
      />
      {camera && (
        <Suspense fallback={null}>
          <PhotoCamera
            onClose={() => setCamera(false)}
            onTaken={(photo) => {
              setCamera(false);
              void take(photo);
            }}
          />
        </Suspense>
      )}
    </div>
  );
}
