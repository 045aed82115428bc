import 'bootstrap/dist/css/bootstrap.min.css';
import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { preloadPages } from './app/router';
import { env } from './config/env';
import { createApiClient } from './lib/api-client';
import { createLazyGateway } from './lib/auth/lazy-gateway';
import { clientConfigSource } from './lib/client-config';

// The pages render at once; the auth SDK loads when someone may be signed in
// or wants to sign in (lazy-gateway.ts). Its settings (GET /api/config) are
// asked for at once, for the shop's currency every price is shown in (a
// visitor's pages have prices too); the SDK takes the same answer.
const api = createApiClient({ baseUrl: env.apiBase });
const clientConfig = clientConfigSource(api);
void clientConfig().catch(() => undefined); // the currency stays the last one known; the SDK asks again
preloadPages(window.location.pathname);
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App gateway={createLazyGateway(api, clientConfig)} />
  </StrictMode>,
);
