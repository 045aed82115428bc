import type { LocationItem } from '@smart-zone/types/location';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import { Link } from 'react-router-dom';
import { PagedList } from '../../../components/PagedList';
import { Line } from '../../../components/Skeleton';
import { paths } from '../../../config/paths';
import { pageWindow } from '../../../lib/list-request';
import { useLocation, useLocationItems } from '../../locations/api/locations';
import type { LocationFilter } from '../location-filter';
import { LocationSearch, type PlaceChoice } from './LocationSearch';

/**
 * A list of items narrowed to one location (issue 34, staff): before one is chosen, a search for it (the
 * stock forms' LocationSearch) and "Including the locations inside it" (on by default); once chosen, a line
 * saying what the list shows, with Clear (back to the whole list), and that the list's search, stock filter
 * and order are set aside meanwhile (GET /locations/:id/items has none).
 */
export function LocationFilterControls({
  id,
  chosen,
  onChoose,
  onDeep,
  onClear,
}: {
  id: string;
  /** The location the address names, if any. */
  chosen: LocationFilter | null;
  onChoose: (filter: LocationFilter) => void;
  onDeep: (deep: boolean) => void;
  onClear: () => void;
}) {
  // The path picked here, said at once (the location's own answer follows); the box ticked before a pick.
  const [picked, setPicked] = useState<PlaceChoice>();
  const [deepBeforePick, setDeepBeforePick] = useState(true);
  const deep = chosen ? chosen.deep : deepBeforePick;

  return (
    <div className="location-filter mb-3">
      {chosen ? (
        <ChosenLocation
          chosen={chosen}
          pickedPath={picked?.locationId === chosen.locationId ? picked.path : undefined}
          onClear={onClear}
        />
      ) : (
        <LocationSearch
          id={`${id}-location`}
          label="Location"
          onPick={(choice) => {
            setPicked(choice);
            onChoose({ locationId: choice.locationId, deep });
          }}
        />
      )}
      <label className="location-filter-deep tap-target mb-0" htmlFor={`${id}-location-deep`}>
        <input
          id={`${id}-location-deep`}
          type="checkbox"
          className="form-check-input"
          checked={deep}
          onChange={(event) => {
            setDeepBeforePick(event.target.checked);
            if (chosen) onDeep(event.target.checked);
          }}
        />
        Including the locations inside it
      </label>
    </div>
  );
}

/** "Showing what Back room / Shelf A holds (and the locations inside it) · Clear", and why the tools are gone. */
function ChosenLocation({
  chosen,
  pickedPath,
  onClear,
}: {
  chosen: LocationFilter;
  pickedPath?: string;
  onClear: () => void;
}) {
  const location = useLocation(chosen.locationId);
  const path = location.data?.path ?? pickedPath;
  return (
    <>
      <div className="d-flex flex-wrap align-items-center gap-2" data-testid="location-filter-line">
        <span className="text-break" role="status">
          Showing what {path ? <strong>{path}</strong> : 'this location'} holds{' '}
          {chosen.deep ? '(and the locations inside it)' : '(only there, not the locations inside it)'}
        </span>
        <span aria-hidden="true">·</span>
        <Button variant="outline-secondary" className="touch-target" onClick={onClear}>
          Clear
        </Button>
      </div>
      <p className="small text-secondary mb-0 mt-1">
        Search, Show and Sort by are set aside while a location is chosen: Clear it to use them again.
      </p>
    </>
  );
}

/** Grey rows of what a location holds, while its first page loads. */
function LocationItemsSkeleton() {
  return (
    <ul className="list-group">
      {[70, 55, 80, 60].map((width) => (
        <li key={width} className="list-group-item">
          <Line width={`${width}%`} className="my-2" />
        </li>
      ))}
    </ul>
  );
}

/**
 * What the chosen location holds, a page at a time as the address says (`?page=`): each item's name (its
 * page), SKU and units there ("5 here"; with `deep`, summed over the locations inside it).
 */
export function LocationItemsList({
  chosen,
  pageSize,
  paging,
}: {
  chosen: LocationFilter;
  pageSize: number;
  paging: { page: number; setPage: (page: number) => void };
}) {
  const held = useLocationItems(chosen.locationId, { deep: chosen.deep, ...pageWindow(paging.page, pageSize) });
  return (
    <PagedList<LocationItem>
      source={{ query: held, placeholder: <LocationItemsSkeleton />, loading: 'Loading what it holds...' }}
      paging={paging}
      size={pageSize}
      texts={{ many: 'items', one: 'item', pages: 'Pages of items' }}
      empty={<p className="text-secondary">No stock here yet.</p>}
    >
      {(lines) => (
        <ul className="list-group mb-3">
          {lines.map((line) => (
            <li
              key={line.itemId}
              className="list-group-item d-flex align-items-center justify-content-between gap-2"
              data-testid="location-item-row"
            >
              <span className="text-break">
                <Link className="list-item-link" to={paths.inventory.detail.href(line.itemId)}>
                  {line.name}
                </Link>
                {line.sku && <span className="d-block small text-secondary">SKU: {line.sku}</span>}
              </span>
              <span className="text-nowrap fw-semibold">{line.quantity} here</span>
            </li>
          ))}
        </ul>
      )}
    </PagedList>
  );
}
