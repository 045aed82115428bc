import type { ErrorCode } from '@smart-zone/types/errors';
import { ApiError } from '../lib/api-client';
import { createQueryClient } from '../lib/query-client';
import { toast } from '../lib/toast';

// What the one error handler asks to show; the toasts themselves are drawn in the page tests.
jest.mock('../lib/toast', () => ({ toast: { error: jest.fn(), success: jest.fn(), info: jest.fn() } }));

const conflict = new ApiError(409, 'out_of_stock', 'Not enough stock');
const serverDown = new ApiError(503, 'internal', 'Try later');

function client({ retry = false } = {}) {
  const signOut = jest.fn(() => Promise.resolve());
  return { signOut, queries: createQueryClient({ signOut, retry }) };
}

const runMutation = (
  queries: ReturnType<typeof createQueryClient>,
  error: Error,
  meta?: { errorsShownInline?: ErrorCode[]; signOutOnError?: boolean },
) =>
  queries
    .getMutationCache()
    .build(queries, { mutationFn: () => Promise.reject(error), meta })
    .execute(undefined)
    .catch(() => undefined);

beforeEach(() => jest.mocked(toast.error).mockClear());

test('a failed change toasts its message', async () => {
  const { queries, signOut } = client();
  await runMutation(queries, conflict);
  expect(toast.error).toHaveBeenCalledWith('Not enough stock');
  expect(signOut).not.toHaveBeenCalled();
});

test('a failed change whose form shows the error itself does not toast; other codes still do', async () => {
  const { queries } = client();
  await runMutation(queries, conflict, { errorsShownInline: ['out_of_stock'] });
  expect(toast.error).not.toHaveBeenCalled();
  await runMutation(queries, serverDown, { errorsShownInline: ['out_of_stock'] });
  expect(toast.error).toHaveBeenCalledWith('Try later');
  await runMutation(queries, new Error('not from the API'), { errorsShownInline: ['out_of_stock'] });
  expect(toast.error).toHaveBeenCalledWith('not from the API');
});

test('a failure that signs out says so and signs out, for changes and reads alike', async () => {
  const { queries, signOut } = client();
  signOut.mockReturnValueOnce(Promise.reject(new Error('offline')));
  await runMutation(queries, conflict, { signOutOnError: true });
  expect(toast.error).toHaveBeenCalledWith('Not enough stock Please sign in again.');
  expect(signOut).toHaveBeenCalledTimes(1);

  await queries
    .fetchQuery({ queryKey: ['mine'], queryFn: () => Promise.reject(serverDown), meta: { signOutOnError: true } })
    .catch(() => undefined);
  expect(toast.error).toHaveBeenLastCalledWith('Try later Please sign in again.');
  expect(signOut).toHaveBeenCalledTimes(2);
});

test('a read that fails toasts only when it refreshed something already shown', async () => {
  const { queries } = client();
  await queries.fetchQuery({ queryKey: ['list'], queryFn: () => Promise.reject(serverDown) }).catch(() => undefined);
  expect(toast.error).not.toHaveBeenCalled();

  queries.setQueryData(['item'], { name: 'Bolt' });
  await queries
    .fetchQuery({ queryKey: ['item'], queryFn: () => Promise.reject(serverDown), staleTime: 0 })
    .catch(() => undefined);
  expect(toast.error).toHaveBeenCalledWith('Try later');
});

test('reads are fresh for 10 s; a 4xx is not asked again, anything else twice', () => {
  const { queries } = client({ retry: true });
  const { staleTime, retry } = queries.getDefaultOptions().queries ?? {};
  expect(staleTime).toBe(10_000);
  if (typeof retry !== 'function') throw new Error('expected a retry function');
  expect(retry(0, conflict)).toBe(false);
  expect(retry(0, new ApiError(400, 'validation_failed', 'Bad'))).toBe(false);
  expect(retry(0, new ApiError(499, 'validation_failed', 'Odd'))).toBe(false);
  expect(retry(0, new ApiError(500, 'internal', 'Oops'))).toBe(true);
  expect(retry(1, serverDown)).toBe(true);
  expect(retry(2, serverDown)).toBe(false);
  expect(retry(0, new ApiError(0, 'network', 'Offline'))).toBe(true);
  expect(client({ retry: false }).queries.getDefaultOptions().queries?.retry).toBe(false);
});
