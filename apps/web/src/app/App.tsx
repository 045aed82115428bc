import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { RouterProvider, type createBrowserRouter } from 'react-router-dom';
import { ApiClientProvider } from '../lib/api-client-context';
import { AuthProvider } from '../lib/auth/AuthProvider';
import type { AuthGateway } from '../lib/auth/gateway';
import { createAppRouter, prefetchPage } from './router';
import { createServices } from './services';

type Router = ReturnType<typeof createBrowserRouter>;

/** How long after the page's load event the live updates start (the first visit's requests are done by then). */
const LIVE_START_DELAY_MS = 1_000;

/** The providers around the router; tests hand in their own gateway and router, and turn retries off. */
export function App({ gateway, router, retry }: { gateway: AuthGateway; router?: Router; retry?: boolean }) {
  const [services] = useState(() => createServices(gateway, { retry }));
  const { access, api, queryClient } = services;
  const [appRouter] = useState(() => {
    const made = router ?? createAppRouter();
    prefetchPage(made, services);
    return made;
  });
  // The live updates (one stream per browser, shared by its tabs) are not needed to show the first
  // page: their code (1.1 KB) loads once it has loaded and settled, outside the first visit's budget.
  useEffect(() => {
    let stop: (() => void) | undefined;
    let stopped = false;
    const start = () =>
      void import('./live-updates').then(({ startLiveUpdates }) => {
        if (!stopped) stop = startLiveUpdates(services);
      });
    let timer: ReturnType<typeof setTimeout> | undefined;
    const settle = () => (timer = setTimeout(start, LIVE_START_DELAY_MS));
    if (document.readyState === 'complete') settle();
    else addEventListener('load', settle, { once: true });
    return () => {
      stopped = true;
      clearTimeout(timer);
      removeEventListener('load', settle);
      stop?.();
    };
  }, [services]);
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
