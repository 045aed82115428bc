import http from 'node:http';
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import request from 'supertest';
import { PHOTO_SIZES, photoHashOf, photoSizesOf, type PhotoSize } from '@smart-zone/types/photo';
import { CARD_BYTES_MAX } from '../src/photos/make-photos';
import { diskPhotos, type PhotoStore } from '../src/photos/photo-store';
import { s3Photos } from '../src/photos/s3-photos';
import type { ErrorBody } from '@smart-zone/types/errors';
import type { Item } from '@smart-zone/types/item';
import { makeTestApp, type TestApp } from './helpers/test-app';
import { startS3Server, type S3Server } from './support/s3-server';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const OWNER = 'owner@shop.com';
const CLERK = 'clerk@shop.com';
const SIZES = Object.keys(PHOTO_SIZES) as PhotoSize[];

/**
 * A phone's photo as a shop takes one: 4000 × 3000, a scene with shapes and text under a camera's grain, a JPEG
 * carrying EXIF with the camera's make and a GPS position (and, when asked, an orientation).
 */
async function phonePhoto({
  width = 4000,
  height = 3000,
  orientation,
}: { width?: number; height?: number; orientation?: number } = {}) {
  const scene = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
      '<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#8ab"/><stop offset="1" stop-color="#432"/></linearGradient></defs>' +
      `<rect width="100%" height="100%" fill="url(#g)"/><circle cx="${width / 2}" cy="${height / 2}" r="${height / 3}" fill="#c84"/>` +
      `<rect x="${width / 10}" y="${height / 10}" width="${width / 5}" height="${height / 2}" fill="#246"/>` +
      `<text x="${width / 3}" y="${height * 0.9}" font-size="${height / 10}" fill="#fff">BOLTS M8</text></svg>`,
  );
  const grain = await sharp({
    create: {
      width: width / 4,
      height: height / 4,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 20 },
    },
  })
    .resize(width, height)
    .png()
    .toBuffer();
  return sharp(scene)
    .composite([{ input: grain, blend: 'overlay' }])
    .jpeg({ quality: 90 })
    .withExif({
      IFD0: { Make: 'PhoneMaker', Model: 'Pocket 12', Artist: 'Ann Owner' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '51/1 30/1 2600/100',
        GPSLongitudeRef: 'W',
        GPSLongitude: '0/1 7/1 3900/100',
      },
    })
    .withMetadata(orientation ? { orientation } : {})
    .toBuffer();
}

/** A PNG whose header claims `width` × `height` pixels, with one row of data: a decompression bomb's shape. */
function pngClaiming(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(typed));
    return Buffer.concat([length, typed, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.alloc(width * 3 + 1))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A refusal's error. */
const errorOf = (res: request.Response) => (res.body as ErrorBody).error;

interface Photo {
  img: string;
  thumb: string;
  card: string;
  full: string;
  bytes: Record<PhotoSize, number>;
}

let jpeg: Buffer;
beforeAll(async () => {
  jpeg = await phonePhoto();
}, 60_000);

/** The photo store of each kind, and what is in it seen from outside the app (file names or object keys). */
const STORES: [string, () => Promise<{ photos: PhotoStore; kept: () => string[]; stop: () => Promise<void> }>][] = [
  [
    'the data folder',
    () => {
      const dir = mkdtempSync(path.join(tmpdir(), 'smart-zone-photo-test-'));
      return Promise.resolve({
        photos: diskPhotos(dir),
        kept: () => readdirSync(dir).filter((name) => !name.startsWith('.')),
        stop: () => Promise.resolve(rmSync(dir, { recursive: true, force: true })),
      });
    },
  ],
  [
    'an S3-compatible bucket (s3rver, another process)',
    async () => {
      const server: S3Server = await startS3Server();
      const bucket = path.join(server.dir, server.settings.bucket);
      return {
        photos: s3Photos(server.settings),
        // s3rver keeps each object as <key>._S3rver_object beside its metadata.
        kept: () =>
          readdirSync(bucket)
            .filter((name) => name.endsWith('._S3rver_object'))
            .map((name) => name.slice(0, -'._S3rver_object'.length)),
        stop: () => server.stop(),
      };
    },
  ],
];

describe.each(STORES)('photos kept in %s', (_kind, open) => {
  let t: TestApp;
  let store: Awaited<ReturnType<typeof open>>;
  let owner: string;
  let clerk: string;

  beforeAll(async () => {
    store = await open();
    t = await makeTestApp({ ownerEmails: [OWNER] }, undefined, store.photos);
    await t.store.team.ensureOwners([OWNER]);
    await t.store.team.add({ email: CLERK, role: 'clerk' }, { uid: 'system', email: 'system' });
    owner = await t.tokenFor(OWNER);
    clerk = await t.tokenFor(CLERK);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await store?.stop();
  });

  const imgOf = async (id: string) => ((await request(t.app).get(`/api/inventory/${id}`)).body as Item).img;
  const upload = (id: string, body: Buffer, type = 'image/jpeg', token = owner) =>
    request(t.app)
      .put(`/api/inventory/${id}/photo`)
      .set('Authorization', `Bearer ${token}`)
      .set('Content-Type', type)
      .send(body);

  it('a 4000 × 3000 JPEG with GPS EXIF: three WebP sizes served, none with any metadata, the card ≤ 15 KB; img is the card', async () => {
    const id = await t.addItem({ name: 'Bolts M8', img: '' });
    expect(jpeg.includes(Buffer.from('PhoneMaker'))).toBe(true);
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();

    const res = await upload(id, jpeg);
    expect(res.status).toBe(200);
    const photo = res.body as Photo;
    expect(photo.img).toBe(photo.card);
    expect(photoSizesOf(photo.img)).toEqual({ thumb: photo.thumb, card: photo.card, full: photo.full });

    const item = await request(t.app).get(`/api/inventory/${id}`);
    expect((item.body as Item).img).toBe(photo.card);

    for (const size of SIZES) {
      const served = await request(t.app)
        .get(photo[size])
        .buffer(true)
        .parse((r, done) => {
          const chunks: Buffer[] = [];
          r.on('data', (c: Buffer) => chunks.push(c)).on('end', () => done(null, Buffer.concat(chunks)));
        });
      expect([size, served.status]).toEqual([size, 200]);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const bytes = served.body as Buffer;
      expect(bytes.length).toBe(photo.bytes[size]);
      const meta = await sharp(bytes).metadata();
      expect([size, meta.format, Math.max(meta.width, meta.height)]).toEqual([size, 'webp', PHOTO_SIZES[size]]);
      // No EXIF, XMP, ICC or IPTC block, and none of the camera's or the place's words anywhere in the file.
      expect([size, meta.exif, meta.xmp, meta.icc, meta.iptc]).toEqual([
        size,
        undefined,
        undefined,
        undefined,
        undefined,
      ]);
      // (Words long enough that compressed pixels never spell them by chance.)
      for (const word of ['Exif', 'PhoneMaker', 'Pocket 12', 'Ann Owner']) {
        expect([size, word, bytes.includes(Buffer.from(word))]).toEqual([size, word, false]);
      }
      const again = await request(t.app).get(photo[size]).set('If-None-Match', served.headers.etag!);
      expect(again.status).toBe(304);
    }
    console.log(
      `4000 × 3000 JPEG of ${jpeg.length} B → thumb ${photo.bytes.thumb} B, card ${photo.bytes.card} B, full ${photo.bytes.full} B`,
    );
    expect(photo.bytes.card).toBeLessThanOrEqual(CARD_BYTES_MAX);
    expect(store.kept().sort()).toEqual(SIZES.map((size) => photo[size].split('/').pop()).sort());

    // The audit has the change of img, by the owner.
    const audit = await request(t.app).get(`/api/audit?itemId=${id}`).set('Authorization', `Bearer ${owner}`);
    const entry = (audit.body as { reason?: string }[]).find((e) => e.reason === 'Photo');
    expect(entry).toMatchObject({ action: 'item.update', actor: { email: OWNER }, changes: { img: ['', photo.card] } });
  }, 60_000);

  it('a photo taken sideways (EXIF orientation 6) is served upright', async () => {
    const id = await t.addItem({ img: '' });
    const res = await upload(id, await phonePhoto({ width: 800, height: 400, orientation: 6 }));
    expect(res.status).toBe(200);
    const full = await request(t.app)
      .get((res.body as Photo).full)
      .buffer(true);
    const meta = await sharp(full.body as Buffer).metadata();
    expect([meta.width, meta.height, meta.orientation]).toEqual([400, 800, undefined]);
  }, 30_000);

  it('a new photo replaces the old one, whose files go; DELETE removes the photo and its files', async () => {
    const id = await t.addItem({ img: '' });
    const first = (await upload(id, await sharp(jpeg).resize(640).toBuffer())).body as Photo;
    const second = (await upload(id, await sharp(jpeg).resize(700).png().toBuffer(), 'image/png')).body as Photo;
    expect(photoHashOf(second.img)).not.toBe(photoHashOf(first.img));
    expect((await request(t.app).get(first.thumb)).status).toBe(404);
    expect((await request(t.app).get(second.thumb)).status).toBe(200);
    expect(store.kept().filter((name) => name.startsWith(photoHashOf(first.img)!))).toEqual([]);

    const removed = await request(t.app).delete(`/api/inventory/${id}/photo`).set('Authorization', `Bearer ${owner}`);
    expect([removed.status, removed.body]).toEqual([200, { img: '' }]);
    expect(await imgOf(id)).toBe('');
    expect((await request(t.app).get(second.card)).status).toBe(404);
    expect(store.kept().filter((name) => name.startsWith(photoHashOf(second.img)!))).toEqual([]);
  }, 60_000);

  it('a PNG whose header claims 50,000 × 50,000 pixels: 422 in < 100 ms, before its pixels are decoded (RSS grows < 50 MB)', async () => {
    const id = await t.addItem({ img: '/images/pixel-9.svg' });
    const bomb = pngClaiming(50_000, 50_000);
    await upload(id, pngClaiming(50_000, 50_000)); // warm: the route, sharp's first call
    global.gc?.();
    const rss = process.memoryUsage().rss;
    const started = performance.now();
    const res = await upload(id, bomb, 'image/png');
    const took = performance.now() - started;
    expect(res.status).toBe(422);
    expect(errorOf(res).code).toBe('image_too_large');
    expect(errorOf(res).message).toContain('50000 × 50000 pixels, over the 50 megapixels');
    expect(took).toBeLessThan(100);
    expect(process.memoryUsage().rss - rss).toBeLessThan(50 * 1024 * 1024);
    expect(await imgOf(id)).toBe('/images/pixel-9.svg');
  });

  it('a text file named photo.jpg (sent as image/jpeg): 415, nothing written', async () => {
    const id = await t.addItem({ img: '' });
    const before = store.kept().length;
    const text = Buffer.from('name,price\nphoto.jpg,1\n'.repeat(100));
    const res = await request(t.app)
      .put(`/api/inventory/${id}/photo`)
      .set('Authorization', `Bearer ${owner}`)
      .attach('file', text, { filename: 'photo.jpg', contentType: 'image/jpeg' });
    // Sent as multipart it is not an image's media type either: 415 too. As the bytes themselves:
    expect(res.status).toBe(415);
    const raw = await upload(id, text, 'image/jpeg');
    expect([raw.status, errorOf(raw).code]).toEqual([415, 'unsupported_media_type']);
    expect(errorOf(raw).message).toContain('not a JPEG, PNG, WebP or AVIF image');
    const gif = await upload(id, await sharp(jpeg).resize(50).gif().toBuffer(), 'image/gif');
    expect(gif.status).toBe(415);
    expect(store.kept().length).toBe(before);
    expect(await imgOf(id)).toBe('');
  });

  it('16 MB: 413, by its Content-Length and while it arrives without one; nothing written', async () => {
    const id = await t.addItem({ img: '' });
    const big = Buffer.concat([jpeg, Buffer.alloc(16 * 1024 * 1024 - jpeg.length)]);
    const res = await upload(id, big);
    expect([res.status, errorOf(res).code]).toEqual([413, 'payload_too_large']);
    expect(errorOf(res).message).toContain('over 15 MB');
    // Chunked: no length said, counted as it arrives.
    const chunked = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const server = t.app.listen(0, '127.0.0.1', () => {
        const { port } = server.address() as { port: number };
        const req = http.request(
          {
            port,
            host: '127.0.0.1',
            method: 'PUT',
            path: `/api/inventory/${id}/photo`,
            headers: { Authorization: `Bearer ${owner}`, 'Content-Type': 'image/jpeg', 'Transfer-Encoding': 'chunked' },
          },
          (answer) => {
            let body = '';
            answer
              .on('data', (c) => (body += c))
              .on('end', () => server.close(() => resolve({ status: answer.statusCode!, body })));
          },
        );
        req.on('error', reject);
        for (let at = 0; at < big.length; at += 1024 * 1024) req.write(big.subarray(at, at + 1024 * 1024));
        req.end();
      });
    });
    expect(chunked.status).toBe(413);
    expect(store.kept().filter((name) => name.includes(id))).toEqual([]);
    expect(await imgOf(id)).toBe('');
  }, 30_000);

  it('eight photos arriving at once are taken; a ninth is refused (429, Retry-After) before its body is read', async () => {
    const id = await t.addItem({ img: '' });
    const server = t.app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const { port } = server.address() as { port: number };
    // Eight uploads that have sent their headers and half a photo, and wait.
    const held = Array.from({ length: 8 }, () => {
      const req = http.request({
        port,
        host: '127.0.0.1',
        method: 'PUT',
        path: `/api/inventory/${id}/photo`,
        headers: { Authorization: `Bearer ${owner}`, 'Content-Type': 'image/jpeg', 'Content-Length': jpeg.length },
      });
      req.on('error', () => undefined);
      req.write(jpeg.subarray(0, jpeg.length / 2));
      return req;
    });
    try {
      // Each is admitted once its headers are read: wait until the server holds all eight.
      for (let turn = 0; turn < 100; turn += 1) {
        const probe = await request(server)
          .put(`/api/inventory/${id}/photo`)
          .set('Authorization', `Bearer ${owner}`)
          .set('Content-Type', 'image/jpeg')
          .send(jpeg.subarray(0, 10));
        if (probe.status === 429) {
          expect(probe.headers['retry-after']).toBe('5');
          expect(errorOf(probe).code).toBe('rate_limited');
          break;
        }
        if (turn === 99) throw new Error(`never refused: ${probe.status}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    } finally {
      for (const req of held) req.destroy();
      await new Promise((resolve) => server.close(resolve));
    }
    // Gone, they free their places: the next photo is taken.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await upload(id, await sharp(jpeg).resize(320).toBuffer())).status).toBe(200);
  }, 30_000);

  it('a clerk, a viewer-less visitor: 403 and 401; nothing written', async () => {
    const id = await t.addItem({ img: '' });
    const byClerk = await upload(id, jpeg, 'image/jpeg', clerk);
    expect(byClerk.status).toBe(403);
    expect(
      (await request(t.app).delete(`/api/inventory/${id}/photo`).set('Authorization', `Bearer ${clerk}`)).status,
    ).toBe(403);
    const anonymous = await request(t.app)
      .put(`/api/inventory/${id}/photo`)
      .set('Content-Type', 'image/jpeg')
      .send(jpeg);
    expect(anonymous.status).toBe(401);
    expect(await imgOf(id)).toBe('');
  });

  it('no item of that id: 404, nothing kept; a name that is not a photo: 400; an unknown photo: 404', async () => {
    const before = store.kept().length;
    expect((await upload('aaaaaaaaaaaaaaaaaaaaaaaa', jpeg)).status).toBe(404);
    expect(store.kept().length).toBe(before);
    expect((await request(t.app).get('/api/photos/..%2F..%2Fsmart-zone.db')).status).toBe(400);
    expect((await request(t.app).get('/api/photos/x.webp')).status).toBe(400);
    const unknown = await request(t.app).get(`/api/photos/${'0'.repeat(32)}-card.webp`);
    expect([unknown.status, unknown.headers['cache-control']]).toEqual([404, 'no-store']);
  });

  it('the same Idempotency-Key sent twice: one photo, one audit entry, the same answer replayed', async () => {
    const id = await t.addItem({ img: '' });
    const small = await sharp(jpeg).resize(500).toBuffer();
    const send = () => upload(id, small).set('Idempotency-Key', `photo-${id}`);
    const first = await send();
    const second = await send();
    expect(first.status).toBe(200);
    expect([second.status, second.headers['idempotent-replayed'], second.body]).toEqual([200, 'true', first.body]);
    const audit = await request(t.app).get(`/api/audit?itemId=${id}`).set('Authorization', `Bearer ${owner}`);
    expect((audit.body as { reason?: string }[]).filter((e) => e.reason === 'Photo')).toHaveLength(1);
  }, 30_000);
});
