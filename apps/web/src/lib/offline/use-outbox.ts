import { useCallback, useSyncExternalStore } from 'react';
import { toast } from '../toast';
import { type OutboxEntry, outboxSnapshot, watchOutbox } from './outbox';

export const waitingText = (n: number) => `${n} ${n === 1 ? 'change' : 'changes'} waiting to send`;

/** The signed-in person's outbox, as it is now (here or in another tab). */
export function useOutbox(uid: string): readonly OutboxEntry[] {
  const subscribe = useCallback((changed: () => void) => watchOutbox(uid, changed), [uid]);
  return useSyncExternalStore(subscribe, outboxSnapshot);
}

/** What a change that went to the outbox says: it is kept, not done. */
export const queuedToast = (what: string) => toast.info(`Waiting to send: ${what}. It goes when the network is back.`);
