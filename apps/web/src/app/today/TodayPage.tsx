import { usePageTitle } from '../../components/use-page-title';
import { paths } from '../../config/paths';
import { mayUse, useAccess } from '../../lib/auth/get-me';
import { HeaderSearch } from '../HeaderSearch';
import { FirstSteps } from './FirstSteps';
import { TodayAlerts } from './TodayAlerts';
import { TodayCounts } from './TodayCounts';
import { TodayMovements } from './TodayMovements';
import { TodaySection } from './TodaySection';
import './today.css';

const dayFormat = new Intl.DateTimeFormat(undefined, { weekday: 'long', month: 'long', day: 'numeric' });

/**
 * Staff's page for the shop's day (issue 36), where a sign-in from no page lands them: for a new shop's owner and
 * managers the first steps; then finding an item (the header's search and scanner, held here in its place), the
 * open alerts, the open counts (while there are some) and today's movements, each with the link to its whole page.
 */
export function TodayPage() {
  usePageTitle('Today');
  const access = useAccess();
  return (
    <section aria-labelledby="today-title">
      <h1 id="today-title">Today</h1>
      <p className="text-secondary">{dayFormat.format(new Date())}</p>
      <FirstSteps />
      <TodaySection
        id="today-find"
        title="Find an item"
        more={{ to: paths.manageInventories.href(), label: 'All items' }}
      >
        <p className="small text-secondary">
          Type a name or a code, scan with a USB scanner, or tap Scan for the camera.
        </p>
        <div className="d-flex today-search">
          <HeaderSearch onPage />
        </div>
      </TodaySection>
      <div className="row">
        <div className="col-lg-6">
          <TodayAlerts />
          {mayUse(access, 'countStock') && <TodayCounts />}
        </div>
        <div className="col-lg-6">
          <TodayMovements />
        </div>
      </div>
    </section>
  );
}
