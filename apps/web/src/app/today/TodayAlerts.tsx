import { Link } from 'react-router-dom';
import { QueryError } from '../../components/QueryError';
import { When } from '../../components/When';
import { paths } from '../../config/paths';
import { useAlerts } from '../../features/alerts/api/get-alerts';
import { SectionLoading, TodaySection } from './TodaySection';

/** The open alerts the page shows; the Alerts page has them all. */
const SHOWN = 5;

const KIND_TEXT = { low: 'Low stock', out: 'Out of stock' } as const;

/** The page's open alerts (TodayPage waits for them: the parts under them do not move when they come). */
export const useTodayAlerts = () => useAlerts({ state: 'open', limit: SHOWN });

/** The open low-stock alerts (GET /alerts?state=open), newest first: each item, its stock against its reorder point. */
export function TodayAlerts() {
  const alerts = useTodayAlerts();
  const total = alerts.data?.total;
  return (
    <TodaySection
      id="today-alerts"
      title={
        <>
          Open alerts{' '}
          {total !== undefined && total > 0 && <span className="badge rounded-pill bg-danger">{total}</span>}
        </>
      }
      more={{ to: paths.alerts.href(), label: 'All alerts' }}
    >
      {alerts.isError ? (
        <QueryError error={alerts.error} onRetry={() => void alerts.refetch()} />
      ) : !alerts.data ? (
        <SectionLoading label="Loading the alerts..." />
      ) : alerts.data.items.length === 0 ? (
        <p className="text-secondary mb-0">No open alerts: no item is at or below its reorder point.</p>
      ) : (
        <ul className="list-group list-group-flush">
          {alerts.data.items.map((alert) => (
            <li key={alert._id} className="list-group-item px-0 d-flex flex-wrap align-items-center gap-2">
              <span className={`badge ${alert.kind === 'out' ? 'bg-danger' : 'bg-warning text-dark'}`}>
                {KIND_TEXT[alert.kind]}
              </span>
              <Link to={paths.inventory.detail.href(alert.itemId)} className="list-item-link text-break me-auto">
                {alert.itemName}
              </Link>
              <span className="small text-secondary text-nowrap">
                {alert.quantity} left, reorder at {alert.minStock} · <When at={alert.at} />
              </span>
            </li>
          ))}
        </ul>
      )}
    </TodaySection>
  );
}
