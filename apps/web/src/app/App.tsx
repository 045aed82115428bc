import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { RouterProvider, type createBrowserRouter } from 'react-router-dom';
import { ApiClientProvider } from '../lib/api-client-context';
import { AuthProvider } from '../lib/auth/AuthProvider';
import type { AuthGateway } from '../lib/auth/gateway';
import { createAppRouter, prefetchPage } from './router';
import { createServices } from './services';

type Router = ReturnType<typeof createBrowserRouter>;

/** How long after the page's load event the live updates start (then, once no query is fetching). */
const LIVE_START_DELAY_MS = 1_000;
/** The longest they wait for the page's queries to settle. */
const LIVE_SETTLE_MAX_MS = 5_000;

/** The providers around the router; tests hand in their own gateway and router, and turn retries off. */
export function App({ gateway, router, retry }: { gateway: AuthGateway; router?: Router; retry?: boolean }) {
  const [services] = useState(() => createServices(gateway, { retry }));
  const { access, api, queryClient } = services;
  const [appRouter] = useState(() => {
    const made = router ?? createAppRouter();
    prefetchPage(made, services);
    return made;
  });
  // The live updates (one stream per browser, shared by its tabs), on every page once it has settled: a
  // second after its load event (which comes before a lazy page's code and data), when no query is fetching
  // (at most LIVE_SETTLE_MAX_MS more). The page's first cards and the first visit's byte budget go first, and
  // the refetch a tab makes when it starts listening never cancels a first load.
  useEffect(() => {
    let stop: (() => void) | undefined;
    let stopped = false;
    let started = false;
    const timers: ReturnType<typeof setTimeout>[] = [];
    let unsubscribe: (() => void) | undefined;
    const start = () => {
      if (started) return;
      started = true;
      unsubscribe?.();
      void import('./live-updates').then(({ startLiveUpdates }) => {
        if (!stopped) stop = startLiveUpdates(services);
      });
    };
    const whenSettled = () => {
      if (queryClient.isFetching() === 0) return start();
      unsubscribe = queryClient.getQueryCache().subscribe(() => {
        if (queryClient.isFetching() === 0) start();
      });
      timers.push(setTimeout(start, LIVE_SETTLE_MAX_MS));
    };
    const afterLoad = () => timers.push(setTimeout(whenSettled, LIVE_START_DELAY_MS));
    if (document.readyState === 'complete') afterLoad();
    else addEventListener('load', afterLoad, { once: true });
    return () => {
      stopped = true;
      removeEventListener('load', afterLoad);
      timers.forEach(clearTimeout);
      unsubscribe?.();
      stop?.();
    };
  }, [services, queryClient]);
  return (
    <QueryClientProvider client={queryClient}>
      <ApiClientProvider client={api}>
        <AuthProvider gateway={gateway} access={access}>
          <RouterProvider router={appRouter} />
        </AuthProvider>
      </ApiClientProvider>
    </QueryClientProvider>
  );
}
