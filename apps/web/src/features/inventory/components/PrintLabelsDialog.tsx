import {
  LABEL_COPIES_MAX,
  LABEL_LAYOUT_NAMES,
  LABEL_LAYOUTS,
  LABEL_TOTAL_MAX,
  type LabelCode,
  type LabelLayoutName,
  labelsPerPage,
} from '@smart-zone/types/labels';
import { useEffect, useRef, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { RadioChoices } from '../../../components/RadioChoices';
import { errorMessage } from '../../../lib/api-client';
import { saveFile } from '../../../lib/save-file';
import { useLabelsPdf } from '../api/labels-pdf';
import { formatCount } from '../../../lib/numbers';

/** An item to print: its id, and its name for the dialog's words. */
export interface LabelledItem {
  _id: string;
  name: string;
}

const LAYOUT_CHOICES = LABEL_LAYOUT_NAMES.map((name) => [name, LABEL_LAYOUTS[name].title] as const);
const CODE_CHOICES = [
  ['qr', "QR code (opens the item's page)"],
  ['code128', 'Bar code of the SKU (Code 128)'],
] as const satisfies readonly (readonly [LabelCode, string])[];

/** The last choice of sheet and code, for the next time (a shop has one printer). */
const REMEMBERED = 'smart-zone.labels';
function remembered(): { layout: LabelLayoutName; code: LabelCode } {
  try {
    const kept = JSON.parse(localStorage.getItem(REMEMBERED) ?? '{}') as { layout?: string; code?: string };
    return {
      layout: LABEL_LAYOUT_NAMES.find((name) => name === kept.layout) ?? 'a4-3x8',
      code: CODE_CHOICES.find(([code]) => code === kept.code)?.[0] ?? 'qr',
    };
  } catch {
    return { layout: 'a4-3x8', code: 'qr' };
  }
}

/** Whether this browser shows a PDF inside the page (no on Android's Chrome: it opens or downloads it). */
const showsPdfInline = () => (navigator as { pdfViewerEnabled?: boolean }).pdfViewerEnabled !== false;

const plural = (count: number, one: string, many = `${one}s`) => `${formatCount(count)} ${count === 1 ? one : many}`;

/**
 * Print labels of some items: the sheet or roll, QR code or bar code, copies; the PDF previewed in the
 * page, then printed or downloaded. Asks the API again whenever a choice changes.
 */
export function PrintLabelsDialog({
  items,
  locations = [],
  onClose,
}: {
  items: readonly LabelledItem[];
  /** Locations to label after the items (their path and a QR code that opens them). */
  locations?: readonly LabelledItem[];
  onClose: () => void;
}) {
  const count = items.length + locations.length;
  const [{ layout, code }, setChoice] = useState(remembered);
  const [copiesText, setCopiesText] = useState('1');
  const [copies, setCopies] = useState(1);
  const frame = useRef<HTMLIFrameElement>(null);
  const [url, setUrl] = useState<string>();

  const copiesValue = Number(copiesText);
  const copiesError =
    !Number.isInteger(copiesValue) || copiesValue < 1 || copiesValue > LABEL_COPIES_MAX
      ? `Copies must be a whole number from 1 to ${LABEL_COPIES_MAX}`
      : count * copiesValue > LABEL_TOTAL_MAX
        ? `At most ${formatCount(LABEL_TOTAL_MAX)} labels at once: print fewer copies`
        : undefined;
  // Typing "12" asks once, for 12, not for 1 and then 12.
  useEffect(() => {
    if (copiesError) return;
    const timer = setTimeout(() => setCopies(copiesValue), 300);
    return () => clearTimeout(timer);
  }, [copiesValue, copiesError]);

  const pdf = useLabelsPdf({
    ids: items.map((item) => item._id),
    locationIds: locations.map((location) => location._id),
    layout,
    code,
    copies,
  });
  useEffect(() => {
    if (!pdf.data) return;
    const made = URL.createObjectURL(pdf.data.blob);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [pdf.data]);

  const choose = (next: { layout?: LabelLayoutName; code?: LabelCode }) => {
    const chosen = { layout, code, ...next };
    setChoice(chosen);
    try {
      localStorage.setItem(REMEMBERED, JSON.stringify(chosen));
    } catch {
      // Private mode: not remembered.
    }
  };

  const labels = count * copies;
  const pages = Math.ceil(labels / labelsPerPage(layout));
  const inline = showsPdfInline();
  const ready = pdf.isSuccess && url !== undefined && !pdf.isFetching;
  const print = () => {
    const view = frame.current?.contentWindow;
    if (inline && view) view.print();
    else window.open(url, '_blank', 'noopener');
  };

  return (
    <Modal show onHide={onClose} size="lg" fullscreen="sm-down" aria-labelledby="labels-title">
      <Modal.Header closeButton>
        <Modal.Title id="labels-title" as="h2" className="h5">
          Print labels
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p className="mb-3">
          {count === 1
            ? (items[0] ?? locations[0])!.name
            : [
                items.length > 0 && plural(items.length, 'item'),
                locations.length > 0 && plural(locations.length, 'location'),
              ]
                .filter(Boolean)
                .join(' and ')}
          : {plural(labels, 'label')} on {plural(pages, layout === 'roll-62x29' ? 'roll label' : 'page')}
        </p>
        <div className="row g-3">
          <div className="col-md-5">
            <RadioChoices
              legend="Sheet or roll"
              name="labels-layout"
              choices={LAYOUT_CHOICES}
              value={layout}
              onChange={(next) => choose({ layout: next })}
              className="mb-3"
            />
            <RadioChoices
              legend="Code"
              name="labels-code"
              choices={CODE_CHOICES}
              value={code}
              onChange={(next) => choose({ code: next })}
              className="mb-3"
            />
            <Form.Group controlId="labels-copies" className="mb-3">
              <Form.Label className="fw-semibold">Copies of each</Form.Label>
              <Form.Control
                type="number"
                inputMode="numeric"
                min={1}
                max={LABEL_COPIES_MAX}
                value={copiesText}
                isInvalid={copiesError !== undefined}
                onChange={(event) => setCopiesText(event.target.value)}
                className="labels-copies"
              />
              <Form.Control.Feedback type="invalid">{copiesError}</Form.Control.Feedback>
            </Form.Group>
          </div>
          <div className="col-md-7">
            {pdf.isError ? (
              <Alert variant="danger" className="mb-0">
                {errorMessage(pdf.error)}
              </Alert>
            ) : !ready ? (
              <div className="labels-preview d-flex align-items-center justify-content-center text-secondary border rounded">
                Making the labels...
              </div>
            ) : inline ? (
              <iframe ref={frame} src={url} title="Labels preview" className="labels-preview border rounded" />
            ) : (
              <Alert variant="secondary" className="mb-0">
                This browser cannot show the PDF inside the page: open it to see and print it.
              </Alert>
            )}
            {ready && pdf.data.qrFallbacks > 0 && (
              <p className="small text-secondary mt-2 mb-0">
                {plural(pdf.data.qrFallbacks, 'label')} {pdf.data.qrFallbacks === 1 ? 'has' : 'have'} a QR code instead:
                no SKU, or one too long for a bar code on this label.
              </p>
            )}
          </div>
        </div>
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={onClose}>
          Close
        </Button>
        <Button
          variant="outline-primary"
          disabled={!ready}
          onClick={() => pdf.data && saveFile(pdf.data.blob, pdf.data.filename)}
        >
          Download PDF
        </Button>
        <Button variant="primary" disabled={!ready} onClick={print}>
          {inline ? 'Print' : 'Open PDF'}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
