import { formatFullWhen, formatWhen } from '../lib/when';

/**
 * A moment as people read it ("today 7:55 AM", "yesterday 6:02 PM", "Nov 24",
 * "Nov 24, 2025"; lib/when.ts), the full date and time on hover, on one line.
 */
export function When({ at }: { at: string }) {
  return (
    <time dateTime={at} title={formatFullWhen(at)} className="text-nowrap">
      {formatWhen(at)}
    </time>
  );
}
