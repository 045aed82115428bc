import type { CountLine } from '@smart-zone/types/count';
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { LinkButton } from '../../../components/LinkButton';
import { QueryError } from '../../../components/QueryError';
import { usePageTitle } from '../../../components/use-page-title';
import { paths } from '../../../config/paths';
import { mayUse, useAccess } from '../../../lib/auth/get-me';
import { isQueued } from '../../../lib/offline/queued';
import { queuedToast } from '../../../lib/offline/use-outbox';
import { type LineWrite, lineWriteText, useWriteCountLine } from '../api/count-line-writes';
import { useCount } from '../api/get-count';
import { CountClosed } from './CountClosed';
import { CountCodeEntry } from './CountCodeEntry';
import { CountedLine } from './CountedLine';
import { CountProgress } from './CountProgress';
import { NextUncounted } from './NextUncounted';
import { RecentlyCounted } from './RecentlyCounted';
import { useRecentLines } from './use-recent-lines';
import './counts.css';

/**
 * Counting one session, phone first (issue 35): its name and live progress on top; Scan (the camera) and a
 * code field (typed, or a USB scanner's keys) count an item +1 and show its line large, with −1, +1 and Set;
 * the next uncounted line to count in place; the lines counted lately by anyone. "Expected" only where the
 * caller may see it (a blind count hides it from counters: the API leaves it out). Closed: its state, no inputs.
 */
export function CountScreen() {
  const { countId = '' } = useParams();
  const access = useAccess();
  const manage = mayUse(access, 'manageCounts');
  const count = useCount(countId, { live: true });
  const write = useWriteCountLine(countId);
  const recent = useRecentLines(countId);
  const [current, setCurrent] = useState<CountLine | null>(null);
  // A line written offline waits in the outbox: said so, and the line on show stays as the API last had it.
  const writeLine = async (input: LineWrite): Promise<CountLine | null> => {
    const line = await write.mutateAsync(input);
    if (!isQueued(line)) return line;
    queuedToast(lineWriteText(input));
    return null;
  };
  const show = (line: CountLine | null) => line && setCurrent(line);
  usePageTitle(count.data?.name ?? 'Count');

  if (count.isError) return <QueryError error={count.error} onRetry={() => void count.refetch()} />;
  if (!count.data) return <p className="text-secondary placeholder-glow">Loading the count...</p>;
  const data = count.data;
  const open = data.state === 'open';
  const showExpected = !data.blind || manage;
  // The line on show as the API has it now: another counter may have counted it since.
  const newer = current && recent.data?.items.find((line) => line.itemId === current.itemId);
  const shown = current && newer && (newer.countedAt ?? '') > (current.countedAt ?? '') ? newer : current;

  return (
    <section aria-labelledby="count-title" className="count-screen mx-auto">
      <div className="d-flex align-items-start gap-2 mb-2">
        <h1 id="count-title" className="h4 mb-0 text-break flex-grow-1">
          {data.name}
        </h1>
        {manage && (
          <LinkButton to={paths.counts.review.href(data._id)} variant="outline-primary" className="touch-target">
            Review
          </LinkButton>
        )}
      </div>
      {data.blind && (
        <p className="small text-secondary mb-1">
          Blind count{manage ? ": counters don't see the expected quantities." : ': count what you find.'}
        </p>
      )}
      <CountProgress count={data} className="mb-3" />
      {open ? (
        <>
          <CountCodeEntry onWrite={writeLine} onCounted={show} />
          {shown && (
            <CountedLine
              line={shown}
              showExpected={showExpected}
              busy={write.isPending}
              onWrite={async (input) => show(await writeLine(input))}
            />
          )}
          <NextUncounted
            countId={data._id}
            showExpected={showExpected}
            onWrite={async (input) => show(await writeLine(input))}
          />
        </>
      ) : (
        <CountClosed count={data} />
      )}
      <RecentlyCounted countId={data._id} showExpected={showExpected} onPick={open ? setCurrent : undefined} />
    </section>
  );
}
