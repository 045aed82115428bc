import { onlineManager } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';

/**
 * Whether the browser has a network, as the browser says: `navigator.onLine` is false only when there is
 * none at all (no Wi-Fi, airplane mode, a basement), which is the case worth telling. TanStack Query pauses its
 * requests while offline and resumes them when the network is back; it only hears the browser's events, so a
 * page opened offline tells it here.
 */
export function useOnline() {
  return useSyncExternalStore(
    (changed) => {
      window.addEventListener('online', changed);
      window.addEventListener('offline', changed);
      return () => {
        window.removeEventListener('online', changed);
        window.removeEventListener('offline', changed);
      };
    },
    () => navigator.onLine,
  );
}

/** A page opened with no network: queries wait for it instead of failing (they resume on the `online` event). */
export function startOffline() {
  if (!navigator.onLine) onlineManager.setOnline(false);
}
