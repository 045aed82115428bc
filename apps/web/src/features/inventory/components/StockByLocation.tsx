import type { Item } from '@smart-zone/types/item';
import { MAIN_LOCATION_ID } from '@smart-zone/types/location';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import { Link } from 'react-router-dom';
import { QueryError } from '../../../components/QueryError';
import { paths } from '../../../config/paths';
import { mayUse, useAccess } from '../../../lib/auth/get-me';
import { useItemStock } from '../api/get-item-stock';
import { MoveStockForm } from './MoveStockForm';

/** The Locations page open at a location (Main: the page itself). */
const locationHref = (id: string) => (id === MAIN_LOCATION_ID ? paths.locations.href() : paths.locations.openHref(id));

/**
 * Where the item's units are, for staff (GET /inventory/:id/stock): a line per location holding some, Main
 * first, its path opening that location; whoever moves stock gets a Move on each line, which opens the move
 * form under it (from that location). The item page shows it only to those who read stock.
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
    </section>
  );
}
