import { usePageTitle } from '../../components/use-page-title';
import { paths } from '../../config/paths';
import { mayUse, useAccess } from '../../lib/auth/get-me';
import { formatLongDay } from '../../lib/when';
import { HeaderSearch } from '../HeaderSearch';
import { FirstSteps, useFirstStepsKnown } from './FirstSteps';
import { TodayAlerts, useTodayAlerts } from './TodayAlerts';
import { TodayCounts, useTodayCounts } from './TodayCounts';
import { TodayMovements } from './TodayMovements';
import { SectionLoading, TodaySection } from './TodaySection';
import './today.css';

/**
 * Staff's page for the shop's day (issue 36), where a sign-in from no page lands them: for a new shop's owner and
 * managers the first steps; then finding an item (the header's search and scanner, held here in its place), the
 * open alerts, the open counts (while there are some) and today's movements, each with the link to its whole page.
 */
export function TodayPage() {
  usePageTitle('Today');
  const access = useAccess();
  // The page's parts come together, once what stands at their top is known (the first steps, the alerts, the
  // open counts): none of them moves under a person's thumb when another's answer comes (CLS 0.6 before).
  const firstSteps = useFirstStepsKnown();
  const alerts = useTodayAlerts();
  const counts = useTodayCounts(mayUse(access, 'countStock'));
  const ready = firstSteps && !alerts.isPending && (!mayUse(access, 'countStock') || !counts.isPending);
  return (
    <section aria-labelledby="today-title">
      <h1 id="today-title">Today</h1>
      <p className="text-secondary">{formatLongDay(new Date())}</p>
      {ready ? (
        <>
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
        </>
      ) : (
        <SectionLoading label="Loading your day..." />
      )}
    </section>
  );
}
