import { useOutbox, waitingText } from '../../../lib/offline/use-outbox';

/** An item's own changes waiting to be sent, on its page. */
export function WaitingForItem({ uid, itemId }: { uid: string; itemId: string }) {
  const waiting = useOutbox(uid).filter((entry) => entry.itemId === itemId && !entry.refused);
  if (!waiting.length) return null;
  return (
    <details className="mt-3 small" data-testid="item-waiting">
      <summary className="fw-semibold touch-target pt-2">{waitingText(waiting.length)}</summary>
      <ul className="text-secondary mb-0 ps-3 mt-1">
        {waiting.map((entry) => (
          <li key={entry.id}>{entry.what}</li>
        ))}
      </ul>
    </details>
  );
}
