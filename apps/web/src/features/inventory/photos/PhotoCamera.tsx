import { useEffect, useRef, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { cameraProblem } from '../scan/use-camera-scanner';

/** The rear camera where there is one, at a photo's size. */
const CAMERA: MediaStreamConstraints = {
  audio: false,
  video: { facingMode: { ideal: 'environment' }, width: { ideal: 1920 }, height: { ideal: 1080 } },
};

const PROBLEMS = {
  refused:
    'Smart Zone may not use the camera here: allow it for this site (the icon beside the address), or choose a photo instead.',
  absent: 'This device has no camera we can use. Choose a photo instead.',
  busy: 'Another app or tab is using the camera. Close it and try again, or choose a photo instead.',
  failed: 'The camera did not start. Choose a photo instead.',
} as const;

/**
 * A photo taken with the device's camera in the page (a laptop's or a desk's webcam; a phone opens its own
 * camera app through `<input capture>` instead): the video, and one button that takes the picture.
 */
export function PhotoCamera({ onTaken, onClose }: { onTaken: (photo: Blob) => void; onClose: () => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<'starting' | 'on' | keyof typeof PROBLEMS>('starting');

  useEffect(() => {
    let stream: MediaStream | undefined;
    let stopped = false;
    const stop = () => stream?.getTracks().forEach((track) => track.stop());
    navigator.mediaDevices
      .getUserMedia(CAMERA)
      .then(async (opened) => {
        stream = opened;
        if (stopped || !video.current) return stop();
        video.current.srcObject = opened;
        await video.current.play();
        if (!stopped) setState('on');
      })
      .catch((error: unknown) => !stopped && setState(cameraProblem(error).status));
    return () => {
      stopped = true;
      stop();
    };
  }, []);

  const take = () => {
    const element = video.current;
    if (!element?.videoWidth) return;
    const canvas = document.createElement('canvas');
    canvas.width = element.videoWidth;
    canvas.height = element.videoHeight;
    canvas.getContext('2d')?.drawImage(element, 0, 0);
    canvas.toBlob((photo) => photo && onTaken(photo), 'image/jpeg', 0.9);
  };

  return (
    <Modal show onHide={onClose} centered aria-labelledby="photo-camera-title">
      <Modal.Header closeButton>
        <Modal.Title id="photo-camera-title" as="h2" className="h5">
          Take photo
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {state === 'starting' || state === 'on' ? (
          <video ref={video} className="w-100 rounded bg-dark" style={{ aspectRatio: '4 / 3' }} muted playsInline />
        ) : (
          <p role="alert" className="alert alert-warning mb-0">
            {PROBLEMS[state]}
          </p>
        )}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" className="touch-target" onClick={onClose}>
          Cancel
        </Button>
        <Button variant="primary" className="touch-target" disabled={state !== 'on'} onClick={take}>
          Take picture
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
