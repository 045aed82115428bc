import { NavLink } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { mayUse, useAccess } from '../../../lib/auth/get-me';
import { useOpenAlertCount } from '../api/get-alerts';
import { formatCount } from '../../../lib/numbers';

/** Past this the badge reads "99+": the Alerts page has the number. */
const SHOWN_MAX = 99;

/** Bootstrap Icons' "bell-fill" (MIT), drawn in the text's colour. */
function BellIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 16 16" fill="currentColor" aria-hidden="true" focusable="false">
      <path d="M8 16a2 2 0 0 0 2-2H6a2 2 0 0 0 2 2m.995-14.901a1 1 0 1 0-1.99 0A5 5 0 0 0 3 6c0 1.098-.5 6-2 7h14c-1.5-1-2-5.902-2-7 0-2.42-1.72-4.44-4.005-4.901" />
    </svg>
  );
}

/** The team's bell in the navbar (readStock; nothing for anyone else): how many items are low (open alerts), linking to the Alerts page. */
export function AlertsBell({ className = '' }: { className?: string }) {
  if (!mayUse(useAccess(), 'readStock')) return null;
  return <Bell className={className} />;
}

function Bell({ className }: { className: string }) {
  const count = useOpenAlertCount().data ?? 0;
  const shown = count > SHOWN_MAX ? `${SHOWN_MAX}+` : String(count);
  return (
    // Its name says what the badge shows (a voice saying "Alerts 99+" finds it); past 99 the whole number is
    // its description, and on hover.
    <NavLink
      to={paths.alerts.href()}
      className={`alerts-bell link-light d-inline-block px-2 py-1 ${className}`.trim()}
      aria-label={count > 0 ? `Alerts: ${shown} open` : 'Alerts'}
      title={count > SHOWN_MAX ? `${formatCount(count)} open alerts` : undefined}
      end
    >
      <span className="position-relative d-inline-block">
        <BellIcon />
        {count > 0 && (
          <span
            className="position-absolute top-0 start-100 translate-middle badge rounded-pill bg-danger"
            data-testid="alerts-unread-count"
          >
            {shown}
          </span>
        )}
      </span>
    </NavLink>
  );
}
