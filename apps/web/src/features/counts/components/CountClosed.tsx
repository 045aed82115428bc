import type { Count } from '@smart-zone/types/count';
import { PersonName } from '../../../components/PersonName';
import { When } from '../../../components/When';

/** A session no longer open: who applied or cancelled it and when; an apply, the corrections it wrote. */
export function CountClosed({ count }: { count: Count }) {
  if (count.state === 'open') return null;
  const by = (
    <>
      {count.closedBy ? <PersonName email={count.closedBy} /> : 'a manager'}
      {count.closedAt && (
        <>
          , <When at={count.closedAt} />
        </>
      )}
    </>
  );
  const corrections = count.movements ?? 0;
  return (
    <p
      className={`alert ${count.state === 'applied' ? 'alert-success' : 'alert-secondary'}`}
      data-testid="count-closed"
    >
      {count.state === 'applied' ? (
        <>
          <strong>Applied</strong> by {by}: {corrections} {corrections === 1 ? 'correction' : 'corrections'} written.
        </>
      ) : (
        <>
          <strong>Cancelled</strong> by {by}: nothing was written.
        </>
      )}{' '}
      Nothing more can be counted in it.
    </p>
  );
}
