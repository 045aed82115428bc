import { Line, Skeleton } from '../../../components/Skeleton';

/** The dashboard while its figures load (it comes with the page's code): the title, the four figures and the two panels. */
export function DashboardSkeleton() {
  return (
    <Skeleton label="Loading the dashboard...">
      <Line width="9rem" className="h1" />
      <Line width="16rem" />
      <div className="stat-figures mb-4">
        {[0, 1, 2, 3].map((figure) => (
          <div className="card card-body shadow-sm" key={figure}>
            <Line width="60%" className="h6" />
            <Line width="40%" className="stat-value mb-2" />
            <Line width="80%" className="small mb-0" />
          </div>
        ))}
      </div>
      <div className="dashboard-panels">
        <div className="card card-body shadow-sm">
          <Line width="50%" className="h5" />
          <div className="movements-chart" />
        </div>
        <div className="card card-body shadow-sm">
          <Line width="40%" className="h5" />
          {[0, 1, 2, 3, 4].map((row) => (
            <Line key={row} width="85%" className="mb-2" />
          ))}
        </div>
      </div>
    </Skeleton>
  );
}
