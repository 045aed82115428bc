import { useSyncExternalStore } from 'react';

let reconnecting = false;
const watchers = new Set<() => void>();

/** Set by the live connection (loaded after the first render); read by the header's hint. */
export function setLiveReconnecting(now: boolean) {
  if (now === reconnecting) return;
  reconnecting = now;
  watchers.forEach((watcher) => watcher());
}

/** True while the browser's one live stream has not been open for a while (every tab hears it). */
export function useLiveReconnecting() {
  return useSyncExternalStore(
    (watcher) => {
      watchers.add(watcher);
      return () => watchers.delete(watcher);
    },
    () => reconnecting,
  );
}
