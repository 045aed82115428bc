import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { RouterProvider, type createBrowserRouter } from 'react-router-dom';
import { AuthProvider } from '../lib/auth/AuthProvider';
import type { AuthGateway } from '../lib/auth/gateway';
import { createQueryClient } from '../lib/query-client';
import { createAppRouter } from './router';

type Router = ReturnType<typeof createBrowserRouter>;

/** The providers around the router; tests hand in their own gateway, router and query client. */
export function App({
  gateway,
  router,
  queryClient,
}: {
  gateway: AuthGateway;
  router?: Router;
  queryClient?: QueryClient;
}) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  const [appRouter] = useState(() => router ?? createAppRouter());
  return (
    <QueryClientProvider client={client}>
      <AuthProvider gateway={gateway}>
        <RouterProvider router={appRouter} />
      </AuthProvider>
    </QueryClientProvider>
  );
}
