import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter } from 'react-router-dom';
import { App } from '../src/app/App';
import { routes } from '../src/app/router';
import type { AuthUser } from '../src/lib/auth/gateway';
import { FakeGateway } from './fake-gateway';

/** One expiry for every token a test makes (an hour after the suite loads), so the same user always gets the same token. */
const TOKEN_EXP = Math.floor(Date.now() / 1000) + 3600;

/** An accessToken shaped like the API's (claims in the middle). */
export function accessTokenFor(user: AuthUser) {
  const encode = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  const claims = { uid: user.uid, email: user.email, verified: user.emailVerified || user.providerId === 'google.com' };
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode({ ...claims, exp: TOKEN_EXP })}.sig`;
}

/** The whole app (routes, providers, guards) at `path`, with `user` signed in (or nobody). */
export function renderApp(path: string, user: AuthUser | null = null) {
  const gateway = new FakeGateway(user);
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  if (user) localStorage.setItem('accessToken', accessTokenFor(user));
  const view = render(<App gateway={gateway} router={router} queryClient={queryClient} />);
  return { ...view, gateway, router };
}
