import { ApiError, createApiClient, errorMessage, type TokenSource } from '../lib/api-client';
import { pageCount, slicePage } from '../lib/page';
import { fakeApi, refuseAllRequests, unexpectedRequests } from '../../test/fake-api';

/** A token source whose renewals the test counts. */
function tokens(current: string | null, renewed: string | null | Error) {
  const source = {
    renewals: 0,
    current: () => current,
    renew: () => {
      source.renewals += 1;
      return renewed instanceof Error ? Promise.reject(renewed) : Promise.resolve(renewed);
    },
  };
  return source satisfies TokenSource & { renewals: number };
}

const failure = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(error)}`);
  return error;
};

test('a plain read is a GET asking for JSON, with no token and no body', async () => {
  const { calls } = fakeApi({ 'GET /things': () => ({ body: [1, 2] }) });
  const api = createApiClient({ baseUrl: '/api', tokens: tokens('tok', null) });
  await expect(api.request('/things')).resolves.toEqual([1, 2]);
  expect(calls).toEqual([{ method: 'GET', path: '/things', body: undefined, headers: { Accept: 'application/json' } }]);
});

test('a write sends its JSON body, its headers and the accessToken', async () => {
  const { calls } = fakeApi({ 'PUT /things/1': () => ({ body: { ok: true }, headers: { ETag: '"v2"' } }) });
  const api = createApiClient({ baseUrl: '/api', tokens: tokens('tok', null) });
  const answer = await api.requestWithHeaders('/things/1', {
    method: 'PUT',
    auth: true,
    body: { name: 'Bolt' },
    headers: { 'If-Match': '"v1"' },
  });
  expect(answer.data).toEqual({ ok: true });
  expect(answer.headers.get('ETag')).toBe('"v2"');
  expect(calls[0]).toEqual({
    method: 'PUT',
    path: '/things/1',
    body: { name: 'Bolt' },
    headers: {
      Accept: 'application/json',
      'If-Match': '"v1"',
      'Content-Type': 'application/json',
      Authorization: 'Bearer tok',
      'Idempotency-Key': calls[0]!.headers['Idempotency-Key'],
    },
  });
  expect(calls[0]!.headers['Idempotency-Key']).toMatch(/^[0-9a-f]{32}$/);
});

test('each write has its own Idempotency-Key, kept for its 401 resend; a given key is sent as it is; reads have none', async () => {
  const { calls } = fakeApi({
    'POST /things': ({ headers }) =>
      headers.Authorization === 'Bearer new'
        ? { body: { ok: true } }
        : { status: 401, body: { error: { code: 'unauthorized', message: 'Expired' } } },
    'GET /things': () => ({ body: [] }),
  });
  const api = createApiClient({ baseUrl: '/api', tokens: tokens('old', 'new') });
  await api.request('/things', { method: 'POST', auth: true, body: {} });
  await api.request('/things', { method: 'POST', auth: true, body: {}, idempotencyKey: 'mine-1' });
  await api.request('/things', { auth: true });
  const keys = calls.map((call) => call.headers['Idempotency-Key']);
  expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
  expect(keys[1]).toBe(keys[0]);
  expect(keys.slice(2)).toEqual(['mine-1', 'mine-1', undefined]);
});

test('a given bearer is sent instead of the accessToken, and a 401 then is not renewed', async () => {
  const { calls } = fakeApi({
    'POST /login': () => ({ status: 401, body: { error: { code: 'unauthorized', message: 'Bad token' } } }),
  });
  const source = tokens('tok', 'new');
  const api = createApiClient({ baseUrl: '/api', tokens: source });
  const error = await failure(api.request('/login', { method: 'POST', bearer: 'id-token', auth: true, body: {} }));
  expect(error.message).toBe('Bad token');
  expect(calls.map((c) => c.headers.Authorization)).toEqual(['Bearer id-token']);
  expect(source.renewals).toBe(0);
});

test('a 401 on a signed request renews the accessToken once and retries with it', async () => {
  const { calls } = fakeApi({
    'GET /myitem': ({ headers }) =>
      headers.Authorization === 'Bearer new'
        ? { body: ['mine'] }
        : { status: 401, body: { error: { code: 'unauthorized', message: 'Expired' } } },
  });
  const source = tokens('old', 'new');
  const api = createApiClient({ baseUrl: '/api', tokens: source });
  await expect(api.request('/myitem', { auth: true })).resolves.toEqual(['mine']);
  expect(calls.map((c) => c.headers.Authorization)).toEqual(['Bearer old', 'Bearer new']);
  expect(source.renewals).toBe(1);
});

test.each([
  ['no new token', null],
  ['a failed renewal', new Error('offline')],
])('a 401 with %s keeps the first answer', async (_, renewed) => {
  const { calls } = fakeApi({
    'GET /myitem': () => ({ status: 401, body: { error: { code: 'unauthorized', message: 'Sign in again' } } }),
  });
  const api = createApiClient({ baseUrl: '/api', tokens: tokens('old', renewed) });
  const error = await failure(api.request('/myitem', { auth: true }));
  expect([error.status, error.code, error.message]).toEqual([401, 'unauthorized', 'Sign in again']);
  expect(calls).toHaveLength(1);
});

test('an unsigned request is not renewed on 401, and no token is sent', async () => {
  const { calls } = fakeApi({
    'GET /me': () => ({ status: 401, body: { error: { code: 'unauthorized', message: 'No' } } }),
  });
  const source = tokens('tok', 'new');
  await failure(createApiClient({ baseUrl: '/api', tokens: source }).request('/me'));
  expect(calls[0]?.headers.Authorization).toBeUndefined();
  expect(source.renewals).toBe(0);
});

test('an error body gives its code, message and fields; any other body a plain message', async () => {
  fakeApi({
    'POST /items': () => ({
      status: 400,
      body: { error: { code: 'validation_failed', message: 'Check the form', fields: { name: 'Required' } } },
    }),
    'GET /items': () => ({ status: 502, body: '<html>Bad gateway</html>' }),
    'DELETE /items/1': () => ({ status: 404, body: { error: { code: 'not_found', message: 'Gone' } } }),
  });
  const api = createApiClient({ baseUrl: '/api' });
  const invalid = await failure(api.request('/items', { method: 'POST', body: {} }));
  expect([invalid.status, invalid.code, invalid.message, invalid.fields]).toEqual([
    400,
    'validation_failed',
    'Check the form',
    { name: 'Required' },
  ]);
  const gone = await failure(api.request('/items/1', { method: 'DELETE' }));
  expect(gone.fields).toEqual({});
  const proxy = await failure(api.request('/items'));
  expect([proxy.status, proxy.code, proxy.message]).toEqual([
    502,
    'internal',
    'The server answered 502. Please try again.',
  ]);
  expect(proxy.name).toBe('ApiError');
});

test('an unreachable server is a network error; an abort stays an abort', async () => {
  globalThis.fetch = jest.fn(() => Promise.reject(new TypeError('Failed to fetch')));
  const api = createApiClient({ baseUrl: '/api' });
  const offline = await failure(api.request('/items'));
  expect([offline.status, offline.code, offline.message]).toEqual([
    0,
    'network',
    'Cannot reach the server. Check your connection and try again.',
  ]);
  const abort = new DOMException('The operation was aborted.', 'AbortError');
  globalThis.fetch = jest.fn(() => Promise.reject(abort));
  await expect(api.request('/items')).rejects.toBe(abort);
});

describe('an upload (a file as the body)', () => {
  const file = () => new File(['id,name\r\nA,B\r\n'], 'items.csv', { type: 'application/vnd.ms-excel' });

  test('sends the file itself as the given type, reports its progress, renews a 401, and reads the answer', async () => {
    const { calls, fetchMock } = fakeApi({
      'POST /imports': ({ headers }) =>
        headers.Authorization === 'Bearer new'
          ? { body: { rows: 1 }, headers: { 'X-Request-Id': 'r-1' } }
          : { status: 401, body: { error: { code: 'unauthorized', message: 'Expired' } } },
    });
    const source = tokens('old', 'new');
    const api = createApiClient({ baseUrl: '/api', tokens: source });
    const progress: [number, number][] = [];
    const sent = file();
    const answer = await api.requestWithHeaders('/imports', {
      method: 'POST',
      auth: true,
      upload: { file: sent, type: 'text/csv', onProgress: (done, total) => progress.push([done, total]) },
    });
    expect(answer.data).toEqual({ rows: 1 });
    expect(answer.headers.get('X-Request-Id')).toBe('r-1');
    // Through XMLHttpRequest (fetch cannot report an upload's progress), both tries.
    expect(fetchMock).not.toHaveBeenCalled();
    expect(progress).toEqual([
      [sent.size / 2, sent.size],
      [sent.size, sent.size],
      [sent.size / 2, sent.size],
      [sent.size, sent.size],
    ]);
    const key = calls[0]!.headers['Idempotency-Key'];
    expect(key).toMatch(/^[0-9a-f]{32}$/);
    expect(calls.map((call) => [call.body, call.headers])).toEqual([
      [
        sent,
        { Accept: 'application/json', 'Content-Type': 'text/csv', Authorization: 'Bearer old', 'Idempotency-Key': key },
      ],
      [
        sent,
        { Accept: 'application/json', 'Content-Type': 'text/csv', Authorization: 'Bearer new', 'Idempotency-Key': key },
      ],
    ]);
  });

  test('without a progress listener it goes through fetch', async () => {
    const { calls, fetchMock } = fakeApi({ 'POST /imports': () => ({ body: { rows: 1 } }) });
    const sent = file();
    await createApiClient({ baseUrl: '/api' }).request('/imports', {
      method: 'POST',
      upload: { file: sent, type: 'text/csv' },
    });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(calls[0]!.body).toBe(sent);
  });

  test('an import_invalid answer gives its rows; a dropped connection is a network error; an abort stays an abort', async () => {
    const rows = [{ row: 3, column: 'price', message: 'Price must be a number' }];
    fakeApi({
      'POST /imports': () => ({
        status: 400,
        body: { error: { code: 'import_invalid', message: 'The file has 1 problem.', rows, requestId: 'r' } },
      }),
    });
    const api = createApiClient({ baseUrl: '/api' });
    const upload = { file: file(), type: 'text/csv', onProgress: () => undefined };
    const invalid = await failure(api.request('/imports', { method: 'POST', upload }));
    expect([invalid.status, invalid.code, invalid.message, invalid.rows]).toEqual([
      400,
      'import_invalid',
      'The file has 1 problem.',
      rows,
    ]);

    // No route answers: the fake network drops the connection.
    refuseAllRequests();
    const dropped = await failure(api.request('/imports', { method: 'POST', upload }));
    expect([dropped.status, dropped.code]).toEqual([0, 'network']);
    unexpectedRequests.length = 0;

    const controller = new AbortController();
    controller.abort();
    await expect(api.request('/imports', { method: 'POST', upload, signal: controller.signal })).rejects.toMatchObject({
      name: 'AbortError',
    });
  });
});

test('errorMessage reads an error, or says something went wrong', () => {
  expect(errorMessage(new Error('Out of stock'))).toBe('Out of stock');
  expect(errorMessage(new Error(''))).toBe('Something went wrong. Please try again.');
  expect(errorMessage('boom')).toBe('Something went wrong. Please try again.');
});

test('pages: at least one, and a page cut from a whole list', () => {
  expect(pageCount(0, 12)).toBe(1);
  expect(pageCount(12, 12)).toBe(1);
  expect(pageCount(13, 12)).toBe(2);
  const all = [1, 2, 3, 4, 5];
  expect(slicePage(all, 1, 2)).toEqual({ items: [1, 2], total: 5 });
  expect(slicePage(all, 3, 2)).toEqual({ items: [5], total: 5 });
});
