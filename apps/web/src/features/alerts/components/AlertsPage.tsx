import type { Alert, AlertKind, AlertState } from '@smart-zone/types/alert';
import { reasonRequired } from '@smart-zone/types/roles';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import ButtonGroup from 'react-bootstrap/ButtonGroup';
import Modal from 'react-bootstrap/Modal';
import { Link } from 'react-router-dom';
import { FilterSelect } from '../../../components/FilterSelect';
import { PagedTable } from '../../../components/PagedTable';
import { usePageTitle } from '../../../components/use-page-title';
import { When } from '../../../components/When';
import { paths } from '../../../config/paths';
import { mayUse, offers, useAccess } from '../../../lib/auth/get-me';
import { useItem } from '../../inventory/api/get-item';
import { RestockForm } from '../../inventory/components/RestockForm';
import { pageWindow } from '../../../lib/list-request';
import { type SortOption, useListParams } from '../../../lib/use-list-params';
import { useAlerts, useUnreadAlertCount } from '../api/get-alerts';
import { useMarkAlertRead } from '../api/mark-alert-read';
import { useMarkAllAlertsRead } from '../api/mark-all-alerts-read';
import { ALERT_COLUMNS, ALERTS_PAGE_SIZE } from './skeletons';

/** The API answers newest first, the one order there is. */
const NEWEST_FIRST: readonly SortOption[] = [{ value: 'newest', label: 'Newest first' }];
const SHOW_OPTIONS: readonly SortOption[] = [
  { value: '', label: 'Read and unread' },
  { value: 'true', label: 'Unread only' },
];
/** Open / Resolved / All, open first (the API's default: `state` absent from the address). */
const STATES: readonly { value: '' | Exclude<AlertState, 'open'> | 'all'; label: string }[] = [
  { value: '', label: 'Open' },
  { value: 'resolved', label: 'Resolved' },
  { value: 'all', label: 'All' },
];

const KINDS: Record<AlertKind, { label: string; className: string }> = {
  low: { label: 'Low stock', className: 'bg-warning text-dark' },
  out: { label: 'Out of stock', className: 'bg-danger' },
};

function AlertRow({
  alert,
  mayMark,
  onRestock,
}: {
  alert: Alert;
  mayMark: boolean;
  /** Offered on an open alert to those who may move stock. */
  onRestock?: (alert: Alert) => void;
}) {
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
      <td data-label={quantities} className="text-nowrap">
        {alert.quantity} / {alert.minStock}
      </td>
      <td data-label={at} className="small">
        <When at={alert.at} />
      </td>
      <td data-label={status}>
        {alert.state === 'open' ? (
          <span className="badge bg-danger-subtle text-danger-emphasis me-1">Open</span>
        ) : (
          <span className="badge bg-success-subtle text-success-emphasis me-1">
            Resolved
            {alert.resolvedAt && (
              <>
                {' '}
                <When at={alert.resolvedAt} />
              </>
            )}
          </span>
        )}
        {readAt ? (
          <span className="text-secondary small fw-normal">
            Read <When at={readAt} />
          </span>
        ) : (
          <span className="badge bg-primary">Unread</span>
        )}
        {alert.failed?.length ? (
          <div className="text-danger small fw-normal">Failed to send by {alert.failed.join(' and ')}</div>
        ) : null}
      </td>
      <td className="table-actions">
        {alert.state === 'open' && onRestock && (
          <Button className="touch-target me-2 mb-1" variant="primary" onClick={() => onRestock(alert)}>
            Restock <span className="visually-hidden">{alert.itemName}</span>
          </Button>
        )}
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

/** The restock form of the item an alert is about, in a dialog: the amount, then Change stock. */
function RestockDialog({ alert, onClose }: { alert: Alert | null; onClose: () => void }) {
  const access = useAccess();
  return (
    <Modal show={alert !== null} onHide={onClose} centered aria-labelledby="restock-title">
      <Modal.Header closeButton>
        <Modal.Title id="restock-title">Restock {alert?.itemName}</Modal.Title>
      </Modal.Header>
      <Modal.Body className="pt-0">
        {alert && (
          <RestockItem
            itemId={alert.itemId}
            noteRequiredToRemove={access.status === 'member' && reasonRequired(access.role, 'removeStock')}
            onDone={onClose}
          />
        )}
      </Modal.Body>
    </Modal>
  );
}

function RestockItem({
  itemId,
  noteRequiredToRemove,
  onDone,
}: {
  itemId: string;
  noteRequiredToRemove: boolean;
  onDone: () => void;
}) {
  const item = useItem(itemId);
  if (item.isError) return <p className="text-danger">This item is gone: nothing to restock.</p>;
  if (!item.data) return <p className="text-secondary">Loading the item...</p>;
  return <RestockForm item={item.data} noteRequiredToRemove={noteRequiredToRemove} onDone={onDone} bare />;
}

/**
 * Staff's low-stock alerts, newest first: an alert is open while its item is at or below its reorder point
 * (one per item: the bell counts them) and resolved once it rises above. Each names the item (a link to it),
 * its quantity against the reorder point, when it opened, whether it is open or resolved, whether someone has
 * read it and whether its email or webhook gave up; an open one offers Restock. Open / Resolved / All
 * (`?state=`, open by default); `?unread=true` only the unread ones; `?page=` pages them.
 */
export function AlertsPage() {
  usePageTitle('Alerts');
  const params = useListParams(NEWEST_FIRST, 'newest', { unread: ['true'], state: ['resolved', 'all'] });
  const unreadOnly = params.filter('unread') === 'true';
  const shown = (params.filter('state') ?? '') as (typeof STATES)[number]['value'];
  const alerts = useAlerts({
    state: shown || 'open',
    unread: unreadOnly,
    ...pageWindow(params.page, ALERTS_PAGE_SIZE),
  });
  const [restocking, setRestocking] = useState<Alert | null>(null);
  const unreadCount = useUnreadAlertCount().data ?? 0;
  const markAll = useMarkAllAlertsRead();
  // Marking alerts read is a clerk's and up (roles.ts): a viewer only reads them.
  const access = useAccess();
  const mayMark = offers(access, 'readAlerts');
  const mayRestock = mayUse(access, 'moveStock');

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
        <ButtonGroup aria-label="Which alerts">
          {STATES.map(({ value, label }) => (
            <Button
              key={label}
              className="touch-target"
              variant={shown === value ? 'primary' : 'outline-primary'}
              aria-pressed={shown === value}
              onClick={() => params.setFilter('state', value)}
            >
              {label}
            </Button>
          ))}
        </ButtonGroup>
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
            {unreadOnly
              ? 'No unread alerts.'
              : shown === 'resolved'
                ? 'No resolved alerts yet.'
                : shown === 'all'
                  ? 'No alerts yet. An item at or below its reorder point has one.'
                  : 'No open alerts: no item is at or below its reorder point.'}
          </p>
        }
        row={(alert) => <AlertRow alert={alert} mayMark={mayMark} onRestock={mayRestock ? setRestocking : undefined} />}
      />
      <RestockDialog alert={restocking} onClose={() => setRestocking(null)} />
    </section>
  );
}
