import { liveEventsOf } from '../src/app';
import sharp from 'sharp';
import request from 'supertest';
import { makeTestApp, type TestApp } from './helpers/test-app';

/**
 * What a visitor can read names nobody: staff make, change, restock, deliver
 * and delete items and give one a photo (whose EXIF names one of them) through the API, then every public operation of the
 * OpenAPI document is walked without a token, and every answer (bodies,
 * headers, 304s) is searched for an email or a uid.
 */
let t: TestApp;
const STAFF = ['ann@shop.com', 'bob@shop.com'];
const uids = STAFF.map((email) => `uid-${email}`);
const EMAIL_SHAPED = /[\w.+-]+@[\w-]+(\.[\w-]+)+/;
let itemId: string;
/** The photo's three sizes, under /api. */
let photoUrls: string[] = [];

beforeAll(async () => {
  t = await makeTestApp();
  const [ann, bob] = await Promise.all(STAFF.map((email) => t.tokenFor(email)));
  const auth = (token: string | undefined) => ({ Authorization: `Bearer ${token}` });
  const created = await request(t.app)
    .post('/api/inventory')
    .set(auth(ann))
    .send({
      name: 'Widget',
      supplier: 'Acme',
      price: 5,
      quantity: 10,
      description: 'A widget.',
      img: '',
      barcodes: ['4006381333931'],
    });
  itemId = (created.body as { insertedId: string }).insertedId;
  await request(t.app).put(`/api/inventory/${itemId}`).set(auth(bob)).send({
    name: 'Widget 2',
    supplier: 'Acme',
    price: 6,
    quantity: 12,
    description: 'A widget.',
    img: '',
  });
  await request(t.app).post(`/api/inventory/${itemId}/stock`).set(auth(bob)).send({ delta: 3, note: 'for ann' });
  await request(t.app).post('/api/myitem').set(auth(ann)).send({
    email: 'ann@shop.com',
    name: 'Carol',
    inventoriesId: itemId,
    address: '1 Road',
    phone: '123',
    quantity: 1,
  });
  // A photo whose EXIF names ann (artist, description, GPS position): none of it may reach a visitor.
  const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#468' } })
    .jpeg()
    .withExif({
      IFD0: { Artist: 'ann@shop.com', ImageDescription: 'uid-ann@shop.com at home' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1' },
    })
    .toBuffer();
  expect(personal(photo.toString('latin1'))).not.toBeNull();
  const sizes = await request(t.app)
    .put(`/api/inventory/${itemId}/photo`)
    .set(auth(ann))
    .set('Content-Type', 'image/jpeg')
    .send(photo);
  const { thumb, card, full } = sizes.body as Record<'thumb' | 'card' | 'full', string>;
  photoUrls = [thumb, card, full].map((url) => url.slice('/api'.length));
  const gone = await request(t.app)
    .post('/api/inventory')
    .set(auth(ann))
    .send({ name: 'Gone', supplier: 'Acme', price: 1, quantity: 1, description: '', img: '' });
  await request(t.app)
    .delete(`/api/inventory/${(gone.body as { insertedId: string }).insertedId}`)
    .set(auth(bob));
});
afterAll(() => t.close());

function personal(text: string): string | null {
  const email = EMAIL_SHAPED.exec(text);
  if (email) return email[0];
  return uids.find((uid) => text.includes(uid)) ?? null;
}

function expectNobody(label: string, res: request.Response) {
  const seen = personal(`${JSON.stringify(res.headers)}\n${res.text ?? ''}`);
  expect({ label, status: res.status, personal: seen }).toEqual({ label, status: res.status, personal: null });
}

it('staff really did write (the walk reads a catalogue they changed)', async () => {
  const res = await request(t.app).get(`/api/inventory/${itemId}`);
  // Created, edited, restocked, delivered from, given a photo.
  expect(res.body).toMatchObject({ name: 'Widget 2', quantity: 14, version: 5 });
});

it('every public GET of the OpenAPI document, its 304 and its 404, answers without an email or a uid', async () => {
  const doc = (await request(t.app).get('/api/openapi.json')).body as {
    paths: Record<string, Record<string, { security?: unknown[] }>>;
  };
  expectNobody('openapi.json', await request(t.app).get('/api/openapi.json'));
  const publicGets = Object.entries(doc.paths)
    .filter(([, ops]) => ops.get && (ops.get.security === undefined || ops.get.security.length === 0))
    .map(([path]) => path);
  expect(publicGets.sort()).toEqual([
    '/config',
    '/events',
    '/health',
    '/imports/template.csv',
    '/inventory',
    '/inventory.csv',
    '/inventory/{id}',
    '/openapi.json',
    '/photos/{name}',
  ]);

  // The live stream never ends by itself: it is read while staff write, then ended (as at shutdown).
  const other = await t.addItem({ name: 'Streamed' });
  // then(): supertest sends only once awaited.
  const streaming = request(t.app)
    .get('/api/events')
    .then((res) => res);
  const live = liveEventsOf(t.app);
  for (let turn = 0; live.size === 0 && turn < 200; turn += 1) await new Promise((resolve) => setTimeout(resolve, 10));
  const staff = await t.tokenFor('ann@shop.com');
  await request(t.app)
    .post(`/api/inventory/${other}/stock`)
    .set('Authorization', `Bearer ${staff}`)
    .send({ delta: 1, note: 'ann@shop.com counted' })
    .expect(200);
  await new Promise((resolve) => setTimeout(resolve, 50));
  live.close();
  const events = await streaming;
  expect(events.text).toContain('event: item');
  expectNobody('/events', events);

  const urls = publicGets
    .filter((path) => path !== '/events')
    .flatMap((path) =>
      path === '/inventory'
        ? ['/inventory', '/inventory?limit=6', '/inventory?q=wid&sort=-price', '/inventory?q=w&limit=1']
        : path === '/inventory/{id}'
          ? [`/inventory/${itemId}`, '/inventory/aaaaaaaaaaaaaaaaaaaaaaaa']
          : path === '/inventory.csv'
            ? ['/inventory.csv', '/inventory.csv?q=wid&sort=-price&bom=1']
            : path === '/photos/{name}'
              ? [...photoUrls, `/photos/${'0'.repeat(32)}-card.webp`]
              : [path],
    );
  for (const url of urls) {
    for (const encoding of ['identity', 'gzip']) {
      const res = await request(t.app).get(`/api${url}`).set('Accept-Encoding', encoding).buffer(true);
      expect(res.status).toBeLessThan(500);
      expectNobody(`${url} (${encoding})`, res);
      // A photo's bytes too: its camera's EXIF named ann (her email as its artist, her uid as its description).
      if (Buffer.isBuffer(res.body)) expect([url, personal(res.body.toString('latin1'))]).toEqual([url, null]);
      const etag = res.headers.etag;
      if (etag && res.status === 200) {
        const again = await request(t.app).get(`/api${url}`).set('If-None-Match', etag);
        expect(again.status).toBe(304);
        expectNobody(`${url} 304`, again);
      }
    }
  }
});

it('the walk would see a name: staff still read who did what in the history', async () => {
  const token = await t.tokenFor('ann@shop.com');
  const res = await request(t.app).get(`/api/inventory/${itemId}/history`).set('Authorization', `Bearer ${token}`);
  expect(res.status).toBe(200);
  expect(personal(res.text)).not.toBeNull();
  expect((res.body as { actor: { email: string } }[]).map((m) => m.actor.email)).toEqual([
    'ann@shop.com',
    'bob@shop.com',
    'bob@shop.com',
    'ann@shop.com',
  ]);
});
