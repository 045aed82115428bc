import type { RefObject } from 'react';
import Button from 'react-bootstrap/Button';
import type { CameraState } from './use-camera-scanner';

/** Why there is no video, and what to do; null while the camera starts or runs. */
export function CameraMessage({ camera, onRetry }: { camera: CameraState; onRetry: () => void }) {
  const messages: Partial<Record<CameraState['status'], { title: string; text: string; retry?: boolean }>> = {
    refused: {
      title: 'The camera is not allowed',
      text:
        'Smart Zone may not use the camera here. To scan, allow the camera for this site: tap the camera or ' +
        'lock icon beside the address, choose Allow, then try again. Meanwhile, type or paste the code below.',
      retry: true,
    },
    absent: {
      title: 'No camera here',
      text: 'This device or browser has no camera we can use. Type or paste the code below, or use a USB scanner.',
    },
    busy: {
      title: 'The camera is busy',
      text: 'Another app or tab is using the camera. Close it, then try again. Meanwhile, type or paste the code below.',
      retry: true,
    },
    failed: {
      title: 'The scanner did not start',
      text: 'This browser could not load the code reader. Type or paste the code below, or try again.',
      retry: true,
    },
  };
  const message = messages[camera.status];
  if (!message) return null;
  return (
    <div role="alert" className="alert alert-warning mb-3" data-testid="camera-message">
      <h2 className="h6 alert-heading">{message.title}</h2>
      <p className="mb-0">{message.text}</p>
      {camera.status === 'failed' && (
        <p className="small text-secondary text-break mb-0 mt-1">{camera.message.slice(0, 200)}</p>
      )}
      {message.retry && (
        <Button variant="outline-dark" className="touch-target mt-2" onClick={onRetry}>
          Try the camera again
        </Button>
      )}
    </div>
  );
}

/**
 * The camera's picture with its aiming guide (shown while it starts or runs), or why there is none: the Scan
 * screen's and the scan-into panel's.
 */
export function CameraView({
  camera,
  video,
  onRetry,
}: {
  camera: CameraState;
  video: RefObject<HTMLVideoElement | null>;
  onRetry: () => void;
}) {
  const shown = camera.status === 'starting' || camera.status === 'on';
  return (
    <>
      <CameraMessage camera={camera} onRetry={onRetry} />
      <div className={`scan-video-box mb-2${shown ? '' : ' d-none'}`}>
        <video ref={video} className="scan-video" muted playsInline aria-label="Camera view" />
        <div className="scan-guide" aria-hidden="true" />
      </div>
    </>
  );
}
