import type { Alert, AlertKind } from '@smart-zone/types/alert';
import Button from 'react-bootstrap/Button';
import { Link } from 'react-router-dom';
import { FilterSelect } from '../../../components/FilterSelect';
import { PagedTable } from '../../../components/PagedTable';
import { usePageTitle } from '../../../components/use-page-title';
import { paths } from '../../../config/paths';
import { offers, useAccess } from '../../../lib/auth/get-me';
import { pageWindow } from '../../../lib/list-request';
import { type SortOption, useListParams } from '../../../lib/use-list-params';
import { useAlerts, useUnreadAlertCount } from '../api/get-alerts';
import { useMarkAlertRead } from '../api/mark-alert-read';
import { useMarkAllAlertsRead } from '../api/mark-all-alerts-read';
import { ALERT_COLUMNS, ALERTS_PAGE_SIZE } from './skeletons';

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
  const alerts = useAlerts({ unread: unreadOnly, ...pageWindow(params.page, ALERTS_PAGE_SIZE) });
  const unreadCount = useUnreadAlertCount().data ?? 0;
  const markAll = useMarkAllAlertsRead();
  // Marking alerts read is a clerk's and up (roles.ts): a viewer only reads them.
  const mayMark = offers(useAccess(), 'readAlerts');

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
      <PagedTable
        source={{ query: alerts, skeletonRows: ALERTS_PAGE_SIZE, loading: 'Loading the alerts...' }}
        columns={ALERT_COLUMNS}
        paging={params}
        size={ALERTS_PAGE_SIZE}
        texts={{ many: 'alerts', one: 'alert', pages: 'Pages of alerts' }}
        empty={
          <p className="text-secondary">
            {unreadOnly ? 'No unread alerts.' : 'No alerts yet. An item that falls to its reorder point raises one.'}
          </p>
        }
        row={(alert) => <AlertRow alert={alert} mayMark={mayMark} />}
      />
    </section>
  );
}
