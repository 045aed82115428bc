import { render } from '@testing-library/react';
import { type NonIndexRouteObject, type RouteObject, createMemoryRouter } from 'react-router-dom';
import { App } from '../src/app/App';
import { routes } from '../src/app/router';
import { countsAsVerified } from '@smart-zone/types/access-claims';
import type { AuthUser } from '../src/lib/auth/gateway';
import { FakeGateway } from './fake-gateway';

/** One expiry for every token a test makes (an hour after the suite loads), so the same user always gets the same token. */
const TOKEN_EXP = Math.floor(Date.now() / 1000) + 3600;

/** An accessToken shaped like the API's (claims in the middle). */
export function accessTokenFor(user: AuthUser) {
  const encode = (value: object) =>
    btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  const claims = { uid: user.uid, email: user.email, verified: countsAsVerified(user) };
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode({ ...claims, exp: TOKEN_EXP })}.sig`;
}

/** The app's routes with some pages of a test's own beside the real ones (inside the layout and its error boundary). */
function withPages(extraPages: RouteObject[]): RouteObject[] {
  if (!extraPages.length) return routes;
  const [layout] = routes as [NonIndexRouteObject];
  const [pages] = layout.children as [NonIndexRouteObject];
  return [{ ...layout, children: [{ ...pages, children: [...extraPages, ...(pages.children ?? [])] }] }];
}

/** The whole app (routes, providers, guards) at `path`, with `user` signed in (or nobody). */
export function renderApp(
  path: string,
  user: AuthUser | null = null,
  { extraPages = [] }: { extraPages?: RouteObject[] } = {},
) {
  const gateway = new FakeGateway(user);
  const router = createMemoryRouter(withPages(extraPages), { initialEntries: [path] });
  if (user) localStorage.setItem('accessToken', accessTokenFor(user));
  const view = render(<App gateway={gateway} router={router} retry={false} />);
  return { ...view, gateway, router };
}
