/**
 * Every refusal says what went wrong in words a person can act on: the web app
 * shows `error.message` as its toast, so each message below is what a user
 * reads. One call per refusal, with its exact status, code and message.
 */
import request, { type Response } from 'supertest';
import { createApp } from '../src/app';
import { expectedVersion } from '../src/http/preconditions';
import { QUANTITY_MAX } from '@smart-zone/types/item';
import { recordAnswers } from './helpers/conformance';
import { makeTestApp, sampleItem, testConfig, type TestApp, UNKNOWN_ID } from './helpers/test-app';
import { openTestStore } from './helpers/test-store';
import { errorOf } from './support/bodies';

let t: TestApp;
beforeEach(async () => {
  t = await makeTestApp();
});
afterEach(() => t.close());

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
/** What a person is told: the status and the error of an answer. */
const told = (res: Response) => [res.status, errorOf(res)];
const unauthorized = (message: string) => [401, { code: 'unauthorized', message }];
const delivery = (inventoriesId: string, email: string) => ({
  name: 'Pixel 9',
  email,
  inventoriesId,
  address: '1 Main St',
  phone: '555-0100',
  quantity: 1,
});

describe('signing in', () => {
  it('without an ID token, with one Firebase refuses, and for an account without an email', async () => {
    expect(told(await request(t.app).post('/api/login'))).toEqual(
      unauthorized('Sign in with Firebase and send its ID token as a Bearer token'),
    );
    expect(told(await request(t.app).post('/api/login').set(auth('not-a-firebase-token')))).toEqual(
      unauthorized('Your sign-in could not be verified. Please sign in again.'),
    );

    const store = await openTestStore();
    try {
      const app = recordAnswers(
        createApp({
          store,
          verifier: {
            verify: () =>
              Promise.resolve({ uid: 'u1', email: undefined, emailVerified: false, signInProvider: 'phone' }),
          },
          config: testConfig,
        }),
      );
      expect(told(await request(app).post('/api/login').set(auth('phone-only')))).toEqual(
        unauthorized('Your account has no email address'),
      );
    } finally {
      await store.close();
    }
  });

  it('a protected call without a token, or with one that is not ours', async () => {
    expect(told(await request(t.app).get('/api/myitem'))).toEqual(unauthorized('Sign in to do this'));
    expect(told(await request(t.app).get('/api/myitem').set(auth('forged.token.here')))).toEqual(
      unauthorized('Your session has expired or is invalid. Please sign in again.'),
    );
  });
});

describe('My Item', () => {
  it("another user's list, a delivery under another email, a deleted item, someone else's delivery", async () => {
    const itemId = await t.addItem();
    const ann = await t.tokenFor('ann@shop.com');
    const bob = await t.tokenFor('bob@shop.com');

    const list = await request(t.app).get('/api/myitem?email=bob@shop.com').set(auth(ann));
    expect([list.status, errorOf(list)]).toEqual([
      403,
      { code: 'forbidden', message: 'You can only see your own deliveries' },
    ]);
    const asBob = await request(t.app).post('/api/myitem').set(auth(ann)).send(delivery(itemId, 'bob@shop.com'));
    expect([asBob.status, errorOf(asBob)]).toEqual([
      403,
      { code: 'forbidden', message: 'You can only record deliveries under your own email' },
    ]);
    const gone = await request(t.app).post('/api/myitem').set(auth(ann)).send(delivery(UNKNOWN_ID, 'ann@shop.com'));
    expect([gone.status, errorOf(gone)]).toEqual([
      404,
      { code: 'not_found', message: 'No item with that id. It may have been deleted.' },
    ]);

    const made = await request(t.app).post('/api/myitem').set(auth(ann)).send(delivery(itemId, 'ann@shop.com'));
    expect(made.status).toBe(201);
    const { insertedId } = made.body as { insertedId: string };
    // Bob as a clerk (a manager may cancel anyone's).
    await t.store.team.add({ email: 'bob@shop.com', role: 'clerk' }, { uid: 'system', email: 'system' });
    const notBobs = await request(t.app).delete(`/api/myitem/${insertedId}?reason=mine`).set(auth(bob));
    expect([notBobs.status, errorOf(notBobs)]).toEqual([
      404,
      { code: 'not_found', message: 'No delivery of yours with that id' },
    ]);
    const noReason = await request(t.app).delete(`/api/myitem/${insertedId}`).set(auth(bob));
    expect(told(noReason)).toEqual([
      400,
      {
        code: 'validation_failed',
        message: 'Say why you are cancelling this delivery',
        fields: { reason: 'A clerk must give a reason to cancel a delivery' },
      },
    ]);
  });
});

describe('stock and versions', () => {
  it('too little stock to remove, too much to add, and a change on top of someone else’s', async () => {
    const ann = await t.tokenFor('ann@shop.com');
    const id = await t.addItem({ quantity: 10 });
    const stock = (delta: number) => request(t.app).post(`/api/inventory/${id}/stock`).set(auth(ann)).send({ delta });

    const under = await stock(-11);
    expect([under.status, errorOf(under)]).toEqual([
      409,
      { code: 'out_of_stock', message: 'Only 10 in stock: cannot remove 11' },
    ]);
    const over = await stock(QUANTITY_MAX);
    expect([over.status, errorOf(over)]).toEqual([
      409,
      {
        code: 'out_of_stock',
        message: `10 in stock: adding ${QUANTITY_MAX} would go over the limit of ${QUANTITY_MAX}`,
      },
    ]);

    const loaded = await request(t.app).get(`/api/inventory/${id}`);
    expect((await stock(1)).status).toBe(200);
    const stale = await request(t.app)
      .put(`/api/inventory/${id}`)
      .set(auth(ann))
      .set('If-Match', loaded.headers.etag as string)
      .send(sampleItem);
    expect([stale.status, errorOf(stale)]).toEqual([
      412,
      {
        code: 'precondition_failed',
        message: 'This item was changed by someone else since you loaded it. Load it again and redo your change.',
      },
    ]);
  });
});

describe('ids and bodies', () => {
  it('every call with an id names the kind of id it wanted', async () => {
    const ann = await t.tokenFor('ann@shop.com');
    const item = 'Invalid item id: it must be 24 hexadecimal characters';
    const calls = [
      ['GET item', request(t.app).get('/api/inventory/nope'), item],
      ['GET history', request(t.app).get('/api/inventory/nope/history').set(auth(ann)), item],
      ['PUT item', request(t.app).put('/api/inventory/nope').set(auth(ann)).send(sampleItem), item],
      ['POST stock', request(t.app).post('/api/inventory/nope/stock').set(auth(ann)).send({ delta: 1 }), item],
      ['DELETE item', request(t.app).delete('/api/inventory/nope').set(auth(ann)), item],
      [
        'DELETE delivery',
        request(t.app).delete('/api/myitem/nope').set(auth(ann)),
        'Invalid delivery id: it must be 24 hexadecimal characters',
      ],
    ] as const;
    for (const [label, call, message] of calls) {
      const res = await call;
      expect([label, res.status, errorOf(res)]).toEqual([label, 400, { code: 'bad_request', message }]);
    }
  });

  it('a body that is not a JSON object (an array, a form, none) is refused before any field is read', async () => {
    const ann = await t.tokenFor('ann@shop.com');
    const expected = {
      code: 'bad_request',
      message: 'Request body must be a JSON object (Content-Type: application/json)',
    };
    const bodies: [string, string | undefined][] = [
      ['[1, 2]', 'application/json'],
      ['name=Pixel', 'application/x-www-form-urlencoded'],
      ['', undefined],
    ];
    for (const [body, type] of bodies) {
      const call = request(t.app).post('/api/inventory').set(auth(ann));
      const res = await (type ? call.set('Content-Type', type).send(body) : call);
      expect([body, res.status, errorOf(res)]).toEqual([body, 400, expected]);
    }
    expect((await request(t.app).get('/api/inventory?limit=1')).headers['x-total-count']).toBe('0');
  });
});

describe('If-Match', () => {
  it('reads the version of an ETag, with spaces around it, and `*` as no condition', () => {
    expect(expectedVersion(undefined)).toBeUndefined();
    expect(expectedVersion('*')).toBeUndefined();
    expect(expectedVersion(' * ')).toBeUndefined();
    expect(expectedVersion('"3"')).toBe(3);
    expect(expectedVersion(' \t"42"  ')).toBe(42);
    expect(expectedVersion('"123456789012345"')).toBe(123456789012345);
  });

  it('refuses anything else with 412 and how to do it right', () => {
    for (const header of ['', '3', '"3"x', '"3" x', 'W/"3"', '"3", "4"', '"1234567890123456"', '"-1"', '"3']) {
      let thrown: unknown;
      try {
        expectedVersion(header);
      } catch (error) {
        thrown = error;
      }
      expect([header, thrown]).toEqual([
        header,
        expect.objectContaining({
          status: 412,
          code: 'precondition_failed',
          message: 'If-Match must be the ETag of GET /inventory/:id, e.g. "3"',
        }),
      ]);
    }
  });

  it('`If-Match: *` on a PUT writes as if there were none', async () => {
    const ann = await t.tokenFor('ann@shop.com');
    const id = await t.addItem();
    const res = await request(t.app)
      .put(`/api/inventory/${id}`)
      .set(auth(ann))
      .set('If-Match', '*')
      .send({ ...sampleItem, name: 'Pixel 9 Pro' });
    expect(res.status).toBe(200);
    expect((await request(t.app).get(`/api/inventory/${id}`)).body).toMatchObject({ name: 'Pixel 9 Pro' });
  });
});
