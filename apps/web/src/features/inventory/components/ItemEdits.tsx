import { useState } from 'react';
import Card from 'react-bootstrap/Card';
import { AUDIT_ACTION_LABELS, AuditChanges, auditTime } from '../../../components/audit-entry';
import { PagedTable } from '../../../components/PagedTable';
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
        <PagedTable
          source={{ query: edits, skeletonRows: 3 }}
          columns={EDIT_COLUMNS}
          className="mb-0"
          page={page}
          onPage={setPage}
          size={EDITS_PAGE_SIZE}
          texts={{ many: 'edits', one: 'edit', pages: 'Pages of the edits', loading: 'Loading the edits...' }}
          empty={<p className="text-secondary mb-0">No edits yet.</p>}
          row={(entry) => (
            <tr data-testid="edit-row">
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
          )}
        />
      </Card.Body>
    </Card>
  );
}
