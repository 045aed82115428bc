import 'bootstrap/dist/css/bootstrap.min.css';
import 'react-toastify/dist/ReactToastify.css';
import './styles.css';
import type { ClientConfig } from '@smart-zone/types/client-config';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { env } from './config/env';
import { createApiClient, errorMessage } from './lib/api-client';
import { createFirebaseGateway } from './lib/auth/firebase-gateway';

const root = createRoot(document.getElementById('root')!);

// Firebase settings come from the API at run time (GET /api/config), so one
// build works against the local emulator and a real project alike.
async function start() {
  try {
    const config = await createApiClient({ baseUrl: env.apiBase }).request<ClientConfig>('/config');
    root.render(
      <StrictMode>
        <App gateway={createFirebaseGateway(config)} />
      </StrictMode>,
    );
  } catch (error) {
    root.render(
      <main className="container py-5 text-center">
        <h1 className="h3">Smart Zone cannot start</h1>
        <p className="text-danger">Error: {errorMessage(error)}</p>
        <button type="button" className="btn btn-primary" onClick={() => void start()}>
          Try again
        </button>
      </main>,
    );
  }
}

void start();
