import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { RouterProvider, type createBrowserRouter } from 'react-router-dom';
import { ApiClientProvider } from '../lib/api-client-context';
import { AuthProvider } from '../lib/auth/AuthProvider';
import type { AuthGateway } from '../lib/auth/gateway';
import { createAppRouter, prefetchPage } from './router';
import { createServices } from './services';

type Router = ReturnType<typeof createBrowserRouter>;

/** The providers around the router; tests hand in their own gateway and router, and turn retries off. */
export function App({ gateway, router, retry }: { gateway: AuthGateway; router?: Router; retry?: boolean }) {
  const [services] = useState(() => createServices(gateway, { retry }));
  const { access, api, queryClient } = services;
  const [appRouter] = useState(() => {
    const made = router ?? createAppRouter();
    prefetchPage(made, services);
    return made;
  });
  // The live updates (one stream per browser, shared by its tabs) load after the first render.
  useEffect(() => {
    let stop: (() => void) | undefined;
    let stopped = false;
    void import('./live-updates').then(({ startLiveUpdates }) => {
      if (!stopped) stop = startLiveUpdates(services);
    });
    return () => {
      stopped = true;
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
