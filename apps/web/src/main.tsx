import 'bootstrap/dist/css/bootstrap.min.css';
import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { preloadPages } from './app/router';
import { env } from './config/env';
import { createApiClient } from './lib/api-client';
import { createLazyGateway } from './lib/auth/lazy-gateway';

// The pages render at once; the auth SDK and its settings (GET /api/config)
// load when someone may be signed in or wants to sign in (lazy-gateway.ts).
preloadPages(window.location.pathname);
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App gateway={createLazyGateway(createApiClient({ baseUrl: env.apiBase }))} />
  </StrictMode>,
);
