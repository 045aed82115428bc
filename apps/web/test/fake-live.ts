import { waitFor } from '@testing-library/react';
import type { LiveEvent } from '@smart-zone/types/live';

/**
 * EventSource at the network boundary: the test plays the server. A stream
 * opens on the next turn (as a reachable server's would); `send` delivers an
 * event as the server names it (`event:` = its type), `drop` loses the
 * connection (the browser then reconnects by itself), `reopen` gets it back.
 */
export class FakeEventSource extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  readonly CONNECTING = 0;
  readonly OPEN = 1;
  readonly CLOSED = 2;
  readyState = FakeEventSource.CONNECTING;
  onopen: ((event: Event) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  readonly withCredentials = false;

  constructor(readonly url: string) {
    super();
    streams.push(this);
    setTimeout(() => this.reopen(), 0);
  }

  close() {
    this.readyState = FakeEventSource.CLOSED;
  }

  send(event: LiveEvent) {
    if (this.readyState !== FakeEventSource.OPEN) throw new Error(`The stream ${this.url} is not open`);
    this.dispatchEvent(new MessageEvent(event.type, { data: JSON.stringify(event) }));
  }

  drop() {
    if (this.readyState === FakeEventSource.CLOSED) return;
    this.readyState = FakeEventSource.CONNECTING;
    this.onerror?.(new Event('error'));
  }

  reopen() {
    if (this.readyState !== FakeEventSource.CONNECTING) return;
    this.readyState = FakeEventSource.OPEN;
    this.onopen?.(new Event('open'));
  }
}

const streams: FakeEventSource[] = [];

/** The streams the page has open now (a browser's tabs share one). */
export const openStreams = () => streams.filter((stream) => stream.readyState !== FakeEventSource.CLOSED);

/** The browser's one stream, once the app has opened it (a second after the page loaded, by the tab that leads). */
export function theStream(): Promise<FakeEventSource> {
  return waitFor(
    () => {
      const open = openStreams();
      expect(open).toHaveLength(1);
      expect(open[0]!.readyState).toBe(1);
      return open[0]!;
    },
    { timeout: 4000 },
  );
}

/**
 * BroadcastChannel between the "tabs" of one test (each connection made in
 * it): a message reaches every other channel of the same name, a turn later.
 */
class FakeBroadcastChannel {
  onmessage: ((event: MessageEvent) => void) | null = null;

  constructor(readonly name: string) {
    channels.add(this);
  }

  postMessage(data: unknown) {
    const copy: unknown = JSON.parse(JSON.stringify(data));
    for (const other of channels) {
      if (other !== this && other.name === this.name) {
        setTimeout(() => other.onmessage?.(new MessageEvent('message', { data: copy })), 0);
      }
    }
  }

  close() {
    channels.delete(this);
  }
}

const channels = new Set<FakeBroadcastChannel>();

/** test/setup.ts: before each test, no streams and no channels. */
export function installFakeLive() {
  streams.length = 0;
  channels.clear();
  globalThis.EventSource = FakeEventSource as unknown as typeof EventSource;
  globalThis.BroadcastChannel = FakeBroadcastChannel as unknown as typeof BroadcastChannel;
}
