import type { StockFilter } from '@smart-zone/types/item';
import type { Stats } from '@smart-zone/types/stats';
import { type CSSProperties, Fragment, type ReactNode, useId } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { formatMoney, useCurrency } from '../../../lib/money';
import { formatCount } from '../../../lib/numbers';

/** Manage Inventories showing only the low (at or below the reorder point) or the empty items: its own `?stock=` filter. */
const stockList = (stock: StockFilter) => `${paths.manageInventories.href()}?${new URLSearchParams({ stock })}`;

/** One figure: its name (the region's), the number as text, and a line under it. */
function Figure({
  label,
  value,
  tone,
  children,
}: {
  label: string;
  value: string;
  tone?: string;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section className="card card-body shadow-sm" aria-labelledby={id}>
      <h2 id={id} className="h6 text-secondary">
        {label}
      </h2>
      {/* Too long for its card, a number breaks after a thousands comma, never inside a group. */}
      <p
        className={`stat-value mb-2${tone ? ` ${tone}` : ''}`}
        style={{ '--stat-chars': value.length } as CSSProperties}
      >
        {value.split(',').map((group, index) => (
          <Fragment key={index}>
            {index > 0 && (
              <>
                ,<wbr />
              </>
            )}
            {group}
          </Fragment>
        ))}
      </p>
      <p className="small mb-0">{children}</p>
    </section>
  );
}

/** The warehouse now: items and units, what the stock is worth, and how many items are low or out (links to them). */
export function StatFigures({ stats }: { stats: Stats }) {
  useCurrency();
  return (
    <div className="stat-figures mb-4">
      <Figure label="Items" value={formatCount(stats.items)}>
        <span className="text-secondary">{formatCount(stats.units)} units on hand</span>
      </Figure>
      <Figure label="Stock value" value={formatMoney(stats.stockValue)}>
        <span className="text-secondary">Price × quantity, every item</span>
      </Figure>
      <Figure label="Low stock" value={formatCount(stats.low)} tone={stats.low ? 'stat-low' : undefined}>
        <Link to={stockList('low')}>Low-stock list</Link>
      </Figure>
      <Figure label="Out of stock" value={formatCount(stats.out)} tone={stats.out ? 'text-danger' : undefined}>
        <Link to={stockList('out')}>Out-of-stock list</Link>
      </Figure>
    </div>
  );
}
