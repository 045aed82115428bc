import 'bootstrap/dist/css/bootstrap.min.css';
import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { createAppRouter, preloadPages } from './app/router';
import { registerServiceWorker } from './app/service-worker';
import { env } from './config/env';
import { createApiClient } from './lib/api-client';
import { createLazyGateway } from './lib/auth/lazy-gateway';
import { clientConfigSource } from './lib/client-config';

// The pages render at once; the auth SDK and its settings (GET /api/config,
// with the shop's currency) load when someone may be signed in or wants to
// sign in (lazy-gateway.ts): a visitor's first page asks for nothing more than
// its list (its prices in the last currency this browser was told, or USD).
const api = createApiClient({ baseUrl: env.apiBase });
const clientConfig = clientConfigSource(api);
const router = createAppRouter();
preloadPages(router);
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App gateway={createLazyGateway(api, clientConfig)} router={router} />
  </StrictMode>,
);
if (import.meta.env.PROD) registerServiceWorker();
