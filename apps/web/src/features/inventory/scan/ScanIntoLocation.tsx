import type { Location } from '@smart-zone/types/location';
import { useRef, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { errorMessage } from '../../../lib/api-client';
import { ownPageOf } from '../../../lib/own-pages';
import { toast } from '../../../lib/toast';
import { useScannerBurst } from '../../../lib/use-scanner-burst';
import { useFindByCode } from '../api/find-by-code';
import { CameraView } from './CameraMessage';
import { CodeForm } from './CodeForm';
import { repeatFilter } from './repeat-filter';
import { useCameraScanner } from './use-camera-scanner';
import './scan.css';
import { useTransferMany } from '../../locations/api/locations';

/** An item to move here, and how many of its units (as typed: checked before sending). */
interface Line {
  itemId: string;
  name: string;
  quantity: string;
}

/** What the last code read did. */
type Status =
  | { kind: 'looking'; code: string }
  | { kind: 'added'; name: string; quantity: number }
  | { kind: 'unknown'; code: string }
  | { kind: 'location'; code: string }
  | { kind: 'error'; code: string; message: string };

const units = (line: Line) => {
  const n = Number(line.quantity);
  return Number.isInteger(n) && n >= 1 ? n : 0;
};

/**
 * "Scan a bin, then its items" (issue 34): the location's label scanned (or the location opened), each item's
 * code read by the camera, typed, or sent by a USB scanner becomes a line (1 unit; read again, one more), and
 * one tap moves them all here in one transfer (POST /transfers, each line from where the item has the most).
 * A refusal (too few somewhere, an item gone) is said above the lines, which stay to be fixed.
 */
export function ScanIntoLocation({ location, onClose }: { location: Location; onClose: () => void }) {
  const findItem = useFindByCode();
  const move = useTransferMany();
  const video = useRef<HTMLVideoElement>(null);
  const [attempt, setAttempt] = useState(0);
  const [lines, setLines] = useState<Line[]>([]);
  const [status, setStatus] = useState<Status | null>(null);
  const [refusal, setRefusal] = useState<string>();
  const [firstRead] = useState(() => repeatFilter());

  const addCode = async (text: string) => {
    const code = text.trim();
    if (code === '') return;
    if (ownPageOf(code)?.kind === 'location') return setStatus({ kind: 'location', code });
    setStatus({ kind: 'looking', code });
    try {
      const item = await findItem(code);
      if (!item) return setStatus({ kind: 'unknown', code });
      const before = lines.find((line) => line.itemId === item._id);
      const quantity = before ? units(before) + 1 : 1;
      setLines((current) =>
        current.some((line) => line.itemId === item._id)
          ? current.map((line) => (line.itemId === item._id ? { ...line, quantity: String(units(line) + 1) } : line))
          : [...current, { itemId: item._id, name: item.name, quantity: '1' }],
      );
      setRefusal(undefined);
      setStatus({ kind: 'added', name: item.name, quantity });
    } catch (error) {
      setStatus({ kind: 'error', code, message: errorMessage(error) });
    }
  };

  // The camera: each sighting of a code once (held in view, it counts once; shown again after 2 s, once more).
  const camera = useCameraScanner(
    video,
    (code) => {
      if (firstRead(code, performance.now())) void addCode(code);
    },
    attempt,
  );
  // A USB scanner with no field focused (the header's watch stands aside in this mode).
  useScannerBurst((code) => void addCode(code));

  const setQuantity = (itemId: string, quantity: string) =>
    setLines((current) => current.map((line) => (line.itemId === itemId ? { ...line, quantity } : line)));
  const removeLine = (itemId: string) => setLines((current) => current.filter((line) => line.itemId !== itemId));

  const total = lines.reduce((sum, line) => sum + units(line), 0);
  const valid = lines.length > 0 && lines.every((line) => units(line) > 0);
  const send = async () => {
    setRefusal(undefined);
    try {
      await move.mutateAsync({
        to: location._id,
        lines: lines.map((line) => ({ itemId: line.itemId, quantity: units(line) })),
      });
      toast.success(`Moved ${total} ${total === 1 ? 'item' : 'items'} into ${location.path}`);
      setLines([]);
      setStatus(null);
    } catch (error) {
      setRefusal(errorMessage(error));
    }
  };
  const videoShown = camera.status === 'starting' || camera.status === 'on';

  return (
    <section aria-labelledby="scan-into-title" className="scan-into card shadow-sm my-3" data-testid="scan-into">
      <div className="card-body">
        <div className="d-flex align-items-center justify-content-between gap-2 mb-2">
          <h2 id="scan-into-title" className="h6 mb-0 text-break">
            Scan items into {location.path}
          </h2>
          <Button variant="outline-secondary" className="tap-target" onClick={onClose}>
            Done
          </Button>
        </div>
        <div className="scan-layout">
          <div className="scan-camera">
            <CameraView camera={camera} video={video} onRetry={() => setAttempt((n) => n + 1)} />
            <CodeForm
              id="scan-into-code"
              label="Item code"
              placeholder="Scan or type an item's code"
              submit="Add"
              formLabel="Add an item by its code"
              maxLength={200}
              onCode={(code) => void addCode(code)}
            />
            <p className="small mb-2" aria-live="polite" data-testid="scan-into-status">
              {status === null && (
                <span className="text-secondary">
                  {videoShown
                    ? 'Point the camera at an item’s code, one after another.'
                    : 'Scan or type each item’s code.'}
                </span>
              )}
              {status?.kind === 'looking' && <span className="text-secondary">Looking up {status.code}…</span>}
              {status?.kind === 'added' && (
                <span className="text-success">
                  Added {status.name}
                  {status.quantity > 1 ? ` (${status.quantity})` : ''}
                </span>
              )}
              {status?.kind === 'unknown' && (
                <span className="text-danger text-break">No item has the code {status.code}.</span>
              )}
              {status?.kind === 'location' && (
                <span className="text-danger">That is a location’s label: scan the items’ codes.</span>
              )}
              {status?.kind === 'error' && (
                <span className="text-danger text-break">
                  {status.code}: {status.message}
                </span>
              )}
            </p>
          </div>

          <div className="scan-into-lines">
            {refusal && (
              <Alert variant="danger" className="py-2" data-testid="scan-into-refusal">
                {refusal}
              </Alert>
            )}
            {lines.length === 0 ? (
              <p className="text-secondary small mb-2">No items yet.</p>
            ) : (
              <ul className="list-group mb-2" aria-label="Items to move here">
                {lines.map((line) => (
                  <li key={line.itemId} className="list-group-item" data-testid="scan-into-line">
                    <div className="d-flex align-items-center gap-2 flex-wrap">
                      <span className="fw-semibold text-break flex-grow-1 scan-into-name">{line.name}</span>
                      <div
                        className="d-flex align-items-center gap-1"
                        role="group"
                        aria-label={`${line.name}: how many`}
                      >
                        <Button
                          variant="outline-secondary"
                          className="touch-target fs-5 lh-1"
                          aria-label={`One less ${line.name}`}
                          disabled={units(line) <= 1}
                          onClick={() => setQuantity(line.itemId, String(units(line) - 1))}
                        >
                          −
                        </Button>
                        <Form.Control
                          type="number"
                          inputMode="numeric"
                          min={1}
                          step={1}
                          className="text-center scan-into-quantity"
                          aria-label={`Quantity of ${line.name}`}
                          isInvalid={units(line) === 0}
                          value={line.quantity}
                          onChange={(event) => setQuantity(line.itemId, event.target.value)}
                        />
                        <Button
                          variant="outline-secondary"
                          className="touch-target fs-5 lh-1"
                          aria-label={`One more ${line.name}`}
                          onClick={() => setQuantity(line.itemId, String(units(line) + 1))}
                        >
                          +
                        </Button>
                        <Button
                          variant="outline-danger"
                          className="touch-target"
                          aria-label={`Remove ${line.name}`}
                          onClick={() => removeLine(line.itemId)}
                        >
                          ✕
                        </Button>
                      </div>
                    </div>
                  </li>
                ))}
              </ul>
            )}
            <div className="scan-into-send">
              <Button
                variant="primary"
                className="w-100 tap-target"
                disabled={!valid || move.isPending}
                onClick={() => void send()}
              >
                {move.isPending ? 'Moving...' : `Move ${total} ${total === 1 ? 'item' : 'items'} here`}
              </Button>
            </div>
          </div>
        </div>
      </div>
    </section>
  );
}
