import type { StockMovement } from '@smart-zone/types/item';
import { useLocation } from '../../locations/api/locations';

type Place = NonNullable<StockMovement['places']>[number];

/** A location's path by its id, asked once per id (react-query keeps it); a location deleted since says so. */
function FetchedPath({ locationId }: { locationId: string }) {
  const location = useLocation(locationId);
  if (location.isError) return <>a deleted location</>;
  return <>{location.data?.path ?? '…'}</>;
}

/** A path: from what the page knows already (the item's stock lines), else asked. */
function PathOf({ locationId, known }: { locationId: string; known: ReadonlyMap<string, string> }) {
  const path = known.get(locationId);
  return path === undefined ? <FetchedPath locationId={locationId} /> : <>{path}</>;
}

const signed = (delta: number) => (delta < 0 ? `−${-delta}` : `+${delta}`);

/**
 * Where a movement's units went (its `places`; absent: all at Main, nothing said). A transfer (and its undo):
 * "2 moved: Main → Back room / Shelf A / Bin 3"; one place: "at Bin 3"; several (a delivery from two): each
 * with its units.
 */
export function MovementPlaces({ places, known }: { places: readonly Place[]; known: ReadonlyMap<string, string> }) {
  const from = places.length === 2 ? places.find((place) => place.delta < 0) : undefined;
  const to = places.length === 2 ? places.find((place) => place.delta > 0) : undefined;
  const moved = from && to && from.delta === -to.delta;
  return (
    <span className="d-block small text-secondary text-break" data-testid="movement-places">
      {moved ? (
        <>
          {to.delta} moved: <PathOf locationId={from.locationId} known={known} /> →{' '}
          <PathOf locationId={to.locationId} known={known} />
        </>
      ) : places.length === 1 ? (
        <>
          at <PathOf locationId={places[0]!.locationId} known={known} />
        </>
      ) : (
        places.map((place, index) => (
          <span key={place.locationId}>
            {index > 0 && ', '}
            <PathOf locationId={place.locationId} known={known} /> {signed(place.delta)}
          </span>
        ))
      )}
    </span>
  );
}
