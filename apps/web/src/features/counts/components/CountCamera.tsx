import { useRef, useState } from 'react';
import { CameraView } from '../../inventory/scan/CameraMessage';
import { repeatFilter } from '../../inventory/scan/repeat-filter';
import { useCameraScanner } from '../../inventory/scan/use-camera-scanner';
import '../../inventory/scan/scan.css';

/**
 * The Scan screen's camera, on while it is shown: each sighting of a code handed to `onCode` once (held in
 * view it counts once; taken away for 2 s and shown again, once more: the next unit of the same item).
 */
export function CountCamera({ onCode }: { onCode: (code: string) => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const [attempt, setAttempt] = useState(0);
  const [firstRead] = useState(() => repeatFilter());
  const camera = useCameraScanner(
    video,
    (code) => {
      if (firstRead(code, performance.now())) onCode(code);
    },
    attempt,
  );
  const on = camera.status === 'starting' || camera.status === 'on';
  return (
    <>
      <CameraView camera={camera} video={video} onRetry={() => setAttempt((n) => n + 1)} />
      {on && (
        <p className="small text-secondary mb-2" role="status">
          {camera.status === 'on' && camera.engine
            ? 'Point the camera at a code: each one read counts 1.'
            : 'Starting the camera…'}
        </p>
      )}
    </>
  );
}
