import type { Alert } from '@smart-zone/types/alert';
import type { Me } from '@smart-zone/types/auth';
import { type Role, can } from '@smart-zone/types/roles';
import type { Item, StockMovement } from '@smart-zone/types/item';
import type { Person } from '@smart-zone/types/team';
import {
  type ItemDefaultLocation,
  type ItemStockLine,
  type Location,
  MAIN_LOCATION_ID,
  MAIN_LOCATION_NAME,
} from '@smart-zone/types/location';
import type { AuthUser } from '../src/lib/auth/gateway';

interface Answer {
  status?: number;
  body: unknown;
  headers?: Record<string, string>;
}

type Handler = (request: Call) => Answer | Promise<Answer>;

export interface Call {
  method: string;
  path: string;
  body: unknown;
  headers: Record<string, string>;
}

/** Requests no route of the running test expected; test/setup.ts fails the test when there are any. */
export const unexpectedRequests: string[] = [];

/** What the fake network answers a request with. */
interface Answered {
  status: number;
  body: unknown;
  headers: Headers;
}

type Network = (method: string, url: string, headers: Record<string, string>, body: unknown) => Promise<Answered>;

/**
 * XMLHttpRequest over the same fake network as fetch (the API client sends an
 * upload through it, for its progress): it reports the upload in two halves,
 * then answers; a rejected answer is a network error.
 */
function fakeXhr(network: Network) {
  return class FakeXMLHttpRequest {
    status = 0;
    statusText = '';
    responseText = '';
    readonly upload: { onprogress: ((event: Partial<ProgressEvent>) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    ontimeout: (() => void) | null = null;
    onabort: (() => void) | null = null;
    #method = 'GET';
    #url = '';
    #headers: Record<string, string> = {};
    #answerHeaders = new Headers();
    #aborted = false;

    open(method: string, url: string) {
      this.#method = method;
      this.#url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.#headers[name] = value;
    }
    getAllResponseHeaders() {
      return [...this.#answerHeaders].map(([name, value]) => `${name}: ${value}\r\n`).join('');
    }
    abort() {
      this.#aborted = true;
      this.onabort?.();
    }
    send(body: unknown) {
      const total = body instanceof Blob ? body.size : 0;
      void (async () => {
        for (const loaded of [Math.floor(total / 2), total]) {
          await Promise.resolve();
          this.upload.onprogress?.({ lengthComputable: true, loaded, total });
        }
        const answer = await network(this.#method, this.#url, this.#headers, body).catch(() => null);
        if (this.#aborted) return;
        if (!answer) return this.onerror?.();
        this.status = answer.status;
        this.#answerHeaders = answer.headers;
        this.responseText = JSON.stringify(answer.body);
        this.onload?.();
      })();
    }
  };
}

/** Puts the fake network in place of fetch and XMLHttpRequest. */
function install(network: Network) {
  const fetchMock = jest.fn(async (url: string, init: RequestInit = {}) => {
    const answer = await network(init.method ?? 'GET', url, (init.headers ?? {}) as Record<string, string>, init.body);
    return {
      ok: answer.status >= 200 && answer.status < 300,
      status: answer.status,
      headers: answer.headers,
      json: () => Promise.resolve(answer.body),
      // A file answer (a CSV) is given as its text.
      blob: () =>
        Promise.resolve(new Blob([String(answer.body)], { type: answer.headers.get('Content-Type') ?? undefined })),
    } as Response;
  });
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  globalThis.XMLHttpRequest = fakeXhr(network) as unknown as typeof XMLHttpRequest;
  return fetchMock;
}

/** Before any fakeApi(): every request is unexpected. */
export function refuseAllRequests() {
  unexpectedRequests.length = 0;
  install((method, url) => {
    unexpectedRequests.push(`${method} ${url}`);
    return Promise.reject(new Error(`Unexpected request ${method} ${url}`));
  });
}

/**
 * A stand-in for the API at the network boundary (fetch, and XMLHttpRequest
 * for uploads): routes "METHOD /path" (path without the /api base, with its
 * query; a trailing * matches a prefix) to handlers and records every call, a
 * JSON body parsed, a file as the Blob sent. A request no route expects fails
 * the test (it is answered 404 here, and test/setup.ts reports it).
 */
export function fakeApi(routes: Record<string, Handler>) {
  const calls: Call[] = [];
  const fetchMock = install(async (method, url, headers, sent) => {
    const path = url.replace(/^\/api/, '');
    const body: unknown = typeof sent === 'string' ? JSON.parse(sent) : (sent ?? undefined);
    const call = { method, path, body, headers };
    calls.push(call);
    // A route naming the exact path first (an item's stock beside the item's own `GET /inventory/*`), then a prefix.
    const key =
      routes[`${method} ${path}`] !== undefined
        ? `${method} ${path}`
        : Object.keys(routes).find((route) => {
            const [routeMethod, routePath] = route.split(' ') as [string, string];
            return routeMethod === method && routePath.endsWith('*') && path.startsWith(routePath.slice(0, -1));
          });
    if (!key) unexpectedRequests.push(`${method} ${path}`);
    const answer = key
      ? await routes[key]!(call)
      : { status: 404, body: { error: { code: 'not_found', message: `No route ${method} ${path}` } } };
    return { status: answer.status ?? 200, body: answer.body, headers: new Headers(answer.headers) };
  });
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

const SOMEONE = { uid: 'uid-staff@example.com', email: 'staff@example.com' };

export function item(overrides: Partial<Item> = {}): Item {
  return {
    _id: 'a1b2c3d4e5f6a1b2c3d4e5f6',
    name: 'Pixel 8 Pro',
    supplier: 'Google',
    price: 899,
    quantity: 7,
    minStock: 0,
    description: 'A phone.',
    img: '/images/pixel-8-pro.svg',
    createdAt: '2026-11-01T10:00:00.000Z',
    updatedAt: '2026-11-01T10:00:00.000Z',
    version: 1,
    ...overrides,
  };
}

export const LOGIN_OK = { body: { accessToken: 'access-token' } };

/** A list answer as the API gives it: one page of rows and, in X-Total-Count, how many match in all. */
export function page<T>(rows: T[], total = rows.length): Answer {
  return { body: rows, headers: { 'X-Total-Count': String(total) } };
}

/** The bell's question (GET /alerts?state=open&limit=1: the open alerts), which every page asks for staff. */
export const OPEN_COUNT_PATH = '/alerts?state=open&limit=1';
/** The Alerts page's question for Mark all read: how many are unread, open or resolved. */
export const UNREAD_COUNT_PATH = '/alerts?state=all&unread=true&limit=1';

/**
 * GET /me for this user: a manager (who may do all the product does, the team
 * aside) unless the test names another role, or null for a verified user on
 * no team; `name`, their display name. A role that reads stock also gets the bell's count in the navbar:
 * `open` alerts (none unless the test says), which the Alerts page takes for its unread count too; and the
 * people whose names stand for their emails (GET /people: `people`, nobody unless the test says). An owner's
 * Dashboard and Manage Inventories ask whether only the demo items are there (GET /demo-data): not here.
 */
export function meRoute(
  user: AuthUser,
  {
    role = 'manager',
    open = 0,
    name,
    people = [],
  }: { role?: Role | null; open?: number; name?: string; people?: Person[] } = {},
): Record<string, Handler> {
  const me: Me = {
    email: user.email ?? '',
    uid: user.uid,
    verified: true,
    role,
    staff: role !== null,
    ...(name && { name }),
  };
  return {
    'GET /me': () => ({ body: me }),
    ...(can(role, 'readStock') && {
      [`GET ${OPEN_COUNT_PATH}`]: () => page(open ? [alert()] : [], open),
      [`GET ${UNREAD_COUNT_PATH}`]: () => page(open ? [alert()] : [], open),
      'GET /people': () => ({ body: people }),
    }),
    ...(can(role, 'clearDemo') && { 'GET /demo-data': () => ({ body: { demoOnly: false } }) }),
  };
}

export function alert(overrides: Partial<Alert> = {}): Alert {
  return {
    _id: 'ab'.repeat(12),
    itemId: item()._id,
    itemName: 'Pixel 8 Pro',
    kind: 'low',
    quantity: 3,
    minStock: 5,
    movementId: 'f0'.repeat(12),
    at: '2026-11-02T09:30:00.000Z',
    state: 'open',
    ...overrides,
  };
}

export function movement(overrides: Partial<StockMovement> = {}): StockMovement {
  return {
    _id: 'f0'.repeat(12),
    itemId: item()._id,
    delta: 7,
    quantityAfter: 7,
    reason: 'created',
    actor: SOMEONE,
    at: '2026-11-01T10:00:00.000Z',
    ...overrides,
  };
}

const NO_DEFAULT: ItemDefaultLocation = { locationId: null, path: null };

/**
 * A staff member's item page also asks where the item's units are (GET /inventory/:id/stock): `lines`, or by
 * default all at Main (none for an item out of stock); and where its receipts go (GET …/default-location):
 * nowhere set, Main. `item` may be a function: the item as it is now.
 */
export function stockAt(item: Item | (() => Item), lines?: ItemStockLine[]): Record<string, Handler> {
  const now = typeof item === 'function' ? item : () => item;
  return {
    [`GET /inventory/${now()._id}/stock`]: () => {
      const { quantity } = now();
      return { body: lines ?? (quantity > 0 ? [{ locationId: MAIN_LOCATION_ID, path: 'Main', quantity }] : []) };
    },
    [`GET /inventory/${now()._id}/default-location`]: () => ({ body: NO_DEFAULT }),
  };
}

const refusal = (status: number, code: string, message: string): Answer => ({
  status,
  body: { error: { code, message, requestId: 'fake' } },
});

/**
 * An item's places kept as the API keeps them (issue 34), for a test that follows a change through:
 * - GET /inventory/:id: the item, its quantity the sum of its lines;
 * - GET …/stock: a line per location holding some, Main first (`lines`: by default all at Main);
 * - GET and PUT …/default-location (`defaultId`, none by default): a PUT names Main, one of `locations` or one of
 *   the lines' locations (else 400 location_not_found), or null to clear it;
 * - POST …/stock: at its `locationId`; without one, a restock at the default location (else Main), a removal
 *   there when it holds enough (else Main); 409 out_of_stock when that place holds too few.
 * `item()`, `lines()` and `defaultLocation()` read them as they are now.
 */
export function itemPlaces(
  start: Item,
  {
    lines = start.quantity > 0
      ? [{ locationId: MAIN_LOCATION_ID, path: MAIN_LOCATION_NAME, quantity: start.quantity }]
      : [],
    locations = [],
    defaultId = null,
  }: {
    lines?: ItemStockLine[];
    locations?: Pick<Location, '_id' | 'path'>[];
    defaultId?: string | null;
  } = {},
) {
  const paths = new Map<string, string>([
    [MAIN_LOCATION_ID, MAIN_LOCATION_NAME],
    ...locations.map((location): [string, string] => [location._id, location.path]),
    ...lines.map((line): [string, string] => [line.locationId, line.path]),
  ]);
  const held = new Map(lines.map((line) => [line.locationId, line.quantity]));
  let defaultAt = defaultId;
  let movements = 0;
  const base = `/inventory/${start._id}`;

  const item = (): Item => ({ ...start, quantity: [...held.values()].reduce((sum, n) => sum + n, 0) });
  const stockLines = (): ItemStockLine[] =>
    [...held]
      .filter(([, quantity]) => quantity > 0)
      .map(([locationId, quantity]) => ({ locationId, path: paths.get(locationId)!, quantity }))
      .sort((a, b) =>
        a.locationId === MAIN_LOCATION_ID ? -1 : b.locationId === MAIN_LOCATION_ID ? 1 : a.path.localeCompare(b.path),
      );
  const defaultLocation = (): ItemDefaultLocation =>
    defaultAt === null ? NO_DEFAULT : { locationId: defaultAt, path: paths.get(defaultAt)! };
  const noLocation = (field: string) =>
    refusal(400, 'location_not_found', `No location with that id (${field}): nothing changed`);

  const routes: Record<string, Handler> = {
    [`GET ${base}`]: () => ({ body: item() }),
    [`GET ${base}/stock`]: () => ({ body: stockLines() }),
    [`GET ${base}/default-location`]: () => ({ body: defaultLocation() }),
    [`PUT ${base}/default-location`]: ({ body }) => {
      const { locationId } = body as { locationId: string | null };
      if (locationId !== null && !paths.has(locationId)) return noLocation('locationId');
      defaultAt = locationId;
      return { body: defaultLocation() };
    },
    [`POST ${base}/stock`]: ({ body }) => {
      const { delta, locationId } = body as { delta: number; locationId?: string };
      if (locationId !== undefined && !paths.has(locationId)) return noLocation('locationId');
      const atDefault =
        defaultAt !== null && (delta > 0 || (held.get(defaultAt) ?? 0) >= -delta) ? defaultAt : MAIN_LOCATION_ID;
      const at = locationId ?? atDefault;
      const there = held.get(at) ?? 0;
      if (there + delta < 0) return refusal(409, 'out_of_stock', `Only ${there} there: cannot remove ${-delta}`);
      held.set(at, there + delta);
      movements += 1;
      return { body: { quantity: item().quantity, movementId: movements.toString(16).padStart(24, '0') } };
    },
  };
  return { routes, item, lines: stockLines, defaultLocation };
}

/** A manager's item page also asks for the item's edits (GET /audit?itemId=): none here. */
export const NO_EDITS: Record<string, Handler> = { 'GET /audit?itemId=*': () => page([], 0) };

/** What an item picker (components/ItemPicker.tsx) asks: its search, and the chosen item (to show its name). */
export function itemPickerRoutes(chosen: Item = item()): Record<string, Handler> {
  return {
    'GET /inventory?q=*': () => page([chosen]),
    [`GET /inventory/${chosen._id}`]: () => ({ body: chosen }),
  };
}
