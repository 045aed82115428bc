import { useSyncExternalStore } from 'react';

type Kind = 'success' | 'error' | 'info';

let wanted = false;
const watchers = new Set<() => void>();

/**
 * Toasts without the toast library in the first download: the first toast
 * loads it (and mounts its container, see Layout); react-toastify shows what
 * was asked for before its container was there.
 */
function show(kind: Kind, message: string, options?: { toastId?: string }) {
  if (!wanted) {
    wanted = true;
    watchers.forEach((watcher) => watcher());
  }
  void import('react-toastify').then(({ toast: library }) => library[kind](message, options));
}

export const toast = {
  success: (message: string) => show('success', message),
  info: (message: string) => show('info', message),
  /** The same message twice at once is shown once. */
  error: (message: string) => show('error', message, { toastId: message }),
};

/** True once any toast was asked for: the container is mounted from then on. */
export function useToastsWanted() {
  return useSyncExternalStore(
    (watcher) => {
      watchers.add(watcher);
      return () => watchers.delete(watcher);
    },
    () => wanted,
  );
}
