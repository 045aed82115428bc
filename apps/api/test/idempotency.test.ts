import { createHash } from 'node:crypto';
import request from 'supertest';
import { IDEMPOTENCY_TTL_MS } from '@smart-zone/types/idempotency';
import { makeTestApp, type TestApp } from './helpers/test-app';
import { errorOf, insertedOf, itemOf } from './support/bodies';

/**
 * Issue 37: every write under /api takes an Idempotency-Key. Run on this jest project's store (SQLite here, MongoDB
 * wherever a server is reachable): a replay answers the first answer and has no second effect.
 */
let t: TestApp;
let token: string;
beforeEach(async () => {
  t = await makeTestApp();
  token = await t.tokenFor('clerk@x.com');
});
afterEach(() => t.close());

const auth = (bearer = token) => ({ Authorization: `Bearer ${bearer}` });
const KEY = 'Idempotency-Key';

const quantityOf = async (id: string) => itemOf(await request(t.app).get(`/api/inventory/${id}`)).quantity;
const movementsOf = async (id: string) =>
  (await request(t.app).get(`/api/inventory/${id}/history`).set(auth())).body as { reason: string }[];
const restock = (id: string, delta: number, key?: string, bearer = token) => {
  const asked = request(t.app).post(`/api/inventory/${id}/stock`).set(auth(bearer));
  return (key ? asked.set(KEY, key) : asked).send({ delta });
};
const deliver = (id: string, key: string, quantity = 1) =>
  request(t.app).post('/api/myitem').set(auth()).set(KEY, key).send({
    name: 'Rahim Uddin',
    email: 'clerk@x.com',
    inventory: 'Pixel 9',
    inventoriesId: id,
    address: '12 Dock Road',
    phone: '+880 1711 000000',
    quantity,
  });

describe('Idempotency-Key on writes', () => {
  it('a replayed restock answers the first answer, marked replayed, and moves the stock once', async () => {
    const id = await t.addItem({ quantity: 5 });
    const first = await restock(id, 3, 'restock-1');
    expect(first.status).toBe(200);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const again = await restock(id, 3, 'restock-1');
    expect(again.status).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(await quantityOf(id)).toBe(8);
    expect((await movementsOf(id)).filter((movement) => movement.reason === 'restock')).toHaveLength(1);
  });

  it('a replayed delivery records one delivery; a replayed cancel cancels once and answers as the first did', async () => {
    const id = await t.addItem({ quantity: 5 });
    const first = await deliver(id, 'delivery-1', 2);
    const again = await deliver(id, 'delivery-1', 2);
    expect([first.status, again.status, again.headers['idempotent-replayed']]).toEqual([201, 201, 'true']);
    expect(insertedOf(again).insertedId).toBe(insertedOf(first).insertedId);
    expect(await quantityOf(id)).toBe(3);
    const mine = await request(t.app).get('/api/myitem').set(auth());
    expect(mine.body).toHaveLength(1);

    const cancel = () =>
      request(t.app)
        .delete(`/api/myitem/${insertedOf(first).insertedId}?reason=Wrong`)
        .set(auth())
        .set(KEY, 'cancel-1');
    const cancelled = await cancel();
    const cancelledAgain = await cancel();
    expect([cancelled.status, cancelledAgain.status, cancelledAgain.headers['idempotent-replayed']]).toEqual([
      200,
      200,
      'true',
    ]);
    expect(cancelledAgain.body).toEqual(cancelled.body);
    expect(await quantityOf(id)).toBe(5);
    // Without the key, the same cancel is a second request: the delivery is cancelled already.
    const plain = await request(t.app)
      .delete(`/api/myitem/${insertedOf(first).insertedId}?reason=Wrong`)
      .set(auth());
    expect(plain.status).toBe(404);
  });

  it('a replayed import adds its items once; a replayed undo undoes once', async () => {
    const csv = 'name,supplier,price,quantity\r\nHDMI Cable,Anker,5,2\r\nCharger,Anker,5,9\r\n';
    const send = () =>
      request(t.app).post('/api/imports').set(auth()).set(KEY, 'import-1').set('Content-Type', 'text/csv').send(csv);
    const first = await send();
    const again = await send();
    expect([first.status, again.status, again.headers['idempotent-replayed']]).toEqual([200, 200, 'true']);
    expect(again.body).toEqual(first.body);
    const listed = await request(t.app).get('/api/inventory?q=Anker&limit=50');
    expect(Number(listed.headers['x-total-count'])).toBe(2);

    const id = await t.addItem({ quantity: 5 });
    const moved = await restock(id, 4);
    const movementId = (moved.body as { movementId: string }).movementId;
    const undo = () => request(t.app).post(`/api/movements/${movementId}/undo`).set(auth()).set(KEY, 'undo-1');
    const undone = await undo();
    const undoneAgain = await undo();
    expect([undone.status, undoneAgain.status, undoneAgain.headers['idempotent-replayed']]).toEqual([200, 200, 'true']);
    expect(await quantityOf(id)).toBe(5);
  });

  it('the same key with a different request is a 422 and changes nothing', async () => {
    const id = await t.addItem({ quantity: 5 });
    await restock(id, 3, 'key-2').expect(200);
    const other = await restock(id, 4, 'key-2');
    expect(other.status).toBe(422);
    expect(errorOf(other).code).toBe('idempotency_mismatch');
    const elsewhere = await request(t.app)
      .post(`/api/inventory/${await t.addItem()}/stock`)
      .set(auth())
      .set(KEY, 'key-2')
      .send({ delta: 3 });
    expect(elsewhere.status).toBe(422);
    expect(await quantityOf(id)).toBe(8);
  });

  it('twenty requests at once with one key: one effect, every answer the same', async () => {
    const id = await t.addItem({ quantity: 5 });
    const answers = await Promise.all(Array.from({ length: 20 }, () => restock(id, 2, 'burst-1')));
    expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(200));
    expect(new Set(answers.map((answer) => JSON.stringify(answer.body))).size).toBe(1);
    expect(answers.filter((answer) => answer.headers['idempotent-replayed'] === 'true')).toHaveLength(19);
    expect(await quantityOf(id)).toBe(7);
  });

  it('two users with the same key never meet: each has its own effect', async () => {
    const id = await t.addItem({ quantity: 5 });
    const other = await t.tokenFor('other@x.com');
    const mine = await restock(id, 1, 'shared-key');
    const theirs = await restock(id, 1, 'shared-key', other);
    expect([mine.status, theirs.status, theirs.headers['idempotent-replayed']]).toEqual([200, 200, undefined]);
    expect(await quantityOf(id)).toBe(7);
  });

  it('a key is kept 24 hours: after that the same key is a new request', async () => {
    const id = await t.addItem({ quantity: 5 });
    const me = (await request(t.app).get('/api/me').set(auth())).body as { uid: string };
    // A day and a minute ago, this caller restocked with this key (the answer kept as the API keeps it).
    const dayAgo = new Date(Date.now() - IDEMPOTENCY_TTL_MS - 60_000);
    const claim = { scope: me.uid, key: 'old-key', fingerprint: 'then', attempt: 'then' };
    await t.store.idempotency.keep(
      claim,
      { status: 200, contentType: 'application/json', body: '{"old":true}' },
      dayAgo,
    );
    expect(await t.store.idempotency.find(me.uid, 'old-key', dayAgo)).toMatchObject({ fingerprint: 'then' });
    expect(await t.store.idempotency.find(me.uid, 'old-key')).toBeUndefined();
    const now = await restock(id, 2, 'old-key');
    expect([now.status, now.headers['idempotent-replayed']]).toEqual([200, undefined]);
    expect(await quantityOf(id)).toBe(7);
    expect(await restock(id, 2, 'old-key').then((res) => res.headers['idempotent-replayed'])).toBe('true');
  });

  it('a key another request holds without an answer (another instance still writing) is a 409, nothing done', async () => {
    const id = await t.addItem({ quantity: 5 });
    const me = (await request(t.app).get('/api/me').set(auth())).body as { uid: string };
    // What another instance's running restock of one leaves: its claim, written with its movement, no answer yet.
    const asked = createHash('sha256')
      .update(`POST /api/inventory/${id}/stock\n${JSON.stringify({ delta: 1 })}`)
      .digest('base64url');
    const claim = { scope: me.uid, key: 'running', fingerprint: asked, attempt: 'elsewhere' };
    await t.store.items.changeStock(id, { delta: 1 }, { uid: me.uid, email: 'clerk@x.com', claim });
    const refused = await restock(id, 1, 'running');
    expect(refused.status).toBe(409);
    expect(errorOf(refused).code).toBe('idempotency_in_flight');
    expect(await quantityOf(id)).toBe(6);
    // Its write, run again by a second attempt with the same key (the two instances raced): refused, nothing written.
    await expect(
      t.store.items.changeStock(
        id,
        { delta: 1 },
        { uid: me.uid, email: 'clerk@x.com', claim: { ...claim, attempt: 'second' } },
      ),
    ).rejects.toThrow('Idempotency-Key');
    expect(await quantityOf(id)).toBe(6);
    // The first attempt's next write (an import's next chunk) finds the claim its own.
    await t.store.items.changeStock(id, { delta: 1 }, { uid: me.uid, email: 'clerk@x.com', claim });
    expect(await quantityOf(id)).toBe(7);
  });

  it('refuses a malformed key (400) and ignores a key on a read', async () => {
    const id = await t.addItem({ quantity: 5 });
    for (const key of ['', 'x'.repeat(129), 'naïve']) {
      const res = await request(t.app).post(`/api/inventory/${id}/stock`).set(auth()).set(KEY, key).send({ delta: 1 });
      expect([key, res.status]).toEqual([key, 400]);
    }
    expect(await quantityOf(id)).toBe(5);
    const read = await request(t.app).get(`/api/inventory/${id}`).set(KEY, 'read-1');
    expect([read.status, read.headers['idempotent-replayed']]).toEqual([200, undefined]);
  });
});
