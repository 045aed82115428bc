import { LOCATION_NAME_MAX, MAIN_LOCATION_ID, locationPatchSchema, type Location } from '@smart-zone/types/location';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { Link } from 'react-router-dom';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useFormSubmit } from '../../../lib/use-form-submit';
import { useChangeLocation, useDeleteLocation, useLocations } from '../api/locations';

/** The address that opens a location (Main: the page itself). */
export const locationHref = (id: string) =>
  id === MAIN_LOCATION_ID ? paths.locations.href() : paths.locations.openHref(id);

type Mode = 'rename' | 'move' | undefined;

/**
 * One location: its name (its whole path in search results) opens it; a manager renames it, moves it (with
 * everything inside) or deletes it when empty, each refusal said in the row.
 */
export function LocationRow({
  location,
  manage,
  showPath,
}: {
  location: Location;
  manage: boolean;
  showPath: boolean;
}) {
  const [mode, setMode] = useState<Mode>();
  const [deleting, setDeleting] = useState(false);
  const [refusal, setRefusal] = useState<string>();
  const remove = useDeleteLocation();
  const toggle = (next: Mode) => {
    setRefusal(undefined);
    setMode((current) => (current === next ? undefined : next));
  };
  const confirmDelete = async () => {
    try {
      await remove.mutateAsync(location._id);
      toast.success(`${location.path} deleted`);
    } catch (error) {
      setRefusal(error instanceof ApiError ? error.message : String(error));
    } finally {
      setDeleting(false);
    }
  };

  return (
    <li className="list-group-item" data-testid="location-row">
      <div className="d-flex flex-wrap align-items-center gap-2">
        <Link className="location-open-link fw-semibold text-break" to={locationHref(location._id)}>
          {showPath ? location.path : location.name}
        </Link>
        {manage && (
          <div className="d-flex flex-wrap gap-2">
            <Button
              variant="outline-secondary"
              size="sm"
              onClick={() => toggle('rename')}
              aria-expanded={mode === 'rename'}
            >
              Rename
            </Button>
            <Button
              variant="outline-secondary"
              size="sm"
              onClick={() => toggle('move')}
              aria-expanded={mode === 'move'}
            >
              Move
            </Button>
            <Button variant="outline-danger" size="sm" onClick={() => setDeleting(true)}>
              Delete
            </Button>
          </div>
        )}
      </div>
      {mode === 'rename' && <RenameForm location={location} onDone={() => setMode(undefined)} />}
      {mode === 'move' && <MovePicker location={location} onDone={() => setMode(undefined)} />}
      {refusal && (
        <Alert variant="danger" className="py-2 mt-2 mb-0" dismissible onClose={() => setRefusal(undefined)}>
          {refusal}
        </Alert>
      )}
      <ConfirmDialog
        show={deleting}
        question={`Delete ${location.path}?`}
        detail="Only an empty location can be deleted: nothing inside it, no stock in it."
        busy={remove.isPending}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(false)}
      />
    </li>
  );
}

function RenameForm({ location, onDone }: { location: Location; onDone: () => void }) {
  const change = useChangeLocation();
  const [name, setName] = useState(location.name);
  const form = useFormSubmit({
    schema: locationPatchSchema,
    send: (patch) => change.mutateAsync({ id: location._id, ...patch }),
    onSuccess: (changed) => {
      toast.success(`Renamed: ${changed.path}`);
      onDone();
    },
  });
  const id = `rename-${location._id}`;
  return (
    <Form className="mt-2" noValidate onSubmit={(event) => form.onSubmit(event, { name })} aria-busy={form.busy}>
      <Form.Label htmlFor={id} className="small mb-1">
        New name
      </Form.Label>
      <div className="d-flex gap-2">
        <Form.Control
          id={id}
          value={name}
          maxLength={LOCATION_NAME_MAX}
          autoComplete="off"
          autoFocus
          isInvalid={Boolean(form.errors.name)}
          onChange={(event) => setName(event.target.value)}
        />
        <Button type="submit" disabled={form.busy}>
          {form.busy ? 'Saving...' : 'Save'}
        </Button>
      </div>
      {(form.errors.name ?? form.refusal) && (
        <div className="invalid-feedback d-block">{form.errors.name ?? form.refusal}</div>
      )}
    </Form>
  );
}

/** Where to move it: Main, or a location found by the words of its path. */
function MovePicker({ location, onDone }: { location: Location; onDone: () => void }) {
  const change = useChangeLocation();
  const [text, setText] = useState('');
  const [refusal, setRefusal] = useState<string>();
  const found = useLocations({ q: text.trim(), limit: 8 }, { enabled: text.trim().length > 0 });
  const id = `move-${location._id}`;
  const choices = [
    ...(location.parentId === MAIN_LOCATION_ID ? [] : [{ _id: MAIN_LOCATION_ID, path: 'Main' }]),
    ...(text.trim() ? (found.data?.items ?? []) : []).filter(
      (one) => one._id !== location._id && one._id !== location.parentId && one._id !== MAIN_LOCATION_ID,
    ),
  ];
  const moveTo = async (parentId: string, path: string) => {
    try {
      const moved = await change.mutateAsync({ id: location._id, parentId });
      toast.success(`Moved: ${moved.path}`);
      onDone();
    } catch (error) {
      setRefusal(error instanceof ApiError ? error.message : `Could not move it into ${path}`);
    }
  };
  return (
    <div className="mt-2">
      <Form.Label htmlFor={id} className="small mb-1">
        Move {location.name} (and everything inside it) into…
      </Form.Label>
      <Form.Control
        id={id}
        type="search"
        value={text}
        autoComplete="off"
        autoFocus
        placeholder="Find the location: back room, a3…"
        onChange={(event) => setText(event.target.value)}
      />
      <div className="d-flex flex-column gap-1 mt-2" data-testid="move-choices">
        {choices.map((choice) => (
          <Button
            key={choice._id}
            variant="outline-primary"
            className="text-start text-break"
            disabled={change.isPending}
            onClick={() => void moveTo(choice._id, choice.path)}
          >
            {choice.path}
          </Button>
        ))}
      </div>
      {refusal && <div className="invalid-feedback d-block">{refusal}</div>}
    </div>
  );
}
