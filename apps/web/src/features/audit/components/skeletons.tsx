import { FiltersSkeleton, Line, Skeleton, SummarySkeleton, TableSkeleton } from '../../../components/Skeleton';

// Zod-free: in the first download, like every page's grey shapes.

export const AUDIT_COLUMNS = ['When', 'Who', 'What', 'About', 'Changes', 'Reason'];

/** /audit while the first page loads: the title, the filters and a page of rows. */
export function AuditPageSkeleton() {
  return (
    <Skeleton label="Loading the audit...">
      <Line width="6rem" className="h1" />
      <FiltersSkeleton fields={5} />
      <SummarySkeleton />
      <TableSkeleton columns={AUDIT_COLUMNS} rows={5} />
    </Skeleton>
  );
}
