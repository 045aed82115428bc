import type { Count } from '@smart-zone/types/count';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { toast } from '../../../lib/toast';
import { useApplyCount, useCancelCount } from '../api/close-count';
import { formatCount } from '../../../lib/numbers';

/**
 * An open session closed by a manager, each after a confirmation: Apply writes a correction per counted line
 * off the ledger (and, box ticked, counts the uncounted lines as 0); Cancel writes nothing.
 */
export function CloseCount({ count }: { count: Count }) {
  const apply = useApplyCount(count._id);
  const cancel = useCancelCount(count._id);
  const [zero, setZero] = useState(false);
  const [asking, setAsking] = useState<'apply' | 'cancel' | null>(null);
  const uncounted = count.lines - count.counted;

  // Through the promise, not mutate's own callbacks: the count shown applied (or cancelled) hides this section
  // before they would run, and React Query skips the callbacks of an unmounted observer (the toast was lost).
  // A refusal is toasted by the query client.
  const confirmApply = () =>
    void apply
      .mutateAsync({ uncounted: zero ? 'zero' : 'keep' })
      .then(({ movements }) =>
        toast.success(`Count applied: ${movements} ${movements === 1 ? 'correction' : 'corrections'}`),
      )
      .catch(() => undefined)
      .finally(() => setAsking(null));
  const confirmCancel = () =>
    void cancel
      .mutateAsync()
      .then(() => toast.success('Count cancelled'))
      .catch(() => undefined)
      .finally(() => setAsking(null));

  return (
    <section aria-labelledby="close-count-title" className="card card-body mb-3">
      <h2 id="close-count-title" className="h6">
        Apply or cancel
      </h2>
      <Form.Check
        id="count-uncounted-zero"
        className="import-choice"
        label="Count uncounted items as zero"
        checked={zero}
        onChange={(event) => setZero(event.target.checked)}
      />
      <p className="small text-secondary">
        {uncounted === 0
          ? 'Every line is counted.'
          : `${formatCount(uncounted)} ${uncounted === 1 ? 'line is' : 'lines are'} not counted: ${
              zero ? 'their stock goes to 0.' : 'their stock stays as it is.'
            }`}
      </p>
      <div className="d-flex flex-wrap gap-2">
        <Button className="touch-target flex-grow-1" onClick={() => setAsking('apply')}>
          Apply count
        </Button>
        <Button variant="outline-danger" className="touch-target flex-grow-1" onClick={() => setAsking('cancel')}>
          Cancel count
        </Button>
      </div>
      <ConfirmDialog
        show={asking === 'apply'}
        question="Apply this count?"
        detail={`Each counted line off the ledger becomes a correction of its stock${
          zero && uncounted > 0 ? `, and the ${uncounted} uncounted lines go to 0` : ''
        }. The count closes.`}
        confirmLabel="Apply count"
        busyLabel="Applying..."
        busy={apply.isPending}
        onConfirm={confirmApply}
        onCancel={() => setAsking(null)}
      />
      <ConfirmDialog
        show={asking === 'cancel'}
        question="Cancel this count?"
        detail="Nothing is written to the stock. The count closes and nothing more can be counted in it."
        confirmLabel="Cancel count"
        busyLabel="Cancelling..."
        busy={cancel.isPending}
        onConfirm={confirmCancel}
        onCancel={() => setAsking(null)}
      />
    </section>
  );
}
