import type { ErrorCode } from '@smart-zone/types/errors';
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError, errorMessage } from './api-client';
import { startOffline } from './online';
import { toast } from './toast';

/** What a query or mutation may tell the one error handler below. */
interface AppMeta extends Record<string, unknown> {
  /** Error codes the component shows itself, beside its form: no toast for those. */
  errorsShownInline?: ErrorCode[];
  /** A failure of this authorized request signs the person out (My Item, as the product has it). */
  signOutOnError?: boolean;
}

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: AppMeta;
    mutationMeta: AppMeta;
  }
}

const isClientError = (error: unknown) => error instanceof ApiError && error.status >= 400 && error.status < 500;

const shownInline = (error: unknown, meta: AppMeta | undefined) =>
  error instanceof ApiError && (meta?.errorsShownInline?.includes(error.code as ErrorCode) ?? false);

const toastError = (message: string) => toast.error(message);

/**
 * The prefix of every alerts query (the bell's count, the Alerts page). Any
 * change may raise a low-stock alert (a delivery, a restock, a new reorder
 * point) or read one, so every successful change refreshes those on screen.
 */
export const ALERTS_QUERY_KEY = ['alerts'] as const;

/**
 * Errors are handled here, once: a failed change toasts its message; a page
 * or list that could not load says so in place (ListQuery, QueryError), and
 * only a failed background refresh of something already shown toasts.
 */
export function createQueryClient({
  signOut,
  retry = true,
}: {
  signOut: () => Promise<void>;
  /** Tests turn retries off. */
  retry?: boolean;
}) {
  const signOutAfter = (error: unknown) => {
    toastError(`${errorMessage(error)} Please sign in again.`);
    void signOut().catch(() => undefined);
  };

  startOffline();
  const queryClient: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (query.meta?.signOutOnError) signOutAfter(error);
        else if (query.state.data !== undefined) toastError(errorMessage(error));
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (mutation.meta?.signOutOnError) signOutAfter(error);
        else if (!shownInline(error, mutation.meta)) toastError(errorMessage(error));
      },
      // Not awaited: a change is done when the server says so, not when the bell has caught up.
      onSuccess: () => void queryClient.invalidateQueries({ queryKey: ALERTS_QUERY_KEY }),
    }),
    defaultOptions: {
      queries: {
        staleTime: 10_000,
        // A 4xx will not get better by asking again.
        retry: retry && ((failureCount, error) => !isClientError(error) && failureCount < 2),
      },
    },
  });
  return queryClient;
}
