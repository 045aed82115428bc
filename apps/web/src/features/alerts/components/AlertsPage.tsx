import type { Alert, AlertKind } from '@smart-zone/types/alert';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Table from 'react-bootstrap/Table';
import { Link } from 'react-router-dom';
import { EmptyList } from '../../../components/EmptyList';
import { FilterSelect } from '../../../components/FilterSelect';
import { ListQuery } from '../../../components/ListQuery';
import { ListSummary } from '../../../components/ListSummary';
import { PageNav } from '../../../components/PageNav';
import { usePageTitle } from '../../../components/use-page-title';
import { paths } from '../../../config/paths';
import { offers, useAccess } from '../../../lib/auth/get-me';
import { type SortOption, useListParams } from '../../../lib/use-list-params';
import { useAlerts, useUnreadAlertCount } from '../api/get-alerts';
import { useMarkAlertRead } from '../api/mark-alert-read';
import { useMarkAllAlertsRead } from '../api/mark-all-alerts-read';
import { ALERT_COLUMNS, ALERTS_PAGE_SIZE } from './skeletons';
import { SummarySkeleton, TableSkeleton } from '../../../components/Skeleton';

/** The API answers newest first, the one order there is. */
const NEWEST_FIRST: readonly SortOption[] = [{ value: 'newest', label: 'Newest first' }];
const SHOW_OPTIONS: readonly SortOption[] = [
  { value: '', label: 'All alerts' },
  { value: 'true', label: 'Unread only' },
];

const KINDS: Record<AlertKind, { label: string; className: string }> = {
  low: { label: 'Low stock', className: 'bg-warning text-dark' },
  out: { label: 'Out of stock', className: 'bg-danger' },
};

const when = (iso: string) => new Date(iso).toLocaleString();

function AlertRow({ alert, mayMark }: { alert: Alert; mayMark: boolean }) {
  const markRead = useMarkAlertRead();
  const [kind, item, quantities, at, status] = ALERT_COLUMNS;
  const { readAt } = alert;
  return (
    <tr data-testid="alert-row" className={readAt ? undefined : 'fw-semibold'}>
      <td data-label={kind}>
        <span className={`badge ${KINDS[alert.kind].className}`}>{KINDS[alert.kind].label}</span>
      </td>
      <th scope="row" data-label={item}>
        <Link to={paths.inventory.detail.href(alert.itemId)}>{alert.itemName}</Link>
      </th>
      <td data-label={quantities}>
        {alert.quantity} / {alert.minStock}
      </td>
      <td data-label={at} className="small">
        {when(alert.at)}
      </td>
      <td data-label={status}>
        {readAt ? (
          <span className="text-secondary small fw-normal">Read {when(readAt)}</span>
        ) : (
          <span className="badge bg-primary">Unread</span>
        )}
        {alert.failed?.length ? (
          <div className="text-danger small fw-normal">Failed to send by {alert.failed.join(' and ')}</div>
        ) : null}
      </td>
      <td className="table-actions">
        {!readAt && mayMark && (
          <Button
            size="sm"
            variant="outline-primary"
            disabled={markRead.isPending}
            onClick={() => markRead.mutate(alert)}
          >
            Mark read <span className="visually-hidden">the alert on {alert.itemName}</span>
          </Button>
        )}
      </td>
    </tr>
  );
}

/**
 * Staff's low-stock alerts, newest first: each names the item (a link to
 * it), what the change left against the reorder point, when, whether someone
 * has read it and whether its email or webhook gave up. `?unread=true` shows
 * only the unread ones; `?page=` pages them.
 */
export function AlertsPage() {
  usePageTitle('Alerts');
  const params = useListParams(NEWEST_FIRST, 'newest', { unread: ['true'] });
  const unreadOnly = params.filter('unread') === 'true';
  const alerts = useAlerts({
    unread: unreadOnly,
    limit: ALERTS_PAGE_SIZE,
    skip: params.page > 1 ? (params.page - 1) * ALERTS_PAGE_SIZE : undefined,
  });
  const unreadCount = useUnreadAlertCount().data ?? 0;
  const markAll = useMarkAllAlertsRead();
  // Marking alerts read is a clerk's and up (roles.ts): a viewer only reads them.
  const mayMark = offers(useAccess(), 'readAlerts');
  // While the next page loads, the previous rows stay: the summary describes the rows on screen.
  const [shownPage, setShownPage] = useState(params.page);
  if (alerts.data && !alerts.isPlaceholderData && shownPage !== params.page) setShownPage(params.page);

  return (
    <section aria-labelledby="alerts-title">
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-3 mb-3">
        <h1 id="alerts-title" className="mb-0">
          Alerts
        </h1>
        {mayMark && (
          <Button
            variant="outline-primary"
            disabled={unreadCount === 0 || markAll.isPending}
            onClick={() => markAll.mutate()}
          >
            {markAll.isPending ? 'Marking...' : 'Mark all read'}
          </Button>
        )}
      </div>
      <div className="list-toolbar mb-3">
        <FilterSelect
          id="alerts-show"
          label="Show"
          options={SHOW_OPTIONS}
          value={unreadOnly ? 'true' : ''}
          onFilter={(value) => params.setFilter('unread', value)}
        />
      </div>
      <ListQuery
        placeholder={
          <>
            <SummarySkeleton />
            <TableSkeleton columns={[...ALERT_COLUMNS]} rows={ALERTS_PAGE_SIZE} />
          </>
        }
        loadingLabel="Loading the alerts..."
        query={alerts}
        empty={
          <EmptyList page={params.page} search="" noun="alert" onFirstPage={() => params.setPage(1)}>
            <p className="text-secondary">
              {unreadOnly ? 'No unread alerts.' : 'No alerts yet. An item that falls to its reorder point raises one.'}
            </p>
          </EmptyList>
        }
      >
        {(page) => (
          <>
            <ListSummary
              page={shownPage}
              size={ALERTS_PAGE_SIZE}
              shown={page.items.length}
              total={page.total}
              noun="alerts"
            />
            <Table striped className="align-middle table-stack">
              <thead>
                <tr>
                  {ALERT_COLUMNS.map((column) => (
                    <th scope="col" key={column}>
                      {column || <span className="visually-hidden">Actions</span>}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {page.items.map((alert) => (
                  <AlertRow key={alert._id} alert={alert} mayMark={mayMark} />
                ))}
              </tbody>
            </Table>
            <PageNav
              label="Pages of alerts"
              page={params.page}
              total={page.total}
              size={ALERTS_PAGE_SIZE}
              onSelect={params.setPage}
            />
          </>
        )}
      </ListQuery>
    </section>
  );
}
