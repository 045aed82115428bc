import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { RouterProvider, type createBrowserRouter } from 'react-router-dom';
import { paths } from '../config/paths';
import { ApiClientProvider } from '../lib/api-client-context';
import { AuthProvider } from '../lib/auth/AuthProvider';
import type { AuthGateway } from '../lib/auth/gateway';
import { createAppRouter, prefetchPage } from './router';
import { createServices } from './services';

type Router = ReturnType<typeof createBrowserRouter>;

/**
 * The home page does not listen: its first visit keeps the byte budget (the live code is 1.1 KB), and its
 * six cards are a glimpse. Every other page starts the live updates, which then stay on.
 */
const QUIET_PATHS = new Set(['/', paths.home.path]);
/** How long after the page's load event they start: the page's own requests go first (its first cards). */
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
  // The live updates (one stream per browser, shared by its tabs): their code loads on the first page that
  // is not the home page.
  useEffect(() => {
    let stop: (() => void) | undefined;
    let stopped = false;
    let started = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const start = () =>
      void import('./live-updates').then(({ startLiveUpdates }) => {
        if (!stopped) stop = startLiveUpdates(services);
      });
    const settle = () => (timer = setTimeout(start, LIVE_START_DELAY_MS));
    const startOn = (pathname: string) => {
      if (started || QUIET_PATHS.has(pathname.toLowerCase())) return;
      started = true;
      if (document.readyState === 'complete') settle();
      else addEventListener('load', settle, { once: true });
    };
    startOn(appRouter.state.location.pathname);
    const unsubscribe = appRouter.subscribe((state) => startOn(state.location.pathname));
    return () => {
      stopped = true;
      unsubscribe();
      clearTimeout(timer);
      removeEventListener('load', settle);
      stop?.();
    };
  }, [services, appRouter]);
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
