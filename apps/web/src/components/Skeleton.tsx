import type { ReactNode } from 'react';

/**
 * A page or list still loading, drawn as grey shapes of what will come, in
 * its place and about its size: the content takes over that room without
 * moving what is around it. Screen readers hear the label only.
 */
export function Skeleton({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div role="status" aria-live="polite" aria-busy="true" className="placeholder-glow" data-testid="skeleton">
      <span className="visually-hidden">{label}</span>
      <div aria-hidden="true">{children}</div>
    </div>
  );
}

/** Text still to come: a bar `width` wide, as tall as the text it stands for. */
export function Bar({ width, className = '' }: { width: string; className?: string }) {
  return <span className={`placeholder ${className}`} style={{ width }} />;
}

/** A line of its own (a heading or a paragraph, by its classes) holding one bar. */
export function Line({ width, className = 'mb-3' }: { width: string; className?: string }) {
  return (
    <div className={className}>
      <Bar width={width} />
    </div>
  );
}

/** A button still to come, as tall as a real one. */
export function ButtonBar({
  width,
  variant = 'primary',
  className = '',
}: {
  width: string;
  variant?: 'primary' | 'secondary' | 'success' | 'danger' | 'dark';
  className?: string;
}) {
  return <span className={`btn btn-${variant} disabled placeholder ${className}`} style={{ width }} />;
}

/** A labelled input (TextField) still to come; `lines` for a textarea. */
export function FieldSkeleton({ lines = 1 }: { lines?: number }) {
  return (
    <div className="mb-3">
      <Line width="40%" className="mb-2" />
      <div className="form-control" style={{ height: `calc(${lines * 1.5}em + 0.75rem + 2px)` }} />
    </div>
  );
}

/** A page's heading and a few paragraphs: the fallback of a page with no data of its own. */
export function TextPageSkeleton({ label }: { label: string }) {
  return (
    <Skeleton label={label}>
      <Line width="45%" className="h1 mb-4" />
      {[95, 90, 97, 60].map((width) => (
        <Line key={width} width={`${width}%`} className="mb-2" />
      ))}
    </Skeleton>
  );
}

/** A list's search box and sort menu (list-toolbar), before its page has loaded. */
export function ListToolbarSkeleton() {
  const control = { height: 'calc(1.5em + 0.75rem + 2px)' };
  return (
    <div className="list-toolbar mb-3">
      <div className="form-control list-search" style={control} />
      <div className="form-control list-sort" style={{ ...control, width: '14rem' }} />
    </div>
  );
}

/** The "Showing 1–12 of 100 items" line above a list. */
export function SummarySkeleton() {
  return <Line width="12rem" className="small mb-3" />;
}

/** Item cards as ItemGrid lays them out (ItemCard's parts, `detailed` as on the inventory page). */
export function CardGridSkeleton({ count, detailed = false }: { count: number; detailed?: boolean }) {
  return (
    <div className="row row-cols-1 row-cols-sm-2 row-cols-lg-3 g-4">
      {Array.from({ length: count }, (_, index) => (
        <div className="col" key={index}>
          <div className="card h-100 shadow-sm">
            <div className="item-image card-img-top" />
            <div className="card-body d-flex flex-column">
              <Line width="70%" className="card-title h5" />
              <Line width="45%" className="card-text mb-1" />
              {detailed && <Line width="55%" className="card-text mb-1" />}
              <Line width="30%" className="mb-2" />
              {detailed && <ButtonBar width="6rem" className="mt-auto" />}
            </div>
          </div>
        </div>
      ))}
    </div>
  );
}

/**
 * A table (table-stack: cards on a phone) with its real column names and
 * `rows` grey rows; an empty name is the actions column, with a small button.
 */
export function TableSkeleton({ columns, rows }: { columns: readonly string[]; rows: number }) {
  return (
    <table className="table table-striped align-middle table-stack">
      <thead>
        <tr>
          {columns.map((column, index) => (
            <th scope="col" key={index}>
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {Array.from({ length: rows }, (_, row) => (
          <tr key={row}>
            {columns.map((column, index) =>
              column ? (
                <td key={index} data-label={column}>
                  <Bar width="70%" />
                </td>
              ) : (
                <td key={index} className="table-actions">
                  <ButtonBar width="4rem" variant="danger" className="btn-sm" />
                </td>
              ),
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A list's filter form (ListFilters) still to come: `fields` labelled inputs and its buttons. */
export function FiltersSkeleton({ fields }: { fields: number }) {
  return (
    <div className="row g-2 align-items-end mb-3">
      {Array.from({ length: fields }, (_, index) => (
        <div className="col-12 col-sm-6 col-lg" key={index}>
          <Line width="50%" className="small mb-1" />
          <div className="form-control" style={{ height: 'calc(1.5em + 0.75rem + 2px)' }} />
        </div>
      ))}
      <div className="col-12 col-lg-auto d-flex gap-2">
        <ButtonBar width="4rem" />
        <ButtonBar width="4rem" variant="secondary" />
      </div>
    </div>
  );
}
