import { STATS_DAYS } from '@smart-zone/types/stats';
import { EmptyWarehouseCard } from '../../../components/EmptyWarehouseCard';
import { QueryError } from '../../../components/QueryError';
import { usePageTitle } from '../../../components/use-page-title';
import { useStats } from '../api/get-stats';
import { MovementsPanel } from './MovementsPanel';
import { StatFigures } from './StatFigures';
import { TopMovers } from './TopMovers';
import { DashboardSkeleton } from './skeletons';
import './dashboard.css';

/**
 * Staff's view of the warehouse at a glance (GET /stats): the figures now,
 * what moved each day (received, delivered, removed, corrections), and the items delivered most; for the owner
 * of a new shop, the way to clear the demo items.
 * Live: the stream's events refresh it (live-stats.ts), so a delivery made
 * anywhere shows here without a reload.
 */
export function DashboardPage() {
  usePageTitle('Dashboard');
  const stats = useStats();
  if (stats.isPending) return <DashboardSkeleton />;
  if (stats.isError)
    return (
      <section aria-labelledby="dashboard-title">
        <h1 id="dashboard-title">Dashboard</h1>
        <QueryError error={stats.error} onRetry={() => void stats.refetch()} />
      </section>
    );
  const { data } = stats;
  return (
    <section aria-labelledby="dashboard-title">
      <h1 id="dashboard-title">Dashboard</h1>
      <p className="text-secondary">The warehouse now, and its last {STATS_DAYS} days.</p>
      <StatFigures stats={data} />
      <div className="dashboard-panels">
        <MovementsPanel days={data.movementsByDay} />
        <TopMovers movers={data.topMovers} />
      </div>
      {/* Last: it comes with its own answer, and the figures would move down under it. */}
      <EmptyWarehouseCard />
    </section>
  );
}
