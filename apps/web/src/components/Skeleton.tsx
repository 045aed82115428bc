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
  variant?: 'primary' | 'success' | 'danger' | 'dark';
  className?: string;
}) {
  return <span className={`btn btn-${variant} disabled placeholder ${className}`} style={{ width }} />;
}

/** The "Showing 1–12 of 100 items" line above a list. */
export function SummarySkeleton() {
  return <Line width="12rem" className="small mb-3" />;
}

/**
 * A table (table-stack: cards on a phone) with its real column names and
 * `rows` grey rows; an empty name is the actions column, with a small button.
 */
export function TableSkeleton({ columns, rows }: { columns: string[]; rows: number }) {
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
