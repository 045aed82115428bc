import { Skeleton, SummarySkeleton, TableSkeleton } from '../../../components/Skeleton';

/** Alerts a page (here so the router's skeleton needs no more than this file). */
export const ALERTS_PAGE_SIZE = 20;

/** The alert table's columns, named once for the table and its skeleton. */
export const ALERT_COLUMNS = ['Alert', 'Item', 'Quantity / reorder point', 'When', 'Status', ''] as const;

/** A page of alerts still loading: the summary line and a full page of rows, in the table's own columns. */
export function AlertListSkeleton({ rows }: { rows: number }) {
  return (
    <Skeleton label="Loading the alerts...">
      <SummarySkeleton />
      <TableSkeleton columns={[...ALERT_COLUMNS]} rows={rows} />
    </Skeleton>
  );
}
