import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useLayoutEffect, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useApiClient } from '../lib/api-client-context';
import { forgetAnswers, keepAnswers } from '../lib/offline/answers';
import { type OutboxEntry, discardAll, discardEntry, flushOutbox, retryEntry } from '../lib/offline/outbox';
import { answerSignOut } from '../lib/offline/sign-out';
import { useOutbox, waitingText } from '../lib/offline/use-outbox';
import { useOnline } from '../lib/online';
import { formatWhen } from '../lib/when';
import { SignOutDialog } from './SignOutDialog';

/** While changes wait, the outbox is tried again this often (a network that came back without saying so). */
const RETRY_MS = 30_000;

/** Whose answers are being kept: none once the bar is gone (signed out). */
let keepingFor: string | undefined;

/**
 * Sends the outbox whenever it can (at start, when the network comes back, when a change joins it, every
 * RETRY_MS while some wait) and keeps the person's answers for offline use; the lists catch up once sent.
 */
function useOutboxSender(uid: string, entries: readonly OutboxEntry[], online: boolean) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  useEffect(() => {
    const stop = keepAnswers(queryClient, uid);
    keepingFor = uid;
    return () => {
      stop();
      keepingFor = undefined;
      // Gone when the person is (signed out, or another signed in): what they saw is not left for the next one.
      // Not when the bar comes straight back (React's StrictMode runs an effect twice in development).
      setTimeout(() => keepingFor === undefined && void forgetAnswers());
    };
  }, [queryClient, uid]);
  const waiting = entries.filter((entry) => !entry.refused).length;
  useEffect(() => {
    if (!online || waiting === 0) return;
    const flush = () =>
      void flushOutbox(api, uid).then((sent) => {
        if (sent > 0) void queryClient.invalidateQueries();
      });
    flush();
    const timer = setInterval(flush, RETRY_MS);
    return () => clearInterval(timer);
  }, [api, queryClient, uid, online, waiting]);
}

/** The oldest answer on screen, when the page shows kept ones (offline): when it was saved. */
function useShownSince(online: boolean): number | undefined {
  const queryClient = useQueryClient();
  const [since, setSince] = useState<number>();
  useEffect(() => {
    if (online) return setSince(undefined);
    const read = () => {
      const times = queryClient
        .getQueryCache()
        .findAll({ type: 'active' })
        .map((query) => query.state.dataUpdatedAt)
        .filter((at) => at > 0);
      setSince(times.length ? Math.min(...times) : undefined);
    };
    read();
    return queryClient.getQueryCache().subscribe(read);
  }, [online, queryClient]);
  return since;
}

/** A change the server refused: what it was, why, and the person's choice (send again, another amount, discard). */
function RefusedCard({ entry }: { entry: OutboxEntry }) {
  const body = entry.body as Record<string, unknown> | undefined;
  const amountNow = entry.amountField && body ? Math.abs(Number(body[entry.amountField])) : undefined;
  const [amount, setAmount] = useState(String(amountNow ?? ''));
  const n = Number(amount);
  const valid = amountNow === undefined || (Number.isInteger(n) && n >= 1);
  const id = `outbox-${entry.id}`;
  return (
    <div className="card border-danger mb-2" role="group" aria-labelledby={`${id}-what`} data-testid="outbox-refused">
      <div className="card-body p-3">
        <p className="mb-1 fw-semibold" id={`${id}-what`}>
          Not sent: {entry.what}
        </p>
        <p className="mb-2 small text-danger">{entry.refused?.message}</p>
        <Form
          className="d-flex flex-wrap align-items-end gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            if (valid) void retryEntry(entry, amountNow === undefined ? undefined : n);
          }}
        >
          {amountNow !== undefined && (
            <Form.Group controlId={`${id}-amount`}>
              <Form.Label className="small mb-1">Amount</Form.Label>
              <Form.Control
                type="number"
                inputMode="numeric"
                min={1}
                step={1}
                className="touch-target"
                style={{ maxWidth: '7rem' }}
                value={amount}
                isInvalid={!valid}
                onChange={(event) => setAmount(event.target.value)}
              />
            </Form.Group>
          )}
          <Button type="submit" variant="primary" className="touch-target" disabled={!valid}>
            Send again
          </Button>
          <Button variant="outline-danger" className="touch-target" onClick={() => void discardEntry(entry.id)}>
            Discard
          </Button>
        </Form>
      </div>
    </div>
  );
}

/**
 * Under the header, for a signed-in person: offline, when what the page shows was saved; changes waiting to be
 * sent, counted (never shown as done); each change the server refused, as a card to resolve.
 */
export function OfflineBar({ uid }: { uid: string }) {
  const online = useOnline();
  const entries = useOutbox(uid);
  useOutboxSender(uid, entries, online);
  const since = useShownSince(online);
  const waiting = entries.filter((entry) => !entry.refused);
  const refused = entries.filter((entry) => entry.refused);
  // Signing out while changes wait asks first (the header's button hands the question over). The answer knows
  // the count shown before the page is painted (a layout effect): a tap on Sign out never meets an older count.
  const [signingOut, setSigningOut] = useState<() => void>();
  const count = entries.length;
  useLayoutEffect(() => answerSignOut((signOut) => (count ? setSigningOut(() => signOut) : signOut())), [count]);
  const dialog = signingOut && (
    <SignOutDialog
      waiting={count}
      onSignOut={() => {
        setSigningOut(undefined);
        void discardAll(uid).then(signingOut);
      }}
      onStay={() => setSigningOut(undefined)}
    />
  );
  if (online && !count) return dialog ?? null;
  return (
    <div className="container pt-3" data-testid="offline-bar">
      {dialog}
      {(!online || waiting.length > 0) && (
        <div role="status" className="alert alert-warning py-2 mb-2 d-flex flex-wrap gap-2 align-items-center">
          {!online && (
            <span>You are offline.{since !== undefined && ` Showing what was saved ${formatWhen(since)}.`}</span>
          )}
          {waiting.length > 0 && <strong>{waitingText(waiting.length)}</strong>}
        </div>
      )}
      {refused.map((entry) => (
        <RefusedCard key={`${entry.id}-${entry.key}`} entry={entry} />
      ))}
    </div>
  );
}
