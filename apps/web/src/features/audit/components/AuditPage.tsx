import { AUDIT_ACTIONS } from '@smart-zone/types/audit';
import { AUDIT_ACTION_LABELS, AuditRow } from '../../../components/audit-entry';
import { type FilterField, ListFilters } from '../../../components/ListFilters';
import { PagedTable } from '../../../components/PagedTable';
import { usePageTitle } from '../../../components/use-page-title';
import { mayUse, useAccess } from '../../../lib/auth/get-me';
import { pageWindow } from '../../../lib/list-request';
import { type SortOption, useListParams } from '../../../lib/use-list-params';
import { type AuditFilters, useAudit } from '../api/get-audit';
import { AUDIT_COLUMNS } from './skeletons';
import { ItemPicker } from '../../inventory/components/ItemPicker';

export const AUDIT_PAGE_SIZE = 20;

/** The API answers newest first, the one order there is. */
const NEWEST_FIRST: readonly SortOption[] = [{ value: 'newest', label: 'Newest first' }];

const ACTION_OPTIONS: readonly SortOption[] = [
  { value: '', label: 'Any action' },
  ...AUDIT_ACTIONS.map((action) => ({ value: action, label: AUDIT_ACTION_LABELS[action] })),
];

const FILTERS = { actor: 'text', action: AUDIT_ACTIONS, itemId: 'text', from: 'text', to: 'text' } as const;

const FILTER_FIELDS: readonly FilterField<keyof AuditFilters>[] = [
  { key: 'actor', label: 'Who', type: 'email', placeholder: 'someone@example.com' },
  { key: 'action', label: 'Action', options: ACTION_OPTIONS },
  {
    key: 'itemId',
    label: 'Item',
    field: (value, onChange) => <ItemPicker value={value} onChange={onChange} />,
  },
  { key: 'from', label: 'From', type: 'date' },
  { key: 'to', label: 'To', type: 'date' },
];

/**
 * Every write, newest first (readOwnAudit: below a manager, one's own):
 * who did what to which item or member, the fields it changed and why;
 * filtered and paged in the address (`?actor=&action=&itemId=&from=&to=&page=`).
 */
export function AuditPage() {
  usePageTitle('Audit');
  const whole = mayUse(useAccess(), 'readAudit');
  const params = useListParams(NEWEST_FIRST, 'newest', FILTERS);
  const filters: AuditFilters = params.filters;
  const audit = useAudit({ ...filters, ...pageWindow(params.page, AUDIT_PAGE_SIZE) });
  const filtered = Object.values(filters).some(Boolean);

  return (
    <section aria-labelledby="audit-title">
      <h1 id="audit-title">Audit</h1>
      <p className="text-secondary">
        {whole ? 'Every change anyone made, newest first.' : 'The changes you made, newest first.'}
      </p>
      <ListFilters
        id="audit"
        label="Filter the audit"
        fields={FILTER_FIELDS}
        values={filters}
        onApply={params.setFilters}
      />
      <PagedTable
        source={{ query: audit, skeletonRows: 5, loading: 'Loading the audit...' }}
        columns={AUDIT_COLUMNS}
        paging={params}
        size={AUDIT_PAGE_SIZE}
        texts={{ many: 'entries', one: 'entry', pages: 'Pages of the audit' }}
        empty={<p className="text-secondary">{filtered ? 'No entry matches these filters.' : 'No changes yet.'}</p>}
        row={(entry) => <AuditRow entry={entry} testId="audit-row" about />}
      />
    </section>
  );
}
