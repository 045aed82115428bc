import { LIVE_EVENT_TYPES, LIVE_RETRY_MS, type LiveEvent } from '@smart-zone/types/live';

/** The lock and the channel every tab of the app shares (one EventSource per browser). */
const LIVE_NAME = 'smart-zone-live';
/** A stream not open for this long shows "Reconnecting…" (a quick reconnect shows nothing). */
export const RECONNECTING_AFTER_MS = 2_000;
/** Without the Web Locks API: how long a tab waits for a leader to answer before it leads itself. */
const CLAIM_WAIT_MS = 250;

/**
 * What tabs say on the channel: the leader passes each event on and says
 * whether its stream is reconnecting (when that changes, and to a tab that
 * asks); a new tab asks; a leader without a lock says goodbye as it closes.
 */
type Message =
  | { kind: 'event'; event: LiveEvent }
  | { kind: 'leader'; id: string; reconnecting: boolean }
  | { kind: 'ask' }
  | { kind: 'bye'; id: string };

interface LiveHandlers {
  onEvent: (event: LiveEvent) => void;
  onReconnecting: (reconnecting: boolean) => void;
}

/**
 * Listens to GET /api/events with one EventSource per browser (a browser
 * allows 6 connections per origin over HTTP/1.1, and the API 8 streams per
 * address): the tab holding the `smart-zone-live` lock opens it and passes
 * each event on a BroadcastChannel; the others listen there. When the
 * leader closes, the lock goes to a waiting tab, which opens its own.
 * Without Web Locks, tabs elect one on the channel itself. Returns stop.
 */
export function connectLive(url: string, handlers: LiveHandlers): () => void {
  const id = Math.random().toString(36).slice(2);
  // Missing in some browsers (and outside a secure context): then tabs elect a leader on the channel.
  const locks = navigator.locks as LockManager | undefined;
  const channel = new BroadcastChannel(LIVE_NAME);
  const post = (message: Message) => channel.postMessage(message);
  let reconnecting = false;
  let stopLeading: (() => void) | undefined;
  let leaderSeen = false;

  const setReconnecting = (now: boolean) => {
    if (now !== reconnecting) handlers.onReconnecting((reconnecting = now));
  };
  const announce = () => post({ kind: 'leader', id, reconnecting });

  function lead() {
    stopLeading = openStream(url, {
      onEvent: (event) => {
        post({ kind: 'event', event });
        handlers.onEvent(event);
      },
      onReconnecting: (now) => {
        setReconnecting(now);
        announce();
      },
    });
    announce();
  }

  channel.onmessage = ({ data }: MessageEvent<Message>) => {
    if (data.kind === 'event') handlers.onEvent(data.event);
    else if (data.kind === 'ask') {
      if (stopLeading) announce();
    } else if (data.kind === 'leader') {
      leaderSeen = true;
      // Two leaders elected on the channel at once: the smaller id keeps the stream.
      if (stopLeading && !locks && data.id < id) resign();
      if (!stopLeading) setReconnecting(data.reconnecting);
    } else if (!locks && !stopLeading) {
      leaderSeen = false;
      claim();
    }
  };

  function resign() {
    stopLeading?.();
    stopLeading = undefined;
  }

  const aborted = new AbortController();
  let release: (() => void) | undefined;
  let claimTimer: ReturnType<typeof setTimeout> | undefined;
  function claim() {
    clearTimeout(claimTimer);
    post({ kind: 'ask' });
    claimTimer = setTimeout(() => !leaderSeen && !stopLeading && lead(), CLAIM_WAIT_MS + Math.random() * 50);
  }
  const sayBye = () => stopLeading && post({ kind: 'bye', id });

  if (locks) {
    post({ kind: 'ask' });
    // Held for the tab's life: the callback's promise settles only at stop, or when the tab closes.
    locks
      .request(LIVE_NAME, { signal: aborted.signal }, () => {
        lead();
        return new Promise<void>((done) => (release = done));
      })
      .catch(() => undefined);
  } else {
    claim();
    addEventListener('pagehide', sayBye);
  }

  return () => {
    if (!locks) sayBye();
    removeEventListener('pagehide', sayBye);
    clearTimeout(claimTimer);
    aborted.abort();
    resign();
    release?.();
    channel.close();
  };
}

/**
 * One EventSource, reopened after LIVE_RETRY_MS if the browser gave up on it
 * (an answer other than the stream, such as a 429 or a proxy's 502: then
 * EventSource does not retry by itself). Reports "reconnecting" once it has
 * not been open for RECONNECTING_AFTER_MS.
 */
function openStream(url: string, handlers: LiveHandlers): () => void {
  let source: EventSource;
  let hintTimer: ReturnType<typeof setTimeout> | undefined;
  let reopenTimer: ReturnType<typeof setTimeout> | undefined;

  const watch = () => {
    if (source.readyState === EventSource.OPEN) {
      clearTimeout(hintTimer);
      hintTimer = undefined;
      handlers.onReconnecting(false);
      return;
    }
    hintTimer ??= setTimeout(() => handlers.onReconnecting(true), RECONNECTING_AFTER_MS);
    if (source.readyState === EventSource.CLOSED) reopenTimer = setTimeout(open, LIVE_RETRY_MS);
  };
  function open() {
    source = new EventSource(url);
    for (const type of LIVE_EVENT_TYPES) {
      source.addEventListener(type, ({ data }: MessageEvent<string>) =>
        handlers.onEvent(JSON.parse(data) as LiveEvent),
      );
    }
    source.onopen = watch;
    source.onerror = watch;
    watch();
  }
  open();

  return () => {
    clearTimeout(hintTimer);
    clearTimeout(reopenTimer);
    source.close();
  };
}
