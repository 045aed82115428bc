import type { AuditAction, AuditEntry } from '@smart-zone/types/audit';
import { Link } from 'react-router-dom';
import { paths } from '../config/paths';
import { formatMoney, useCurrency } from '../lib/money';
import { PersonName } from './PersonName';
import { When } from './When';

/** Each audit action as a person reads it. */
export const AUDIT_ACTION_LABELS: Readonly<Record<AuditAction, string>> = {
  'item.create': 'Item added',
  'item.update': 'Item edited',
  'item.delete': 'Item deleted',
  'stock.restock': 'Stock added',
  'stock.remove': 'Stock removed',
  'stock.undo': 'Stock change undone',
  'stock.transfer': 'Stock moved',
  'stock.count': 'Stock counted',
  'delivery.create': 'Delivered',
  'delivery.cancel': 'Delivery cancelled',
  'member.add': 'Member invited',
  'member.role': 'Role changed',
  'member.remove': 'Member removed',
  'member.name': 'Name set',
  'location.create': 'Location added',
  'location.update': 'Location changed',
  'location.delete': 'Location deleted',
  'count.open': 'Count opened',
  'count.record': 'Line counted',
  'count.apply': 'Count applied',
  'count.cancel': 'Count cancelled',
};

type Change = (string | number | null)[];

/** A value as the entry shows it: a price as money, nothing as a dash. */
const shown = (field: string, value: string | number | null | undefined) =>
  value == null || value === ''
    ? '—'
    : field === 'price' && typeof value === 'number'
      ? formatMoney(value)
      : String(value);

/** An entry's changes, one `field: old → new` a line. */
function AuditChanges({ changes }: { changes?: AuditEntry['changes'] }) {
  useCurrency();
  const fields = Object.entries<Change>(changes ?? {});
  if (!fields.length) return null;
  return (
    <ul className="list-unstyled mb-0 small text-break">
      {fields.map(([field, [before, after]]) => (
        <li key={field}>
          <span className="fw-semibold">{field}</span>: {shown(field, before)} → {shown(field, after)}
        </li>
      ))}
    </ul>
  );
}

/**
 * What an entry is about: an item (or a delivery of one) links to the item; a count to its screen; a member is
 * their name (their email on hover).
 */
export function AuditTarget({ target, action }: Pick<AuditEntry, 'target' | 'action'>) {
  if (target.kind === 'count') return <Link to={paths.counts.count.href(target.id)}>{target.name}</Link>;
  const itemId = target.kind === 'item' ? target.id : target.itemId;
  // A deleted item has no page left to open.
  if (itemId && action !== 'item.delete') {
    return <Link to={paths.inventory.detail.href(itemId)}>{target.name}</Link>;
  }
  return target.kind === 'member' ? (
    <PersonName email={target.name} />
  ) : (
    <span className="text-break">{target.name}</span>
  );
}

/**
 * One entry as a table row, each cell labelled by its column (a card on a
 * phone): when (short, the exact time on hover), who, what, what it is about
 * (`about`: on the Audit page; an item's own Edits leave it out), its changes
 * and why.
 */
export function AuditRow({ entry, testId, about = false }: { entry: AuditEntry; testId: string; about?: boolean }) {
  return (
    <tr data-testid={testId}>
      <td data-label="When" className="small">
        <When at={entry.at} />
      </td>
      <td data-label="Who">
        <PersonName email={entry.actor.email} />
      </td>
      <td data-label="What">{AUDIT_ACTION_LABELS[entry.action]}</td>
      {about && (
        <td data-label="About">
          <AuditTarget target={entry.target} action={entry.action} />
        </td>
      )}
      <td data-label="Changes">
        <AuditChanges changes={entry.changes} />
      </td>
      <td data-label="Reason">{entry.reason ?? ''}</td>
    </tr>
  );
}
