import { type RefObject, useEffect, useEffectEvent, useState } from 'react';
import type { Decoder } from './decoder';

/**
 * The camera as the Scan screen shows it:
 * - `starting`: asking for it (the browser may be asking the person);
 * - `on`: the video plays and its frames are read (`engine`: who reads them, once known);
 * - `refused`: the person or the browser's settings said no (NotAllowedError, SecurityError);
 * - `absent`: no camera, or a browser without camera access (no mediaDevices: not a secure page);
 * - `busy`: another app or tab holds it (NotReadableError);
 * - `failed`: the scanner itself did not start (`message`).
 */
export type CameraState =
  | { status: 'starting' | 'refused' | 'absent' | 'busy' }
  | { status: 'on'; engine?: 'native' | 'zxing' }
  | { status: 'failed'; message: string };

/** The rear camera where there is one (a phone), at a size a code is read from at arm's length. */
const CAMERA: MediaStreamConstraints = {
  audio: false,
  video: { facingMode: { ideal: 'environment' }, width: { ideal: 1280 }, height: { ideal: 720 } },
};

/** A few frames a second are plenty for a code held in front of the camera, and spare a phone's battery. */
const FRAME_INTERVAL_MS = 200;

const hasCamera = () => typeof navigator !== 'undefined' && !!navigator.mediaDevices?.getUserMedia;

/** What a failed getUserMedia means for the person (its DOMException's name). */
export function cameraProblem(error: unknown): CameraState {
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return { status: 'refused' };
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return { status: 'absent' };
  if (name === 'NotReadableError' || name === 'AbortError') return { status: 'busy' };
  return { status: 'failed', message: error instanceof Error ? error.message : String(error) };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Turns the camera on in `video` and reads its frames in a worker (./decoder, loaded here: with its wasm
 * it is part of the Scan screen only), handing each code read to `onCode`, as often as it is read. Leaving
 * the screen (or a new `attempt`) stops the camera's tracks and the worker.
 */
export function useCameraScanner(
  video: RefObject<HTMLVideoElement | null>,
  onCode: (code: string) => void,
  attempt = 0,
): CameraState {
  const [state, setState] = useState<CameraState>(() => (hasCamera() ? { status: 'starting' } : { status: 'absent' }));
  const read = useEffectEvent(onCode);

  useEffect(() => {
    if (!hasCamera()) {
      setState({ status: 'absent' });
      return;
    }
    setState({ status: 'starting' });
    const element = video.current;
    let stopped = false;
    let stream: MediaStream | undefined;
    let decoder: Decoder | undefined;
    // The worker and its wasm load while the camera starts (a failure is said once the camera is on).
    const decoding = import('./decoder')
      .then(({ startDecoder }) => {
        if (!stopped) decoder = startDecoder();
        return decoder;
      })
      .catch((error: unknown) => (error instanceof Error ? error : new Error(String(error))));

    const run = async () => {
      stream = await navigator.mediaDevices.getUserMedia(CAMERA);
      // Left while the browser was asking: the camera goes off at once.
      if (stopped || !element) return stopTracks();
      element.srcObject = stream;
      await element.play();
      if (stopped) return;
      setState({ status: 'on' });
      const reader = await decoding;
      if (reader instanceof Error) throw reader;
      if (!reader) return;
      const engine = await reader.ready;
      if (stopped) return;
      setState({ status: 'on', engine });
      while (!stopped) {
        const began = performance.now();
        // A hidden tab reads nothing (its video may be frozen); a frame not there yet is skipped.
        if (!document.hidden && element.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA && element.videoWidth) {
          const frame = await createImageBitmap(element);
          for (const { value } of await reader.decode(frame)) if (!stopped) read(value);
        }
        await pause(Math.max(0, FRAME_INTERVAL_MS - (performance.now() - began)));
      }
    };
    const stopTracks = () => {
      for (const track of stream?.getTracks() ?? []) track.stop();
      if (element) element.srcObject = null;
    };
    run().catch((error: unknown) => {
      if (stopped) return;
      // No scanner after all: the camera and the decoder go off, the typed field stays.
      stopTracks();
      decoder?.close();
      setState(cameraProblem(error));
    });

    return () => {
      stopped = true;
      stopTracks();
      decoder?.close();
    };
  }, [video, attempt]);

  return state;
}
