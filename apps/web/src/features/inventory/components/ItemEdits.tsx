import { useState } from 'react';
import Card from 'react-bootstrap/Card';
import Table from 'react-bootstrap/Table';
import { AUDIT_ACTION_LABELS, AuditChanges, auditTime } from '../../../components/audit-entry';
import { ListQuery } from '../../../components/ListQuery';
import { ListSummary } from '../../../components/ListSummary';
import { PageNav } from '../../../components/PageNav';
import { SummarySkeleton, TableSkeleton } from '../../../components/Skeleton';
import { pageWindow } from '../../../lib/list-request';
import { useItemEdits } from '../api/get-item-edits';

export const EDITS_PAGE_SIZE = 10;

const EDIT_COLUMNS = ['When', 'Who', 'What', 'Changes', 'Reason'];

/** The item's audit (managers and owners): every write to it, newest first, with who made it, the diff and why. */
export function ItemEdits({ itemId }: { itemId: string }) {
  const [page, setPage] = useState(1);
  const edits = useItemEdits(itemId, pageWindow(page, EDITS_PAGE_SIZE));
  const [when, who, what, changes, reason] = EDIT_COLUMNS;

  return (
    <Card className="shadow-sm mt-4">
      <Card.Body className="p-4">
        <h2 className="h4 mb-3">Edits</h2>
        <ListQuery
          query={edits}
          loadingLabel="Loading the edits..."
          placeholder={
            <>
              <SummarySkeleton />
              <TableSkeleton columns={EDIT_COLUMNS} rows={3} />
            </>
          }
          empty={<p className="text-secondary mb-0">No edits yet.</p>}
        >
          {(entries) => (
            <>
              <ListSummary
                page={page}
                size={EDITS_PAGE_SIZE}
                shown={entries.items.length}
                total={entries.total}
                noun="edits"
              />
              <Table striped className="align-middle table-stack mb-0">
                <thead>
                  <tr>
                    {EDIT_COLUMNS.map((column) => (
                      <th scope="col" key={column}>
                        {column}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {entries.items.map((entry) => (
                    <tr key={entry._id} data-testid="edit-row">
                      <td data-label={when} className="small">
                        {auditTime(entry.at)}
                      </td>
                      <td data-label={who} className="text-break">
                        {entry.actor.email}
                      </td>
                      <td data-label={what}>{AUDIT_ACTION_LABELS[entry.action]}</td>
                      <td data-label={changes}>
                        <AuditChanges changes={entry.changes} />
                      </td>
                      <td data-label={reason}>{entry.reason ?? ''}</td>
                    </tr>
                  ))}
                </tbody>
              </Table>
              <PageNav
                label="Pages of the edits"
                page={page}
                total={entries.total}
                size={EDITS_PAGE_SIZE}
                onSelect={setPage}
              />
            </>
          )}
        </ListQuery>
      </Card.Body>
    </Card>
  );
}
