import type { ReactNode } from 'react';
import { LinkButton } from '../../components/LinkButton';

/** One part of the Today page: its heading, the link to its whole page, and what it shows of it. */
export function TodaySection({
  id,
  title,
  more,
  children,
}: {
  id: string;
  title: ReactNode;
  /** The full page this part shows the top of. */
  more: { to: string; label: string };
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="card shadow-sm mb-4" data-testid={id}>
      <div className="card-body">
        <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-3">
          <h2 id={id} className="h5 mb-0">
            {title}
          </h2>
          <LinkButton
            to={more.to}
            variant="outline-primary"
            size="sm"
            className="touch-target d-inline-flex align-items-center justify-content-center"
          >
            {more.label}
          </LinkButton>
        </div>
        {children}
      </div>
    </section>
  );
}

/** A part's list while it loads. */
export function SectionLoading({ label }: { label: string }) {
  return (
    <p className="text-secondary placeholder-glow mb-0" role="status">
      {label}
    </p>
  );
}
