import type { Location } from '@smart-zone/types/location';
import { Link } from 'react-router-dom';
import { QueryError } from '../../../components/QueryError';
import { paths } from '../../../config/paths';
import { useLocationItems } from '../api/locations';

/**
 * What a location holds (there, not below it): the first page of its items with their units, and how many in all;
 * its heading opens the same in Manage Inventories' list, every page of it.
 */
export function LocationContents({ location }: { location: Location }) {
  const held = useLocationItems(location._id);
  return (
    <section aria-labelledby="location-holds-title" className="mb-3" data-testid="location-holds">
      <h3 id="location-holds-title" className="h6 mb-1">
        {/* The same, paged in Manage Inventories' list (that location only, as here). */}
        <Link className="list-item-link" to={paths.manageInventories.atLocationHref(location._id, false)}>
          What {location.name} holds
        </Link>
      </h3>
      {held.isError ? (
        <QueryError error={held.error} onRetry={() => void held.refetch()} />
      ) : (
        <>
          <p className="small text-secondary mb-2" aria-live="polite" data-testid="location-holds-summary">
            {held.data === undefined
              ? 'Loading what it holds...'
              : held.data.total === 0
                ? 'No stock here yet.'
                : held.data.total > held.data.items.length
                  ? `${held.data.total} items here; the first ${held.data.items.length} shown`
                  : `${held.data.total} ${held.data.total === 1 ? 'item' : 'items'} here`}
          </p>
          {held.data && held.data.items.length > 0 && (
            <ul className="list-group" aria-busy={held.isFetching}>
              {held.data.items.map((line) => (
                <li
                  key={line.itemId}
                  className="list-group-item d-flex align-items-center justify-content-between gap-2"
                  data-testid="location-holds-row"
                >
                  <span className="text-break">
                    <Link className="list-item-link" to={paths.inventory.detail.href(line.itemId)}>
                      {line.name}
                    </Link>
                    {line.sku && <span className="small text-secondary ms-2">{line.sku}</span>}
                  </span>
                  <span className="badge text-bg-secondary fs-6" aria-label={`${line.quantity} there`}>
                    {line.quantity}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
