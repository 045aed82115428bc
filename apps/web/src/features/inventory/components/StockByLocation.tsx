import type { Item } from '@smart-zone/types/item';
import { MAIN_LOCATION_ID } from '@smart-zone/types/location';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import { Link } from 'react-router-dom';
import { QueryError } from '../../../components/QueryError';
import { paths } from '../../../config/paths';
import { mayUse, useAccess } from '../../../lib/auth/get-me';
import { toast } from '../../../lib/toast';
import { defaultPlace, useDefaultLocation, useSetDefaultLocation } from '../api/default-location';
import { useItemStock } from '../api/get-item-stock';
import { LocationSearch } from './LocationSearch';
import { MoveStockForm } from './MoveStockForm';

/** The Locations page open at a location (Main: the page itself). */
const locationHref = (id: string) => (id === MAIN_LOCATION_ID ? paths.locations.href() : paths.locations.openHref(id));

/**
 * Where a receipt of the item that names no location goes (GET /inventory/:id/default-location), Main when it
 * has none. Whoever moves stock may change it: Change opens a search for a location by its path; Use Main (with
 * a default set) clears it. Only the default changes: no stock moves, the item is not edited.
 */
function DefaultLocation({ item, mayChange }: { item: Item; mayChange: boolean }) {
  const answer = useDefaultLocation(item._id);
  const set = useSetDefaultLocation(item._id);
  const [changing, setChanging] = useState(false);
  if (answer.isPending) return null;
  if (answer.isError) return <QueryError error={answer.error} onRetry={() => void answer.refetch()} />;
  const place = defaultPlace(answer.data);
  const choose = (locationId: string | null) =>
    set.mutate(locationId, {
      onSuccess: () => {
        toast.success('Default location set');
        setChanging(false);
      },
    });
  const id = `default-place-${item._id}`;

  return (
    <div className="mt-2">
      <div className="d-flex flex-wrap align-items-center gap-2">
        <span className="text-break" data-testid="default-location">
          Receives into: <strong>{place?.path ?? 'Main'}</strong>
        </span>
        {mayChange && (
          <Button
            variant={changing ? 'secondary' : 'outline-secondary'}
            className="touch-target"
            aria-label="Change where receipts go"
            aria-expanded={changing}
            aria-controls={changing ? id : undefined}
            onClick={() => setChanging(!changing)}
          >
            Change
          </Button>
        )}
      </div>
      {mayChange && changing && (
        <section id={id} aria-label={`Where receipts of ${item.name} go`} aria-busy={set.isPending} className="mt-2">
          <LocationSearch
            id={`${id}-search`}
            label="Find where receipts go"
            exclude={place ? [place.locationId] : []}
            onPick={(choice) => {
              if (!set.isPending) choose(choice.locationId);
            }}
          />
          <div className="d-flex flex-wrap gap-2 mt-2">
            {place && (
              <Button
                variant="outline-primary"
                className="touch-target"
                disabled={set.isPending}
                onClick={() => choose(null)}
              >
                Use Main
              </Button>
            )}
            <Button variant="outline-secondary" className="touch-target" onClick={() => setChanging(false)}>
              Cancel
            </Button>
          </div>
        </section>
      )}
    </div>
  );
}

/**
 * Where the item's units are, for staff (GET /inventory/:id/stock): a line per location holding some, Main
 * first, its path opening that location; whoever moves stock gets a Move on each line, which opens the move
 * form under it (from that location). Under the lines, where receipts go (DefaultLocation). The item page shows
 * it only to those who read stock.
 */
export function StockByLocation({ item }: { item: Item }) {
  const mayMove = mayUse(useAccess(), 'moveStock');
  const stock = useItemStock(item._id);
  const [movingFrom, setMovingFrom] = useState<string>();
  const lines = stock.data ?? [];

  return (
    <section aria-labelledby={`stock-places-${item._id}`} className="stock-by-location mb-3">
      <h2 id={`stock-places-${item._id}`} className="h6 mb-2">
        Stock by location
      </h2>
      {stock.isPending ? (
        <p className="placeholder-glow mb-0" aria-busy="true">
          <span className="placeholder col-8 touch-target" />
        </p>
      ) : stock.isError ? (
        <QueryError error={stock.error} onRetry={() => void stock.refetch()} />
      ) : lines.length === 0 ? (
        <p className="text-secondary mb-0">None in stock anywhere.</p>
      ) : (
        <ul className="list-group" data-testid="stock-lines">
          {lines.map((line) => (
            <li key={line.locationId} className="list-group-item py-1" data-testid="stock-line">
              <div className="d-flex align-items-center gap-2">
                <Link className="location-open-link text-break" to={locationHref(line.locationId)}>
                  {line.path}
                </Link>
                <span className="fw-semibold text-nowrap" aria-label={`${line.quantity} at ${line.path}`}>
                  {line.quantity}
                </span>
                {mayMove && (
                  <Button
                    variant={movingFrom === line.locationId ? 'secondary' : 'outline-secondary'}
                    className="touch-target"
                    aria-label={`Move from ${line.path}`}
                    aria-expanded={movingFrom === line.locationId}
                    onClick={() => setMovingFrom(movingFrom === line.locationId ? undefined : line.locationId)}
                  >
                    Move
                  </Button>
                )}
              </div>
              {movingFrom === line.locationId && (
                <section aria-label={`Move ${item.name}`} className="border-top pt-3 pb-2 mt-1">
                  <MoveStockForm
                    item={item}
                    lines={lines}
                    from={line.locationId}
                    onDone={() => setMovingFrom(undefined)}
                  />
                </section>
              )}
            </li>
          ))}
        </ul>
      )}
      <DefaultLocation item={item} mayChange={mayMove} />
    </section>
  );
}
