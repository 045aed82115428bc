import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import { mayUse, useAccess } from '../lib/auth/get-me';
import { useClearDemo, useDemoData } from '../lib/demo-data';
import { toast } from '../lib/toast';
import { ConfirmDialog } from './ConfirmDialog';

/**
 * The owner's first hour (issue 36): while the shop holds only the demo items, one button clears them all
 * ("Start with an empty warehouse"), after one question. Nobody else sees it; it goes once they are gone (or
 * the shop has its own data).
 */
export function EmptyWarehouseCard() {
  const owner = mayUse(useAccess(), 'clearDemo');
  const demo = useDemoData(owner);
  const clear = useClearDemo();
  const [asking, setAsking] = useState(false);
  if (!owner || !demo.data?.demoOnly) return null;
  const { items } = demo.data;

  const confirm = () =>
    clear.mutate(undefined, {
      onSuccess: () => toast.success('The demo items are gone: add your first item'),
      onSettled: () => setAsking(false),
    });

  return (
    <Card className="shadow-sm mb-4 border-primary" data-testid="empty-warehouse">
      <Card.Body className="d-flex flex-wrap align-items-center justify-content-between gap-3">
        <p className="mb-0">This shop holds the demo items.</p>
        <Button variant="outline-primary" disabled={clear.isPending} onClick={() => setAsking(true)}>
          Start with an empty warehouse
        </Button>
      </Card.Body>
      <ConfirmDialog
        show={asking}
        question={items === null ? 'Delete the demo items?' : `Delete the ${items} demo item${items === 1 ? '' : 's'}?`}
        detail="This cannot be undone."
        confirmLabel="Start empty"
        cancelLabel="Keep them"
        busyLabel="Deleting..."
        busy={clear.isPending}
        onConfirm={confirm}
        onCancel={() => setAsking(false)}
      />
    </Card>
  );
}
