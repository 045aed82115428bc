import { Link } from 'react-router-dom';
import { Money } from '../../../components/Money';
import { QueryError } from '../../../components/QueryError';
import { StockBadge } from '../../../components/StockBadge';
import { paths } from '../../../config/paths';
import { useItem } from '../api/get-item';
import { StockActions } from '../components/StockActions';

/**
 * The item a code found, in place on the Scan screen: name, SKU, price and stock, its stock actions (each
 * opens as a sheet at the bottom of a phone's screen), and a link to its page. Read from the item's cache
 * (the lookup put it there): a saved action shows the new quantity here at once.
 */
export function ScannedItem({
  itemId,
  code,
  onDone,
  onOpenChange,
}: {
  itemId: string;
  code: string;
  onDone: () => void;
  onOpenChange: (open: boolean) => void;
}) {
  const item = useItem(itemId);
  if (item.isPending) return null;
  if (item.isError) return <QueryError error={item.error} onRetry={() => void item.refetch()} />;
  const data = item.data;
  return (
    <article className="card shadow-sm scan-card" data-testid="scan-card" aria-labelledby="scan-card-name">
      <div className="card-body">
        <h2 id="scan-card-name" className="h5 mb-1 text-break">
          {data.name}
        </h2>
        <p className="small text-secondary mb-2 text-break">
          {data.sku ? <>SKU: {data.sku}</> : 'No SKU'}
          {code !== data.sku && <> · read: {code}</>}
        </p>
        <p className="d-flex align-items-center gap-3 mb-3">
          <span className="fs-5 fw-semibold">
            <Money value={data.price} />
          </span>
          <StockBadge item={data} />
        </p>
        <StockActions item={data} layout="sheet" onDone={onDone} onOpenChange={onOpenChange} />
        <Link
          to={paths.inventory.detail.href(data._id)}
          className="btn btn-link touch-target d-inline-flex align-items-center px-0 mt-1"
        >
          Open item page
        </Link>
      </div>
    </article>
  );
}
