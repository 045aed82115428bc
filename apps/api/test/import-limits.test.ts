import http from 'node:http';
import { type AddressInfo, connect } from 'node:net';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import request from 'supertest';
import { ITEM_CSV_COLUMNS } from '@smart-zone/types/csv';
import { IMPORTS_AT_ONCE_MAX, type ImportReport } from '@smart-zone/types/imports';
import { makeTestApp, type TestApp } from './helpers/test-app';
import { errorOf } from './support/bodies';

/** Issue 30: what bounds an import (rows, imports at once, encodings) and that a refusal arrives. */
let t: TestApp;
let token: string;
const ROWS_MAX = 5;
beforeEach(async () => {
  t = await makeTestApp({ importRowsMax: ROWS_MAX });
  token = await t.tokenFor('manager@example.com');
});
afterEach(() => t.close());

// A file written before exports had a version column (each row read as it is today).
const HEADER = ITEM_CSV_COLUMNS.filter((column) => !['version', 'barcodes', 'location'].includes(column)).join(',');
const file = (rows: number) =>
  `${HEADER}\r\n${Array.from({ length: rows }, (_, i) => `,,Item ${i},Supplier,1,${i},,,`).join('\r\n')}\r\n`;
const post = (body: string | Buffer, headers: Record<string, string> = {}) =>
  request(t.app)
    .post('/api/imports?dryRun=true')
    .set({ Authorization: `Bearer ${token}`, 'Content-Type': 'text/csv', ...headers })
    .send(body);
const itemCount = async () => Number((await request(t.app).get('/api/inventory?limit=1')).headers['x-total-count']);

describe('the row limit (IMPORT_ROWS_MAX)', () => {
  it('takes a file of exactly the limit', async () => {
    const res = await post(file(ROWS_MAX));
    expect(res.status).toBe(200);
    expect((res.body as ImportReport).create).toBe(ROWS_MAX);
  });

  it('refuses one row more with a 413 naming the limit, and writes nothing (dry run or not)', async () => {
    const before = await itemCount();
    for (const dryRun of [true, false]) {
      const res = await request(t.app)
        .post(`/api/imports${dryRun ? '?dryRun=true' : ''}`)
        .set({ Authorization: `Bearer ${token}`, 'Content-Type': 'text/csv' })
        .send(file(ROWS_MAX + 1));
      expect(res.status).toBe(413);
      expect(errorOf(res)).toMatchObject({
        code: 'payload_too_large',
        message: 'The file has more than 5 rows: nothing was imported. Split it into files of at most 5 rows.',
      });
    }
    expect(await itemCount()).toBe(before);
  });
});

describe('compressed files', () => {
  it('reads a file sent with Content-Encoding gzip or br, inflated as it arrives', async () => {
    for (const [encoding, body] of [
      ['gzip', gzipSync(file(3))],
      ['br', brotliCompressSync(file(3))],
    ] as const) {
      const res = await post(body, { 'Content-Encoding': encoding });
      expect(res.status).toBe(200);
      expect((res.body as ImportReport).create).toBe(3);
    }
  });

  it('counts the inflated bytes against the limits: a small gzip of many rows is refused by its rows', async () => {
    const res = await post(gzipSync(file(1000)), { 'Content-Encoding': 'gzip' });
    expect(res.status).toBe(413);
  });

  it('refuses a gzip file sent as if it were the CSV (415), not "Unknown column \\u001f…"', async () => {
    const res = await post(gzipSync(file(3)));
    expect(res.status).toBe(415);
    expect(errorOf(res).code).toBe('unsupported_media_type');
    expect(errorOf(res).message).toMatch(/gzip/);
  });

  it('refuses an encoding it does not read (415), and a body that is not what its encoding says (400)', async () => {
    expect((await post(file(2), { 'Content-Encoding': 'zstd' })).status).toBe(415);
    const broken = await post(Buffer.from('not gzip at all'), { 'Content-Encoding': 'gzip' });
    expect(broken.status).toBe(400);
    expect(errorOf(broken).message).toMatch(/inflated/);
  });
});

describe('on a listening server', () => {
  let server: http.Server;
  let port: number;
  beforeEach(async () => {
    server = http.createServer(t.app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterEach(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  /** An import whose body is still on its way: its headers and a first row sent, the rest held back. */
  function openUpload(length: number) {
    const req = http.request({
      port,
      host: '127.0.0.1',
      method: 'POST',
      path: '/api/imports?dryRun=true',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'text/csv', 'Content-Length': String(length) },
    });
    const answer = new Promise<http.IncomingMessage>((resolve, reject) => {
      req.on('response', resolve);
      req.on('error', reject);
    });
    req.write(`${HEADER}\r\n`);
    return { req, answer };
  }

  it(`refuses import ${IMPORTS_AT_ONCE_MAX + 1} at once with 429 and Retry-After before reading its body`, async () => {
    const held = Array.from({ length: IMPORTS_AT_ONCE_MAX }, () => openUpload(10_000_000));
    for (const upload of held) upload.answer.catch(() => undefined);
    // Until the held ones have all reached the route (a loaded machine may take a while): an empty file is
    // taken while there is room, and answered at once (400, the file is empty), its room given back.
    let probe = 0;
    for (let tries = 0; tries < 100 && probe !== 429; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      probe = (await post('')).status;
    }
    expect(probe).toBe(429);
    const fifth = openUpload(10_000_000);
    const refused = await Promise.race([
      fifth.answer,
      new Promise<null>((resolve) => setTimeout(() => resolve(null), 10_000)),
    ]);
    fifth.req.destroy();
    for (const upload of held) upload.req.destroy();
    expect(refused?.statusCode).toBe(429);
    expect(refused?.headers['retry-after']).toMatch(/^\d+$/);
    // Their slots come back when they go.
    let after = 0;
    for (let tries = 0; tries < 50 && after !== 200; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      after = (await post(file(1))).status;
    }
    expect(after).toBe(200);
  });

  it('reads a file no faster than its reader: a fast upload past the row limit is refused before most of it is in', async () => {
    // 40 MB of rows sent as fast as the socket takes them, the answer read as it comes. The reader's thread
    // refuses the file at its 6th row; until then the route holds at most IN_FLIGHT_MAX of it unread
    // (read-thread.ts). Unbounded, all 40 MB went into the thread's queue before its refusal came back.
    const size = 40 * 1024 * 1024;
    const chunk = Buffer.from(',,Item,Supplier,1,1,,,\r\n'.repeat(2048));
    const sentAtAnswer = await new Promise<{ status: string; sent: number }>((resolve, reject) => {
      const socket = connect({ port, host: '127.0.0.1' });
      socket.setTimeout(20_000, () => socket.destroy(new Error('stuck for 20 s')));
      socket.on('error', reject);
      socket.write(
        `POST /api/imports?dryRun=true HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\n` +
          `Content-Type: text/csv\r\nTransfer-Encoding: chunked\r\n\r\n`,
      );
      let sent = 0;
      let answered = false;
      socket.once('data', (data: Buffer) => {
        answered = true;
        resolve({ status: data.toString('latin1').slice(0, 12), sent });
        socket.destroy();
      });
      const write = () => {
        while (!answered && sent < size) {
          const part = sent === 0 ? Buffer.concat([Buffer.from(`${HEADER}\r\n`), chunk]) : chunk;
          sent += part.length;
          socket.write(`${part.length.toString(16)}\r\n`);
          socket.write(part);
          if (!socket.write('\r\n')) return void socket.once('drain', write);
        }
      };
      write();
    });
    expect(sentAtAnswer.status).toBe('HTTP/1.1 413');
    // What the sockets' buffers on both sides hold, and the thread's 1 MB: well under the 40 MB.
    expect(sentAtAnswer.sent).toBeLessThan(16 * 1024 * 1024);
  });

  it('a client that sends its whole body before reading receives the refusal, not a reset (20 of 20)', async () => {
    const size = 8 * 1024 * 1024;
    // Rows past the limit: the file is refused (413) after its first few rows, the rest still on its way.
    const row = ',,Item,Supplier,1,1,,,\r\n';
    const chunk = Buffer.from(row.repeat(Math.floor((64 * 1024) / row.length)).padEnd(64 * 1024, ' '));
    // As many HTTP clients do (Python's requests among them): the answer is read once the body is sent.
    const one = () =>
      new Promise<string>((resolve, reject) => {
        const socket = connect({ port, host: '127.0.0.1' });
        socket.pause();
        socket.setTimeout(10_000, () => socket.destroy(new Error('stuck for 10 s')));
        socket.on('error', reject);
        const head =
          `POST /api/imports HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\n` +
          `Content-Type: text/csv\r\nContent-Length: ${size}\r\nConnection: close\r\n\r\n${HEADER}\r\n`;
        socket.write(head);
        let sent = HEADER.length + 2;
        const write = () => {
          while (sent < size) {
            const part = chunk.subarray(0, Math.min(chunk.length, size - sent));
            sent += part.length;
            if (sent === size) return void socket.write(part, read);
            if (!socket.write(part)) return void socket.once('drain', write);
          }
        };
        const read = () => {
          let text = '';
          socket.on('data', (data: Buffer) => (text += data.toString('latin1')));
          socket.on('end', () => resolve(text.slice(0, 12)));
          socket.resume();
        };
        write();
      });
    const statusLines = await Promise.all(Array.from({ length: 20 }, one));
    // Refused by its rows (413), or, beyond the imports taken at once, before its body was read (429).
    expect(statusLines.filter((line) => /^HTTP\/1\.1 (413|429)$/.test(line))).toHaveLength(20);
    expect(statusLines).toContain('HTTP/1.1 413');
    expect(statusLines).toContain('HTTP/1.1 429');
  });
});
