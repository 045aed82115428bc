import type { UseMutationResult } from '@tanstack/react-query';
import { useState } from 'react';
import { isQueued } from '../lib/offline/queued';
import { ConfirmDialog, type ReasonAsked } from './ConfirmDialog';

/**
 * The delete flow: `ask(target)` opens the confirmation; nothing is sent
 * until the person confirms; `onDeleted` runs once the server has answered.
 * With `reason`, the dialog asks why and the mutation gets it beside the
 * target. Errors are toasted by the query client, like every failed change.
 */
export function useConfirmDelete<T>({
  mutation,
  question,
  detail,
  confirmLabel,
  cancelLabel,
  busyLabel,
  reason,
  onDeleted,
  onQueued,
}: {
  mutation: UseMutationResult<unknown, Error, T & { reason?: string }>;
  /** The dialog's question (default: the spec's delete question). */
  question?: string;
  /** What leaves, in a sentence under the question. */
  detail: (target: T) => string;
  confirmLabel?: string;
  /** The button that leaves everything as it is (default "Cancel"). */
  cancelLabel?: string;
  busyLabel?: string;
  reason?: ReasonAsked;
  onDeleted: (target: T) => void;
  /** Kept in the outbox to be sent when the network is back (a cancel made offline): not done yet. */
  onQueued?: (target: T) => void;
}) {
  const [target, setTarget] = useState<T | null>(null);

  const confirm = (why?: string) => {
    if (target === null) return;
    mutation.mutate(
      { ...target, reason: why },
      {
        onSuccess: (result) => (isQueued(result) ? onQueued?.(target) : onDeleted(target)),
        onSettled: () => setTarget(null),
      },
    );
  };

  const dialog = (
    <ConfirmDialog
      show={target !== null}
      {...(question ? { question } : {})}
      detail={target === null ? undefined : detail(target)}
      confirmLabel={confirmLabel}
      {...(cancelLabel ? { cancelLabel } : {})}
      {...(busyLabel ? { busyLabel } : {})}
      busy={mutation.isPending}
      reason={reason}
      onConfirm={confirm}
      onCancel={() => setTarget(null)}
    />
  );

  return { ask: (next: T) => setTarget(() => next), dialog };
}
