import { createApiClient } from '../lib/api-client';
import { createLazyGateway } from '../lib/auth/lazy-gateway';
import { createFirebaseGateway } from '../lib/auth/firebase-gateway';
import { clientConfigSource } from '../lib/client-config';
import { formatMoney, setCurrency } from '../lib/money';
import { fakeApi } from '../../test/fake-api';
import { FakeGateway } from '../../test/fake-gateway';

jest.mock('../lib/auth/firebase-gateway', () => ({ createFirebaseGateway: jest.fn() }));

const CONFIG = {
  firebase: { apiKey: 'key', authDomain: 'localhost', projectId: 'demo-smart-zone' },
  authEmulatorUrl: null,
  currency: 'EUR',
};

afterEach(() => setCurrency('USD'));

test("GET /api/config is asked once, and every price takes the shop's currency from it", async () => {
  const { calls } = fakeApi({ 'GET /config': () => ({ body: CONFIG }) });
  jest.mocked(createFirebaseGateway).mockReturnValue(new FakeGateway(null));
  const api = createApiClient({ baseUrl: '/api' });
  const config = clientConfigSource(api);
  expect(formatMoney(14.5)).toBe('$14.50');

  await expect(config()).resolves.toEqual(CONFIG);
  expect(formatMoney(14.5)).toBe('€14.50');
  // The auth SDK, loading later, takes the same answer.
  await createLazyGateway(api, config).ready?.();
  expect(createFirebaseGateway).toHaveBeenCalledWith(CONFIG);
  expect(calls).toHaveLength(1);
});

test('a failed ask is made again by the next caller; the currency stays meanwhile', async () => {
  let up = false;
  const { calls } = fakeApi({
    'GET /config': () =>
      up ? { body: CONFIG } : { status: 503, body: { error: { code: 'internal', message: 'Down' } } },
  });
  const config = clientConfigSource(createApiClient({ baseUrl: '/api' }));
  await expect(config()).rejects.toThrow('Down');
  expect(formatMoney(1)).toBe('$1.00');
  up = true;
  await expect(config()).resolves.toEqual(CONFIG);
  expect(formatMoney(1)).toBe('€1.00');
  expect(calls).toHaveLength(2);
});
