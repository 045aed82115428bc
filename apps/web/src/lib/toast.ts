import { useSyncExternalStore } from 'react';
import type { ToastAction } from './toast-action';

type Kind = 'success' | 'error' | 'info';

/**
 * How long a toast with a button stays (the product's toasts close after 5 s):
 * time to read it and reach the button. Hovering it pauses the count.
 */
export const ACTION_TOAST_MS = 10_000;

let wanted = false;
const watchers = new Set<() => void>();

/**
 * Toasts without the toast library in the first download: the first toast
 * loads it (and mounts its container, see Layout); react-toastify shows what
 * was asked for before its container was there. A toast with a button loads
 * that button's markup with it.
 */
function show(kind: Kind, message: string, options?: { toastId?: string }, action?: ToastAction) {
  if (!wanted) {
    wanted = true;
    watchers.forEach((watcher) => watcher());
  }
  void Promise.all([import('react-toastify'), action && import('./toast-action')]).then(
    ([{ toast: library }, content]) =>
      content && action
        ? library[kind](content.withAction(message, action), { ...options, autoClose: ACTION_TOAST_MS })
        : library[kind](message, options),
  );
}

export const toast = {
  /** `action`: a button on the toast (Undo), which then stays longer (ACTION_TOAST_MS). */
  success: (message: string, action?: ToastAction) => show('success', message, undefined, action),
  /** The same message twice at once is shown once (twenty receipts kept offline are one toast). */
  info: (message: string) => show('info', message, { toastId: message }),
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
