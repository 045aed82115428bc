import { pageCount } from '../lib/page';
import { formatCount } from '../lib/numbers';

/** Page numbers shown on each side of the current one. */
const AROUND = 1;

function PageButton({
  page,
  label,
  disabled = false,
  current = false,
  onSelect,
  children,
}: {
  page: number;
  label: string;
  disabled?: boolean;
  current?: boolean;
  onSelect: (page: number) => void;
  children: string;
}) {
  return (
    <li className={`page-item${current ? ' active' : ''}${disabled ? ' disabled' : ''}`}>
      <button
        type="button"
        className="page-link"
        aria-label={label}
        aria-current={current ? 'page' : undefined}
        disabled={disabled}
        onClick={() => onSelect(page)}
      >
        {children}
      </button>
    </li>
  );
}

/** First, previous, the pages around this one, next and last; nothing when everything fits on one page. */
export function PageNav({
  label,
  page,
  total,
  size,
  onSelect,
}: {
  /** What is paged, for screen readers: "Pages of items". */
  label: string;
  page: number;
  total: number;
  size: number;
  onSelect: (page: number) => void;
}) {
  const last = pageCount(total, size);
  if (last <= 1) return null;
  const first = Math.max(1, Math.min(page, last) - AROUND);
  const numbers = Array.from({ length: Math.min(last, page + AROUND) - first + 1 }, (_, index) => first + index);
  return (
    <nav aria-label={label} className="mt-4">
      <ul className="pagination flex-wrap justify-content-center mb-1">
        <PageButton page={1} label="First page" disabled={page <= 1} onSelect={onSelect}>
          «
        </PageButton>
        <PageButton page={page - 1} label="Previous page" disabled={page <= 1} onSelect={onSelect}>
          ‹
        </PageButton>
        {numbers.map((number) => (
          <PageButton key={number} page={number} label={`Page ${number}`} current={number === page} onSelect={onSelect}>
            {String(number)}
          </PageButton>
        ))}
        <PageButton page={page + 1} label="Next page" disabled={page >= last} onSelect={onSelect}>
          ›
        </PageButton>
        <PageButton page={last} label={`Last page, ${last}`} disabled={page >= last} onSelect={onSelect}>
          »
        </PageButton>
      </ul>
      <p className="text-center text-secondary small mb-0">
        Page {formatCount(page)} of {formatCount(last)}
      </p>
    </nav>
  );
}
