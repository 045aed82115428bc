import { useState } from 'react';
import Card from 'react-bootstrap/Card';
import { AuditRow } from '../../../components/audit-entry';
import { PagedTable } from '../../../components/PagedTable';
import { pageWindow } from '../../../lib/list-request';
import { useItemEdits } from '../api/get-item-edits';

export const EDITS_PAGE_SIZE = 10;

const EDIT_COLUMNS = ['When', 'Who', 'What', 'Changes', 'Reason'];

/** The item's audit (managers and owners): every write to it, newest first, with who made it, the diff and why. */
export function ItemEdits({ itemId }: { itemId: string }) {
  const [page, setPage] = useState(1);
  const edits = useItemEdits(itemId, pageWindow(page, EDITS_PAGE_SIZE));

  return (
    <Card className="shadow-sm mt-4">
      <Card.Body className="p-4">
        <h2 className="h4 mb-3">Edits</h2>
        <PagedTable
          source={{ query: edits, skeletonRows: 3, loading: 'Loading the edits...' }}
          columns={EDIT_COLUMNS}
          className="mb-0"
          paging={{ page, setPage }}
          size={EDITS_PAGE_SIZE}
          texts={{ many: 'edits', one: 'edit', pages: 'Pages of the edits' }}
          empty={<p className="text-secondary mb-0">No edits yet.</p>}
          row={(entry) => <AuditRow entry={entry} testId="edit-row" />}
        />
      </Card.Body>
    </Card>
  );
}
