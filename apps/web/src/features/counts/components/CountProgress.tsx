import type { Count } from '@smart-zone/types/count';
import { progressText } from './count-texts';

/** A session's progress: "12 of 40 counted" over a bar (a screen reader hears the bar's values too). */
export function CountProgress({ count, className = '' }: { count: Count; className?: string }) {
  const percent = count.lines > 0 ? Math.round((count.counted / count.lines) * 100) : 100;
  return (
    <div className={className} data-testid="count-progress">
      <p className="small mb-1">{progressText(count)}</p>
      <div
        className="progress"
        role="progressbar"
        aria-label={`${count.name}: lines counted`}
        aria-valuemin={0}
        aria-valuemax={count.lines}
        aria-valuenow={count.counted}
        aria-valuetext={progressText(count)}
      >
        <div
          className={`progress-bar${count.state === 'open' ? '' : ' bg-secondary'}`}
          style={{ width: `${percent}%` }}
        />
      </div>
    </div>
  );
}
