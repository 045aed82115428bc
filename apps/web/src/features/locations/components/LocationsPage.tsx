import { MAIN_LOCATION_ID, type Location } from '@smart-zone/types/location';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import { Link, useSearchParams } from 'react-router-dom';
import { QueryError } from '../../../components/QueryError';
import { SearchBox } from '../../../components/SearchBox';
import { usePageTitle } from '../../../components/use-page-title';
import { mayUse, useAccess } from '../../../lib/auth/get-me';
import { PrintLabelsButton } from '../../inventory/components/PrintLabelsButton';
import { useLocation, useLocations } from '../api/locations';
import { AddLocationForm } from './AddLocationForm';
import { LocationContents } from './LocationContents';
import { locationHref, LocationRow } from './LocationRow';
import { ScanIntoLocation } from '../../inventory/scan/ScanIntoLocation';

/** Rows a page of locations shows: a shelf's bins fit on one. */
export const LOCATIONS_PAGE_SIZE = 50;

/**
 * Where stock is kept (issue 34): the tree under Main, one level at a time (`?in=` the location open, Main by
 * default), or every location whose path a search matches (`?q=`: "a3" finds "Shelf A / Bin 3"). Managers add
 * a location inside the one open, and rename, move or delete any; everyone else on the team reads. A location
 * (Main aside) shows what it holds; who may move stock scans items into it (`&scan=1`: "scan a bin, then its
 * items").
 */
export function LocationsPage() {
  usePageTitle('Locations');
  const [params, setParams] = useSearchParams();
  const q = params.get('q')?.trim() ?? '';
  const openId = params.get('in') ?? MAIN_LOCATION_ID;
  const [shown, setShown] = useState(LOCATIONS_PAGE_SIZE);
  const access = useAccess();
  const manage = mayUse(access, 'manageLocations');
  const mayMove = mayUse(access, 'moveStock');
  const scanning = !q && mayMove && openId !== MAIN_LOCATION_ID && params.has('scan');
  const setScanning = (on: boolean) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (on) next.set('scan', '1');
      else next.delete('scan');
      return next;
    });
  const open = useLocation(openId);
  const rows = useLocations(q ? { q, limit: shown } : { parentId: openId, limit: shown });

  const search = (text: string) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (text.trim()) next.set('q', text.trim());
      else next.delete('q');
      return next;
    });

  return (
    <section aria-labelledby="locations-title" className="locations-page">
      <h1 id="locations-title">Locations</h1>
      {!scanning && (
        <>
          <p className="text-secondary small">
            Where stock is kept. Main holds everything that is not put somewhere else; a location can hold others (a
            room, its shelves, their bins), up to 6 levels.
          </p>
          <SearchBox id="locations-search" label="Find a location: shelf a bin 3, or a3" value={q} onSearch={search} />
        </>
      )}

      {/* Scanning into it: the panel names the location itself, and its Done goes back to this view. */}
      {!q && !scanning && (
        <nav aria-label="Where you are" className="my-3" data-testid="location-open">
          {open.isError ? (
            <QueryError error={open.error} onRetry={() => void open.refetch()} />
          ) : (
            <OpenLocation location={open.data} onScanInto={mayMove ? () => setScanning(true) : undefined} />
          )}
        </nav>
      )}
      {scanning && open.data && <ScanIntoLocation location={open.data} onClose={() => setScanning(false)} />}
      {!q && open.data && open.data._id !== MAIN_LOCATION_ID && <LocationContents location={open.data} />}
      {scanning ? null : (
        <>
          {!q && manage && open.data && <AddLocationForm parent={open.data} />}

          {rows.isError ? (
            <QueryError error={rows.error} onRetry={() => void rows.refetch()} />
          ) : (
            <>
              <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mt-3 mb-2">
                <p className="small text-secondary mb-0" aria-live="polite" data-testid="locations-summary">
                  {rows.data === undefined
                    ? 'Loading the locations...'
                    : q
                      ? `${rows.data.total} ${rows.data.total === 1 ? 'location matches' : 'locations match'} “${q}”`
                      : `${rows.data.total} ${rows.data.total === 1 ? 'location' : 'locations'} inside`}
                </p>
                {/* Labels of the locations listed: a QR code each that opens it, to stick on its shelf or bin. */}
                <PrintLabelsButton items={[]} locations={rows.data?.items ?? []}>
                  Print labels{rows.data && rows.data.items.length > 0 ? ` (${rows.data.items.length})` : ''}
                </PrintLabelsButton>
              </div>
              {rows.data && rows.data.items.length === 0 && (
                <p className="text-secondary" data-testid="locations-empty">
                  {q ? 'No location’s path has words that begin with those.' : 'Nothing inside yet.'}
                  {!q && manage && ' Add the first one above.'}
                </p>
              )}
              <ul className="list-group" data-testid="locations-list" aria-busy={rows.isFetching}>
                {rows.data?.items.map((location) => (
                  <LocationRow key={location._id} location={location} manage={manage} showPath={Boolean(q)} />
                ))}
              </ul>
              {rows.data && rows.data.total > rows.data.items.length && (
                <button
                  type="button"
                  className="btn btn-outline-primary mt-3 tap-target"
                  onClick={() => setShown((count) => count + LOCATIONS_PAGE_SIZE)}
                >
                  Show {Math.min(LOCATIONS_PAGE_SIZE, rows.data.total - rows.data.items.length)} more
                </button>
              )}
            </>
          )}
        </>
      )}
    </section>
  );
}

/** The location open: its path, the way up, and (who may move stock) the way to scan items into it. */
function OpenLocation({ location, onScanInto }: { location?: Location; onScanInto?: () => void }) {
  if (!location) return <p className="placeholder-glow mb-0">Loading...</p>;
  const main = location._id === MAIN_LOCATION_ID;
  return (
    <div className="d-flex flex-wrap align-items-center gap-2">
      {!main && (
        <Link
          className="btn btn-outline-secondary tap-target d-inline-flex align-items-center"
          to={locationHref(location.parentId!)}
        >
          ↑ Up
        </Link>
      )}
      <h2 className="h5 mb-0 text-break flex-grow-1">{location.path}</h2>
      {!main && (
        <PrintLabelsButton items={[]} locations={[location]} className="tap-target">
          Print its label
        </PrintLabelsButton>
      )}
      {!main && onScanInto && (
        <Button variant="primary" className="tap-target w-100 text-break" onClick={onScanInto}>
          Scan items into {location.path}
        </Button>
      )}
    </div>
  );
}
