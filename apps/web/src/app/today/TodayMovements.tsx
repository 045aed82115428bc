import type { AuditEntry } from '@smart-zone/types/audit';
import { AUDIT_ACTION_LABELS, AuditTarget } from '../../components/audit-entry';
import { Money } from '../../components/Money';
import { PersonName } from '../../components/PersonName';
import { QueryError } from '../../components/QueryError';
import { When } from '../../components/When';
import { paths } from '../../config/paths';
import { useAudit } from '../../features/audit/api/get-audit';
import { formatSignedCount } from '../../lib/numbers';
import { mayUse, useAccess } from '../../lib/auth/get-me';
import { SectionLoading, TodaySection } from './TodaySection';

/** The latest changes the page shows; the Audit page has the rest of the day. */
const SHOWN = 8;

/** Midnight today, where the person is: the day's first moment as the API reads `from`. */
const startOfToday = (now = new Date()) => new Date(now.getFullYear(), now.getMonth(), now.getDate());

/** Today's date as the Audit page's From filter takes it (YYYY-MM-DD, the person's own day). */
const todayDate = (now = new Date()) =>
  [now.getFullYear(), now.getMonth() + 1, now.getDate()].map((part) => String(part).padStart(2, '0')).join('-');

const isNumber = (value: unknown): value is number => typeof value === 'number';

/** What an entry did to the stock and the price, in a few words: "+5, 12 left", "7 in stock", "$10.00 → $12.00". */
function EntryChange({ changes }: Pick<AuditEntry, 'changes'>) {
  const [quantityBefore, quantityAfter] = changes?.quantity ?? [];
  const [priceBefore, priceAfter] = changes?.price ?? [];
  const quantity = isNumber(quantityAfter) && (
    <span className="text-nowrap">
      {isNumber(quantityBefore)
        ? `${formatSignedCount(quantityAfter - quantityBefore)}, ${quantityAfter} left`
        : `${quantityAfter} in stock`}
    </span>
  );
  const price = isNumber(priceAfter) && (
    <span className="text-nowrap">
      {isNumber(priceBefore) && (
        <>
          <Money value={priceBefore} /> →{' '}
        </>
      )}
      <Money value={priceAfter} />
    </span>
  );
  if (!quantity && !price) return null;
  return (
    <span className="text-secondary">
      {quantity}
      {quantity && price && ', '}
      {price}
    </span>
  );
}

/** One change as a line people read: what, on what, by how much; who and when under it. */
function MovementLine({ entry }: { entry: AuditEntry }) {
  return (
    <li className="list-group-item px-0" data-testid="today-movement">
      <div className="d-flex flex-wrap align-items-baseline column-gap-2">
        <span className="fw-semibold">{AUDIT_ACTION_LABELS[entry.action]}</span>{' '}
        <AuditTarget target={entry.target} action={entry.action} /> <EntryChange changes={entry.changes} />
      </div>
      <div className="small text-secondary">
        <PersonName email={entry.actor.email} /> · <When at={entry.at} />
        {entry.reason && <span className="text-break"> · {entry.reason}</span>}
      </div>
    </li>
  );
}

/**
 * Today's changes (GET /audit?from=midnight), newest first: everyone's for a manager or the owner (readAudit), one's
 * own below (the API answers only those).
 */
export function TodayMovements() {
  const whole = mayUse(useAccess(), 'readAudit');
  const audit = useAudit({ from: startOfToday().toISOString(), limit: SHOWN });
  const total = audit.data?.total;
  return (
    <TodaySection
      id="today-movements"
      title={
        <>
          Today&apos;s movements{' '}
          {total !== undefined && total > 0 && <span className="badge rounded-pill bg-secondary">{total}</span>}
        </>
      }
      more={{ to: `${paths.audit.href()}?from=${todayDate()}`, label: 'Audit' }}
    >
      <p className="small text-secondary">
        {whole ? 'Every change made today, newest first.' : 'The changes you made today, newest first.'}
      </p>
      {audit.isError ? (
        <QueryError error={audit.error} onRetry={() => void audit.refetch()} />
      ) : !audit.data ? (
        <SectionLoading label="Loading today's movements..." />
      ) : audit.data.items.length === 0 ? (
        <p className="text-secondary mb-0">Nothing has changed yet today.</p>
      ) : (
        <ul className="list-group list-group-flush">
          {audit.data.items.map((entry) => (
            <MovementLine key={entry._id} entry={entry} />
          ))}
        </ul>
      )}
    </TodaySection>
  );
}
