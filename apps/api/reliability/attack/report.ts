import type { Check } from '../report';
import { ATTACK_LIMITS, type AttackCase, type AttackFigures, type AttackResult } from './attack';
import type { UploadOutcome } from './protocol';

const MB = 1024 * 1024;
const L = ATTACK_LIMITS;

export function attackChecks(result: AttackResult): Check[] {
  return result.cases.flatMap((c) => {
    const short = `attack ${/^\(\d\)/.exec(c.name)?.[0] ?? c.name}`;
    if (!c.measured?.background) {
      return [{ name: `${short}: the case ran to its end`, passed: false, figure: c.error ?? 'no figures' }];
    }
    const { probe, startMb, peakMb } = c.measured;
    const growth = peakMb - startMb;
    const growthFigure = `+${growth.toFixed(0)} MB (${startMb.toFixed(0)} → ${peakMb.toFixed(0)} MB)`;
    const checks: Check[] = [
      {
        name: `${short}: ?limit=6 p99 < ${L.p99Ms} ms, every probe answered 2xx`,
        passed:
          probe.completed > 0 && probe.p99 < L.p99Ms && probe.errors === 0 && probe.statuses['2xx'] === probe.completed,
        figure: `${probe.completed === 0 ? 'none answered' : `${probe.p99} ms`}, ${probe.errors} errors/timeouts, ${probe.completed - (probe.statuses['2xx'] ?? 0)} non-2xx`,
      },
    ];
    const f = c.measured.background;
    switch (f.kind) {
      case 'import':
        checks.push(
          {
            name: `${short}: the dry run is answered within ${L.importAnswerSeconds} s`,
            passed: answeredWithin(f.dryRun, L.importAnswerSeconds),
            figure: upload(f.dryRun),
          },
          {
            name: `${short}: the import is answered within ${L.importAnswerSeconds} s`,
            passed: answeredWithin(f.apply, L.importAnswerSeconds),
            figure: upload(f.apply),
          },
          {
            name: `${short}: RSS growth < ${L.importGrowthMb} MB`,
            passed: growth < L.importGrowthMb,
            figure: growthFigure,
          },
          { name: `${short}: /api/health answers afterwards`, passed: c.healthy, figure: String(c.healthy) },
        );
        break;
      case 'chunked':
        checks.push(
          {
            name: `${short}: 413 within ${L.chunkedAnswerSeconds} s of the first byte`,
            passed: f.upload.status === 413 && answeredWithin(f.upload, L.chunkedAnswerSeconds),
            figure: upload(f.upload),
          },
          {
            name: `${short}: RSS growth < ${L.chunkedGrowthMb} MB`,
            passed: growth < L.chunkedGrowthMb,
            figure: growthFigure,
          },
        );
        break;
      case 'held': {
        const { extra, heldAnsweredBefore } = f.held;
        checks.push({
          name: `${short}: the 5th is refused with 429 and Retry-After within ${L.extraAnswerSeconds} s, before ${L.extraSentMb} MB of its body, the 4 still in flight`,
          passed:
            extra.status === 429 &&
            Boolean(extra.retryAfter) &&
            answeredWithin(extra, L.extraAnswerSeconds) &&
            (extra.bodyBytesAtStatus ?? Infinity) < L.extraSentMb * MB &&
            heldAnsweredBefore === 0,
          figure: `${upload(extra)}, Retry-After ${extra.retryAfter ?? 'none'}; ${heldAnsweredBefore} of the 4 answered before it`,
        });
        break;
      }
      case 'streams': {
        const opened = f.streams.statuses['200'] ?? 0;
        checks.push(
          {
            name: `${short}: every stream closed by the server within ${L.streamsClosedSeconds} s of the restocks' end`,
            passed:
              opened === f.streams.opened &&
              f.streams.opened > 0 &&
              f.closedAfterSeconds !== null &&
              f.closedAfterSeconds <= L.streamsClosedSeconds,
            figure: `${opened} of ${f.streams.opened} opened (200); ${f.closedAfterSeconds === null ? `${f.streamsLeft} still open after ${f.waitedSeconds.toFixed(0)} s` : `all closed ${f.closedAfterSeconds.toFixed(1)} s after`}`,
          },
          {
            name: `${short}: the server's send queues back under ${L.sendQueueMb} MB`,
            passed: f.sendQueueFinalMb < L.sendQueueMb,
            figure: `${f.sendQueueFinalMb.toFixed(1)} MB at the end (peak ${f.sendQueuePeakMb.toFixed(1)} MB)`,
          },
        );
        break;
      }
      case 'searches': {
        const [, , half, , all] = f.rssMb;
        const done = f.searches.done === 100_000 && half !== undefined && all !== undefined;
        checks.push({
          name: `${short}: RSS growth from the 50,000th search to the 100,000th < ${L.searchGrowthMb} MB`,
          passed: done && all - half < L.searchGrowthMb,
          figure: done
            ? `+${(all - half).toFixed(1)} MB (${half.toFixed(0)} → ${all.toFixed(0)} MB)`
            : `only ${f.searches.done} searches in ${f.searches.seconds.toFixed(0)} s`,
        });
        break;
      }
      case 'early413': {
        const got = f.uploads.filter((u) => u.status === 413).length;
        checks.push({
          name: `${short}: every upload over the cap receives its 413`,
          passed: got === f.uploads.length,
          figure: `${got} of ${f.uploads.length}; ${outcomes(f.uploads)}`,
        });
        break;
      }
    }
    return checks;
  });
}

export function printAttack(result: AttackResult): void {
  console.log(
    `\n### Attack at ${result.items.toLocaleString('en')} items: GET /api/inventory?limit=6 (100/s over 4 connections) during each\n`,
  );
  console.log('| case | p50 | p99 | max | probe errors | RSS start | RSS peak | RSS after | the case |');
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |');
  for (const c of result.cases) console.log(row(c));
}

function row(c: AttackCase): string {
  const m = c.measured;
  const health = c.healthy ? '' : '; /api/health not answered after it: server restarted';
  if (!m?.background) return `| ${c.name} | | | | | | | | did not finish: ${c.error ?? '?'}${health} |`;
  const latency = (which: 'p50' | 'p99' | 'max') =>
    m.probe.completed === 0 ? 'none answered' : `${m.probe[which]} ms`;
  return `| ${c.name} | ${latency('p50')} | ${latency('p99')} | ${latency('max')} | ${m.probe.errors} | ${m.startMb.toFixed(0)} MB | ${m.peakMb.toFixed(0)} MB | ${m.afterMb.toFixed(0)} MB (${m.afterSeconds.toFixed(0)} s) | ${figures(m.background)}${health} |`;
}

function figures(f: AttackFigures): string {
  switch (f.kind) {
    case 'import':
      return `dry run: ${upload(f.dryRun)}; import: ${upload(f.apply)}`;
    case 'chunked':
      return upload(f.upload);
    case 'held':
      return `5th: ${upload(f.held.extra)}, Retry-After ${f.held.extra.retryAfter ?? 'none'}; the 4 once let go: ${outcomes(f.held.held)}`;
    case 'streams':
      return (
        `${statusText(f.streams.statuses)} streams; ${f.restocks.seconds.toFixed(1)} s of restocks (${statusText(f.restocks.statuses)}, ${f.restocks.errors} errors); ` +
        `${f.streamsAtRestocksEnd} held at their end, ${f.closedAfterSeconds === null ? `${f.streamsLeft} still held ${f.waitedSeconds.toFixed(0)} s after` : `none ${f.closedAfterSeconds.toFixed(1)} s after`}; ` +
        `send queues peak ${f.sendQueuePeakMb.toFixed(1)} MB, end ${f.sendQueueFinalMb.toFixed(1)} MB`
      );
    case 'searches': {
      const s = f.searches;
      return (
        `${s.done.toLocaleString('en')} in ${s.seconds.toFixed(0)} s (${Math.round(s.done / s.seconds)}/s), ${statusText(s.statuses)}, ${s.errors} errors, ` +
        `p50 ${s.p50.toFixed(1)} ms, p99 ${s.p99.toFixed(1)} ms; RSS at 0/25k/50k/75k/100k: ${f.rssMb.map((mb) => mb.toFixed(0)).join(' / ')} MB`
      );
    }
    case 'early413':
      return outcomes(f.uploads);
  }
}

function answeredWithin(outcome: UploadOutcome, seconds: number): boolean {
  return outcome.status !== null && (outcome.msToStatus ?? Infinity) < seconds * 1000;
}

/** One upload: its answer, when, and how much of the body had gone by then. */
function upload(o: UploadOutcome): string {
  const answer =
    o.status === null
      ? `no answer in ${(o.ms / 1000).toFixed(1)} s (${o.error ?? 'closed'}, ${(o.bodyBytesSent / MB).toFixed(1)} MB sent)`
      : `${o.status}${o.code ? ` ${o.code}` : ''} in ${((o.msToStatus ?? 0) / 1000).toFixed(2)} s, after ${((o.bodyBytesAtStatus ?? 0) / MB).toFixed(1)} MB`;
  return o.status !== null && o.error ? `${answer} (then ${o.error})` : answer;
}

/** Many uploads: how many got each answer. */
function outcomes(list: UploadOutcome[]): string {
  const counts: Record<string, number> = {};
  for (const o of list) {
    const key = o.status === null ? `no answer (${o.error ?? 'closed'})` : String(o.status);
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return statusText(counts);
}

function statusText(counts: Record<string, number>): string {
  const parts = Object.entries(counts)
    .filter(([, n]) => n > 0)
    .map(([status, n]) => `${n} × ${status}`);
  return parts.length ? parts.join(', ') : 'none';
}
