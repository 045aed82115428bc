import { ButtonBar, FieldSkeleton, Line, Skeleton, TableSkeleton } from '../../../components/Skeleton';

export const MEMBER_COLUMNS = ['Member', 'Role', 'Sign-in', 'Invited by', 'When', ''];

/** /team while the team loads: the title, the invite form and the members. */
export function TeamPageSkeleton() {
  return (
    <Skeleton label="Loading the team...">
      <Line width="5rem" className="h1" />
      <div className="card shadow-sm mb-4">
        <div className="card-body p-4">
          <Line width="10rem" className="h4 mb-3" />
          <div className="row">
            {['col-md-5', 'col-md-3', 'col-md-4'].map((column) => (
              <div className={column} key={column}>
                <FieldSkeleton />
              </div>
            ))}
          </div>
          <ButtonBar width="5rem" />
        </div>
      </div>
      <Line width="8rem" className="h4 mb-3" />
      <TableSkeleton columns={MEMBER_COLUMNS} rows={3} />
    </Skeleton>
  );
}
