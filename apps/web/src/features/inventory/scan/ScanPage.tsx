import { useRef, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useNavigate } from 'react-router-dom';
import { LinkButton } from '../../../components/LinkButton';
import { usePageTitle } from '../../../components/use-page-title';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-client';
import { mayUse, useAccess } from '../../../lib/auth/get-me';
import { ownPageOf } from '../../../lib/own-pages';
import { useScannerBurst } from '../../../lib/use-scanner-burst';
import { useFindByCode } from '../api/find-by-code';
import { repeatFilter } from './repeat-filter';
import { CameraView } from './CameraMessage';
import { CodeForm } from './CodeForm';
import { useCameraScanner } from './use-camera-scanner';
import { ScannedItem } from './ScannedItem';
import './scan.css';

/** What the last code found. */
type Result =
  | { kind: 'looking'; code: string }
  | { kind: 'item'; code: string; itemId: string }
  | { kind: 'unknown'; code: string }
  | { kind: 'error'; code: string; message: string };

/** A code read this session, newest first, with what it was. */
interface Read {
  code: string;
  name: string | null;
  at: number;
}

/** The session's list: the last few codes only. */
const SESSION_LIST_MAX = 8;

/**
 * The Scan screen (staff): the camera reads a code (EAN/UPC, Code 128/39, QR, DataMatrix), or one is typed
 * or pasted, or a USB scanner sends it; the item with that code shows in place with its stock actions. A
 * code the camera reads again within 2 s counts once. Unknown: a manager may create the item with it.
 * "Keep scanning": the camera goes on to the next code by itself, after each action too.
 */
export function ScanPage() {
  usePageTitle('Scan');
  const access = useAccess();
  const findItem = useFindByCode();
  const video = useRef<HTMLVideoElement>(null);
  const [attempt, setAttempt] = useState(0);
  const [result, setResult] = useState<Result | null>(null);
  const [keepScanning, setKeepScanning] = useState(false);
  const [reads, setReads] = useState<Read[]>([]);
  const [firstRead] = useState(() => repeatFilter());
  const actionOpen = useRef(false);
  const lookups = useRef(0);
  const navigate = useNavigate();

  /** Finds the code's item; `record`: into the session's list (not when it is tapped there again). */
  const lookUp = async (text: string, record = true) => {
    const code = text.trim();
    if (code === '') return;
    // A location's label opens the location (its contents and moves are there).
    const page = ownPageOf(code);
    if (page?.kind === 'location') {
      void navigate(paths.locations.openHref(page.id));
      return;
    }
    const lookup = ++lookups.current;
    setResult({ kind: 'looking', code });
    try {
      const item = await findItem(code);
      if (lookup !== lookups.current) return;
      setResult(item ? { kind: 'item', code, itemId: item._id } : { kind: 'unknown', code });
      if (record) {
        setReads((before) =>
          [{ code, name: item?.name ?? null, at: Date.now() }, ...before].slice(0, SESSION_LIST_MAX),
        );
      }
    } catch (error) {
      if (lookup === lookups.current) setResult({ kind: 'error', code, message: errorMessage(error) });
    }
  };

  // A code from the camera: once per sighting, taken when nothing is being acted on. Meanwhile only the
  // shown code is still watched: held in view, it does not come back after the action; another one does.
  const onCameraCode = (code: string) => {
    const now = performance.now();
    const busy = keepScanning ? actionOpen.current : result !== null;
    if (busy) {
      if (code === result?.code) firstRead(code, now);
      return;
    }
    if (firstRead(code, now)) void lookUp(code);
  };
  const camera = useCameraScanner(video, onCameraCode, attempt);
  // A USB scanner here shows its item in place too (the header's watch stands aside on this screen).
  useScannerBurst((code) => void lookUp(code));

  const afterAction = () => {
    actionOpen.current = false;
    if (keepScanning) setResult(null);
  };
  const manager = mayUse(access, 'manageItems');
  const videoShown = camera.status === 'starting' || camera.status === 'on';

  return (
    <div className="scan-page mx-auto">
      <div className="d-flex align-items-center justify-content-between gap-2 mb-2">
        <h1 className="h4 mb-0">Scan</h1>
        <Form.Check
          type="switch"
          id="keep-scanning"
          className="scan-switch mb-0"
          label="Keep scanning"
          checked={keepScanning}
          onChange={(event) => setKeepScanning(event.target.checked)}
        />
      </div>
      <div className="scan-layout">
        <div className="scan-camera">
          <CameraView camera={camera} video={video} onRetry={() => setAttempt((n) => n + 1)} />
          {videoShown && (
            <p className="small text-secondary mb-2" role="status">
              {camera.status !== 'on' || !camera.engine
                ? 'Starting the camera…'
                : result && !keepScanning
                  ? 'Read. Tap Scan next for another code.'
                  : 'Point the camera at a barcode or QR code.'}
            </p>
          )}
          <CodeForm
            id="scan-typed"
            label="Type or paste a code"
            placeholder="Type or paste a code"
            submit="Find"
            formLabel="Find by code"
            search
            primary
            maxLength={100}
            onCode={(code) => void lookUp(code)}
          />
        </div>

        <div className="scan-result">
          <div aria-live="polite">
            {result?.kind === 'looking' && <p className="text-secondary">Looking up {result.code}…</p>}
            {result?.kind === 'item' && (
              <ScannedItem
                key={result.itemId}
                itemId={result.itemId}
                code={result.code}
                onDone={afterAction}
                onOpenChange={(open) => {
                  actionOpen.current = open;
                }}
              />
            )}
            {result?.kind === 'unknown' && (
              <div className="alert alert-secondary" data-testid="scan-unknown">
                <p className={manager ? 'mb-2' : 'mb-0'}>
                  No item has the code <strong className="text-break">{result.code}</strong>.
                </p>
                {manager && (
                  <LinkButton to={paths.addNewItem.withBarcodeHref(result.code)} className="touch-target w-100">
                    Create item with this barcode
                  </LinkButton>
                )}
              </div>
            )}
            {result?.kind === 'error' && (
              <div role="alert" className="alert alert-danger">
                {result.code}: {result.message}
              </div>
            )}
          </div>
          {result && result.kind !== 'looking' && !keepScanning && videoShown && (
            <Button variant="outline-primary" className="touch-target w-100 mt-2" onClick={() => setResult(null)}>
              Scan next
            </Button>
          )}
          {reads.length > 0 && (
            <section aria-labelledby="scan-reads" className="mt-4">
              <h2 id="scan-reads" className="h6 text-secondary">
                Read this session
              </h2>
              <ol className="list-unstyled mb-0 scan-reads">
                {reads.map((read) => (
                  <li key={`${read.at}-${read.code}`}>
                    <button
                      type="button"
                      className="btn btn-light w-100 text-start touch-target d-flex justify-content-between gap-2"
                      onClick={() => void lookUp(read.code, false)}
                    >
                      <span className="text-truncate">{read.name ?? 'No item'}</span>
                      <code className="text-secondary text-truncate">{read.code}</code>
                    </button>
                  </li>
                ))}
              </ol>
            </section>
          )}
        </div>
      </div>
    </div>
  );
}
