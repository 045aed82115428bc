import { AUDIT_ACTIONS } from '@smart-zone/types/audit';
import { useState } from 'react';
import Table from 'react-bootstrap/Table';
import { AUDIT_ACTION_LABELS, AuditChanges, AuditTarget, auditTime } from '../../../components/audit-entry';
import { EmptyList } from '../../../components/EmptyList';
import { type FilterField, ListFilters } from '../../../components/ListFilters';
import { ListQuery } from '../../../components/ListQuery';
import { ListSummary } from '../../../components/ListSummary';
import { PageNav } from '../../../components/PageNav';
import { SummarySkeleton, TableSkeleton } from '../../../components/Skeleton';
import { usePageTitle } from '../../../components/use-page-title';
import { mayUse, useAccess } from '../../../lib/auth/get-me';
import { pageWindow } from '../../../lib/list-request';
import { type SortOption, useListParams } from '../../../lib/use-list-params';
import { type AuditFilters, useAudit } from '../api/get-audit';
import { AUDIT_COLUMNS } from './skeletons';

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
  { key: 'itemId', label: 'Item id', placeholder: '24 hex characters' },
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
  const filters: AuditFilters = {
    actor: params.filter('actor'),
    action: params.filter('action'),
    itemId: params.filter('itemId'),
    from: params.filter('from'),
    to: params.filter('to'),
  };
  const audit = useAudit({ ...filters, ...pageWindow(params.page, AUDIT_PAGE_SIZE) });
  const filtered = Object.values(filters).some(Boolean);
  // While the next page loads, the previous rows stay: the summary describes the rows on screen.
  const [shownPage, setShownPage] = useState(params.page);
  if (audit.data && !audit.isPlaceholderData && shownPage !== params.page) setShownPage(params.page);
  const [when, who, what, about, changes, reason] = AUDIT_COLUMNS;

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
      <ListQuery
        query={audit}
        loadingLabel="Loading the audit..."
        placeholder={
          <>
            <SummarySkeleton />
            <TableSkeleton columns={AUDIT_COLUMNS} rows={5} />
          </>
        }
        empty={
          <EmptyList page={params.page} search="" noun="entry" onFirstPage={() => params.setPage(1)}>
            <p className="text-secondary">{filtered ? 'No entry matches these filters.' : 'No changes yet.'}</p>
          </EmptyList>
        }
      >
        {(page) => (
          <>
            <ListSummary
              page={shownPage}
              size={AUDIT_PAGE_SIZE}
              shown={page.items.length}
              total={page.total}
              noun="entries"
            />
            <Table striped className="align-middle table-stack">
              <thead>
                <tr>
                  {AUDIT_COLUMNS.map((column) => (
                    <th scope="col" key={column}>
                      {column}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {page.items.map((entry) => (
                  <tr key={entry._id} data-testid="audit-row">
                    <td data-label={when} className="small">
                      {auditTime(entry.at)}
                    </td>
                    <td data-label={who} className="text-break">
                      {entry.actor.email}
                    </td>
                    <td data-label={what}>{AUDIT_ACTION_LABELS[entry.action]}</td>
                    <td data-label={about}>
                      <AuditTarget target={entry.target} action={entry.action} />
                    </td>
                    <td data-label={changes}>
                      <AuditChanges changes={entry.changes} />
                    </td>
                    <td data-label={reason}>{entry.reason ?? ''}</td>
                  </tr>
                ))}
              </tbody>
            </Table>
            <PageNav
              label="Pages of the audit"
              page={params.page}
              total={page.total}
              size={AUDIT_PAGE_SIZE}
              onSelect={params.setPage}
            />
          </>
        )}
      </ListQuery>
    </section>
  );
}
