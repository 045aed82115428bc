import { useDeferredValue, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useLocations } from '../../locations/api/locations';

/** A location as a stock form names it: its id and its path ("Back room / Shelf A / Bin 3"; Main's is its name). */
export interface PlaceChoice {
  locationId: string;
  path: string;
}

/** The matches a search shows: a shelf's bins, without a page of scrolling on a phone. */
const MATCHES_SHOWN = 6;

/**
 * A location found by the words of its path, as the Locations page finds them ("a3" finds "Shelf A / Bin 3"):
 * a search field and its matches under it, each a 44 px button that picks it. `exclude`: ids not offered (the
 * location the units leave). Nothing is asked before a word is typed.
 */
export function LocationSearch({
  id,
  label,
  exclude = [],
  onPick,
  error,
}: {
  id: string;
  label: string;
  exclude?: readonly string[];
  onPick: (choice: PlaceChoice) => void;
  error?: string;
}) {
  const [text, setText] = useState('');
  // Typing stays quick; the search follows the words once React has time for it.
  const q = useDeferredValue(text.trim());
  const found = useLocations({ q, limit: MATCHES_SHOWN + exclude.length }, { enabled: q.length > 0 });
  const matches = q
    ? (found.data?.items ?? []).filter((location) => !exclude.includes(location._id)).slice(0, MATCHES_SHOWN)
    : [];
  return (
    <div className="location-search">
      <Form.Label htmlFor={id} className="mb-1">
        {label}
      </Form.Label>
      <Form.Control
        id={id}
        type="search"
        className="tap-target"
        value={text}
        autoComplete="off"
        placeholder="back room, shelf a, a3…"
        isInvalid={Boolean(error)}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => setText(event.target.value)}
      />
      {error && (
        <div id={`${id}-error`} className="invalid-feedback d-block">
          {error}
        </div>
      )}
      {q && (
        <div className="d-flex flex-column gap-1 mt-2" role="group" aria-label="Locations found" aria-live="polite">
          {matches.map((location) => (
            <Button
              key={location._id}
              variant="outline-primary"
              className="text-start text-break touch-target"
              onClick={() => onPick({ locationId: location._id, path: location.path })}
            >
              {location.path}
            </Button>
          ))}
          {found.data && matches.length === 0 && (
            <p className="small text-secondary mb-0">No location’s path has words that begin with those.</p>
          )}
        </div>
      )}
    </div>
  );
}
