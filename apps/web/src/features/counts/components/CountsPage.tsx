import { usePageTitle } from '../../../components/use-page-title';
import { mayUse, useAccess } from '../../../lib/auth/get-me';
import { CountHistory } from './CountHistory';
import { NewCountForm } from './NewCountForm';
import { OpenCounts } from './OpenCounts';
import './counts.css';

/**
 * Stock counts (issue 35): the open sessions with their live progress, to count or (managers) review; the
 * closed ones; managers open a new one here.
 */
export function CountsPage() {
  usePageTitle('Counts');
  const manage = mayUse(useAccess(), 'manageCounts');
  return (
    <section aria-labelledby="counts-title" className="counts-page">
      <h1 id="counts-title">Counts</h1>
      <p className="text-secondary small">
        A count compares what is on the shelves with what the app says. Scan or type what you find; a manager reviews
        the differences and applies them as corrections.
      </p>
      {manage && <NewCountForm />}
      <h2 className="h4">Open</h2>
      <OpenCounts manage={manage} />
      <h2 className="h4 mt-4">History</h2>
      <CountHistory manage={manage} />
    </section>
  );
}
