import type { Item } from '@smart-zone/types/item';

type Handler = (request: { method: string; path: string; body: unknown; headers: Record<string, string> }) =>
  | { status?: number; body: unknown }
  | Promise<{ status?: number; body: unknown }>;

export interface Call {
  method: string;
  path: string;
  body: unknown;
  headers: Record<string, string>;
}

/**
 * A stand-in for the API at the fetch boundary: routes "METHOD /path" (path
 * without the /api base; a trailing * matches a prefix) to handlers, records
 * every call, and answers 404 in the API's error shape for anything else.
 */
export function fakeApi(routes: Record<string, Handler>) {
  const calls: Call[] = [];
  const fetchMock = jest.fn(async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    const path = url.replace(/^\/api/, '');
    const headers = (init.headers ?? {}) as Record<string, string>;
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ method, path, body, headers });
    const key = Object.keys(routes).find((route) => {
      const [routeMethod, routePath] = route.split(' ') as [string, string];
      if (routeMethod !== method) return false;
      return routePath.endsWith('*') ? path.startsWith(routePath.slice(0, -1)) : path === routePath;
    });
    const answer = key
      ? await routes[key]!({ method, path, body, headers })
      : { status: 404, body: { error: { code: 'not_found', message: `No route ${method} ${path}` } } };
    const status = answer.status ?? 200;
    return { ok: status >= 200 && status < 300, status, json: async () => answer.body } as Response;
  });
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  return { calls, fetchMock };
}

/** A promise the test resolves when it decides the server has answered. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

export function item(overrides: Partial<Item> = {}): Item {
  return {
    _id: 'a1b2c3d4e5f6a1b2c3d4e5f6',
    name: 'Pixel 8 Pro',
    supplier: 'Google',
    price: 899,
    quantity: 7,
    description: 'A phone.',
    img: '/images/pixel-8-pro.svg',
    createdAt: '2026-11-01T10:00:00.000Z',
    ...overrides,
  };
}

export const LOGIN_OK = { body: { accessToken: 'access-token' } };
