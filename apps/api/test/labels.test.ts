import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { promisify } from 'node:util';
import request, { type Response } from 'supertest';
import { SYSTEM_ACTOR } from '@smart-zone/types/item';
import {
  LABEL_LAYOUT_NAMES,
  LABEL_LAYOUTS,
  LABEL_QR_FALLBACK_HEADER,
  type LabelCode,
  type LabelLayoutName,
  labelsPerPage,
} from '@smart-zone/types/labels';
import { labelBoxes } from '../src/labels/render-labels';
import { errorOf } from './support/bodies';
import { makeTestApp, sampleItem, type TestApp, UNKNOWN_ID } from './helpers/test-app';

/**
 * GET /api/labels.pdf: staff only; the PDF's pages and their sizes per layout; every label read back from
 * the rendered page (MuPDF renders, ZXing decodes: test/support/decode-labels.mjs, in its own process) says
 * its item's page or SKU; bad input refused with nothing printed; 500 labels within 3 s, drawn off the
 * server's event loop.
 */

const run = promisify(execFile);
const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
const PT = 72 / 25.4;

/** supertest leaves a PDF unread: its bytes; an error's JSON, read. */
const binary = (res: Response, done: (error: Error | null, body: unknown) => void) => {
  const stream = res as unknown as NodeJS.ReadableStream & { headers: Record<string, string | undefined> };
  const chunks: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  stream.on('end', () => {
    const body = Buffer.concat(chunks);
    done(null, stream.headers['content-type']?.startsWith('application/json') ? JSON.parse(body.toString()) : body);
  });
};

let t: TestApp;
let viewer: string;

beforeEach(async () => {
  t = await makeTestApp({ ownerEmails: ['owner@shop.example'] });
  await t.store.team.ensureOwners(['owner@shop.example']);
  await t.store.team.add({ email: 'viewer@shop.example', role: 'viewer' }, SYSTEM_ACTOR);
  viewer = await t.tokenFor('viewer@shop.example');
});
afterEach(() => t.close());

const labels = (query: string, token: string | null = viewer, app = t.app) => {
  const req = request(app).get(`/api/labels.pdf?${query}`).buffer(true).parse(binary);
  return token ? req.set(auth(token)) : req;
};
const pdfOf = (res: Response) => res.body as Buffer;

/** The pages of a PDF as pdfkit writes it (uncompressed page objects): each one's size in points. */
function pageSizes(pdf: Buffer): [number, number][] {
  const text = pdf.toString('latin1');
  return [...text.matchAll(/\/Type \/Page\n\/Parent[\s\S]*?\/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]/g)].map((match) => [
    Number(match[1]),
    Number(match[2]),
  ]);
}

interface Decoded {
  pages: { width: number; height: number; text: string; codes: ({ format: string; text: string } | null)[] }[];
}

/** Every label box of every page read back as a scanner would. */
async function decode(pdf: Buffer, layout: LabelLayoutName): Promise<Decoded> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'labels-'));
  try {
    fs.writeFileSync(path.join(dir, 'labels.pdf'), pdf);
    const boxes = labelBoxes(layout).map(({ x, y, width, height }) => [x, y, width, height]);
    fs.writeFileSync(
      path.join(dir, 'request.json'),
      JSON.stringify({ pdf: path.join(dir, 'labels.pdf'), dpi: 300, boxes }),
    );
    const { stdout } = await run(process.execPath, [
      path.join(__dirname, 'support/decode-labels.mjs'),
      path.join(dir, 'request.json'),
    ]);
    return JSON.parse(stdout) as Decoded;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe('who may print', () => {
  it('refuses a visitor (401) and a signed-in outsider (403); a viewer gets the PDF, never cached', async () => {
    const id = await t.addItem();
    expect((await labels(`ids=${id}`, null)).status).toBe(401);
    const outsider = await labels(`ids=${id}`, await t.tokenFor('eve@gmail.com'));
    expect(outsider.status).toBe(403);
    expect(errorOf(outsider).code).toBe('forbidden');
    const res = await labels(`ids=${id}`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['content-disposition']).toMatch(/^inline; filename="labels-\d{4}-\d{2}-\d{2}\.pdf"$/);
    expect(pdfOf(res).subarray(0, 5).toString()).toBe('%PDF-');
  });
});

describe('bad input: a 400 naming the field, nothing printed', () => {
  it.each([
    ['no ids', 'layout=a4-3x8', 'ids'],
    ['an id that is not one', 'ids=nope', 'ids'],
    ['an unknown layout', 'ids=ID&layout=a5-2x4', 'layout'],
    ['an unknown code', 'ids=ID&code=ean13', 'code'],
    ['0 copies', 'ids=ID&copies=0', 'copies'],
    ['101 copies', 'ids=ID&copies=101', 'copies'],
    ['copies not a whole number', 'ids=ID&copies=1.5', 'copies'],
    ['copies not a number', 'ids=ID&copies=lots', 'copies'],
  ])('%s', async (_what, query, field) => {
    const id = await t.addItem();
    const res = await labels(query.replace('ID', id));
    expect(res.status).toBe(400);
    const error = errorOf(res);
    expect(error.code).toBe('validation_failed');
    expect(Object.keys(error.fields ?? {})).toContain(field);
  });

  it('more than 5,000 labels (items × copies) at once, and more than 500 ids', async () => {
    const ids = Array.from({ length: 51 }, (_, i) => i.toString(16).padStart(24, '0'));
    const many = await labels(`ids=${ids.join(',')}&copies=100`);
    expect(many.status).toBe(400);
    expect(errorOf(many).fields?.copies).toMatch(/At most 5,000 labels/);
    const tooManyIds = Array.from({ length: 501 }, (_, i) => i.toString(16).padStart(24, '0'));
    const refused = await labels(`ids=${tooManyIds.join(',')}`);
    expect(refused.status).toBe(400);
    expect(errorOf(refused).fields?.ids).toMatch(/at most 500/);
  });

  it('ids no item has: a 404 naming them', async () => {
    const id = await t.addItem();
    const other = 'bbbbbbbbbbbbbbbbbbbbbbbb';
    const res = await labels(`ids=${id},${UNKNOWN_ID},${other}`);
    expect(res.status).toBe(404);
    expect(errorOf(res).message).toContain(`${UNKNOWN_ID}, ${other}`);
  });
});

describe('pages and sizes', () => {
  it.each(LABEL_LAYOUT_NAMES)(
    '%s: n labels × copies fill ceil(n × copies / per page) pages of its size',
    async (layout) => {
      const ids = [];
      for (let i = 0; i < 5; i++) ids.push(await t.addItem({ name: `Item ${i}`, sku: `SKU-${i}` }));
      const { page } = LABEL_LAYOUTS[layout];
      for (const copies of [1, 5, 7]) {
        const res = await labels(`ids=${ids.join(',')}&layout=${layout}&copies=${copies}`);
        expect(res.status).toBe(200);
        const sizes = pageSizes(pdfOf(res));
        expect(sizes).toHaveLength(Math.ceil((5 * copies) / labelsPerPage(layout)));
        for (const [width, height] of sizes) {
          expect(width).toBeCloseTo(page.width * PT, 1);
          expect(height).toBeCloseTo(page.height * PT, 1);
        }
      }
    },
  );

  it('page sizes in points: A4 595.28 × 841.89, Letter 612 × 792, the roll 175.75 × 82.2', () => {
    expect([LABEL_LAYOUTS['a4-3x8'].page.width * PT, LABEL_LAYOUTS['a4-3x8'].page.height * PT]).toEqual([
      expect.closeTo(595.28, 1),
      expect.closeTo(841.89, 1),
    ]);
    expect(LABEL_LAYOUTS['letter-3x10'].page.width * PT).toBeCloseTo(612, 5);
    expect(LABEL_LAYOUTS['letter-3x10'].page.height * PT).toBeCloseTo(792, 5);
    expect(LABEL_LAYOUTS['roll-62x29'].page.width * PT).toBeCloseTo(175.75, 1);
    expect(LABEL_LAYOUTS['roll-62x29'].page.height * PT).toBeCloseTo(82.2, 1);
  });
});

describe('every label scans back to its item', () => {
  it.each(LABEL_LAYOUT_NAMES.flatMap((layout) => (['qr', 'code128'] as LabelCode[]).map((code) => [layout, code])))(
    '%s, %s',
    async (layout, code) => {
      // A long name, a name beyond Latin-1, no SKU, a SKU too long for bars a scanner reads on these labels
      // (a QR code instead, as for no SKU): every label still scans back to its item.
      const items = [
        { name: 'Wireless Charger Pro', sku: 'SP-IP15', bars: true },
        { name: 'Café crème 🍩 spécial', sku: '4006381333931', bars: true },
        { name: 'No SKU at all', sku: null, bars: false },
        { name: 'Gaffer tape', sku: 'GAFFER-TAPE-50MM-BLACK-ROLL-25M-X', bars: false },
      ];
      const ids = [];
      for (const { bars: _, ...item } of items) ids.push(await t.addItem({ ...sampleItem, ...item }));
      const res = await labels(`ids=${ids.join(',')}&layout=${layout}&code=${code}&copies=2`);
      expect(res.status).toBe(200);
      const decoded = await decode(pdfOf(res), layout as LabelLayoutName);
      const read = decoded.pages.flatMap((page) => page.codes).slice(0, ids.length * 2);
      const origin = `http://${res.request.url.split('/')[2]}`;
      const expected = ids.flatMap((id, index) => {
        const { sku, bars } = items[index]!;
        const label =
          code === 'code128' && sku && bars
            ? { format: 'Code128', text: sku }
            : { format: 'QRCode', text: `${origin}/inventory/${id}` };
        return [label, label];
      });
      expect(read).toEqual(expected);
      expect(Number(res.headers[LABEL_QR_FALLBACK_HEADER.toLowerCase()])).toBe(code === 'code128' ? 4 : 0);
      for (const page of decoded.pages) {
        expect(page.width).toBeCloseTo(LABEL_LAYOUTS[layout as LabelLayoutName].page.width * PT, 1);
        expect(page.height).toBeCloseTo(LABEL_LAYOUTS[layout as LabelLayoutName].page.height * PT, 1);
      }
    },
    60_000,
  );

  it("QR codes name PUBLIC_URL's page when it is set, whatever Host the request sent", async () => {
    const configured = await makeTestApp({
      ownerEmails: ['owner@shop.example'],
      publicUrlGiven: 'https://shop.example',
    });
    try {
      await configured.store.team.ensureOwners(['owner@shop.example']);
      const id = await configured.addItem();
      const res = await labels(
        `ids=${id}&layout=roll-62x29`,
        await configured.tokenFor('owner@shop.example'),
        configured.app,
      ).set('Host', 'evil.example');
      expect(res.status).toBe(200);
      const decoded = await decode(pdfOf(res), 'roll-62x29');
      expect(decoded.pages[0]!.codes[0]?.text).toBe(`https://shop.example/inventory/${id}`);
    } finally {
      await configured.close();
    }
  }, 60_000);
});

describe('locations (issue 34)', () => {
  it('a location’s label: its path, and a QR code that opens it; after the items; an unknown one a 404', async () => {
    const id = await t.addItem({ name: 'Cable', sku: 'CAB-1' });
    const room = await t.store.locations.create({ name: 'Back room' }, SYSTEM_ACTOR);
    if (!room.ok) throw new Error(room.reason);
    const bin = await t.store.locations.create({ name: 'Bin 3', parentId: room.location._id }, SYSTEM_ACTOR);
    if (!bin.ok) throw new Error(bin.reason);
    const res = await labels(
      `ids=${id}&locationIds=${bin.location._id},${room.location._id}&layout=a4-3x8&code=code128`,
    );
    expect(res.status).toBe(200);
    // Locations have no SKU for bars: their labels carry a QR code, counted as such.
    expect(res.headers['x-labels-qr-fallback']).toBe('2');
    const origin = `http://${res.request.url.split('/')[2]}`;
    const { pages } = await decode(pdfOf(res), 'a4-3x8');
    expect(pages[0]!.codes.slice(0, 3).map((code) => code?.text)).toEqual([
      'CAB-1',
      `${origin}/locations?in=${bin.location._id}`,
      `${origin}/locations?in=${room.location._id}`,
    ]);
    // The path, wrapped on its label as a long name is.
    expect(pages[0]!.text.replace(/\s+/g, ' ')).toContain('Back room / Bin 3 Back room');

    const alone = await labels(`locationIds=${room.location._id}&layout=roll-62x29`);
    expect(alone.status).toBe(200);
    const missing = await labels(`locationIds=${room.location._id},${UNKNOWN_ID}`);
    expect(missing.status).toBe(404);
    expect(errorOf(missing).message).toBe(
      `No location has this id: ${UNKNOWN_ID}. They may have been deleted; nothing was printed.`,
    );
    const neither = await labels('layout=a4-3x8');
    expect(neither.status).toBe(400);
    expect(errorOf(neither).fields?.ids).toMatch(/ids is required/);
  }, 60_000);
});

describe('names beyond Latin-1', () => {
  it('prints Cyrillic, Greek and Polish names in an embedded font, and a character no font has as ?', async () => {
    const id = await t.addItem({ ...sampleItem, name: 'Кабель Łódź Ελλάδα 电缆', sku: 'CABLE-1' });
    for (const layout of ['a4-3x8', 'roll-62x29'] as const) {
      const res = await labels(`ids=${id}&layout=${layout}&code=qr`);
      expect(res.status).toBe(200);
      const { pages } = await decode(pdfOf(res), layout);
      expect(pages[0]!.text.replace(/\s+/g, ' ')).toContain('Кабель Łódź Ελλάδα ??');
    }
  }, 60_000);
});

describe('speed: 500 labels', () => {
  let query: string;
  beforeEach(async () => {
    const inputs = Array.from({ length: 500 }, (_, i) => ({ ...sampleItem, name: `Label item ${i}`, sku: `LBL-${i}` }));
    await t.store.items.createMany(inputs, SYSTEM_ACTOR);
    const items = await t.store.items.list({ limit: 500 });
    query = `ids=${items.map((item) => item._id).join(',')}`;
    // The worker's first start (tsx compiles it from source here; the built server has it compiled).
    expect((await labels(`ids=${items[0]!._id}`)).status).toBe(200);
  });

  it('in under 3 s', async () => {
    const started = performance.now();
    const res = await labels(query);
    const ms = performance.now() - started;
    expect(res.status).toBe(200);
    expect(pageSizes(pdfOf(res))).toHaveLength(Math.ceil(500 / labelsPerPage('a4-3x8')));
    console.log(`500 labels (a4-3x8, qr): ${Math.round(ms)} ms, ${pdfOf(res).byteLength} bytes`);
    expect(ms).toBeLessThan(3_000);
  }, 60_000);

  it('drawn off the event loop: /api/health answers quickly meanwhile', async () => {
    const loop = monitorEventLoopDelay({ resolution: 5 });
    loop.enable();
    let done = false;
    const sheet = labels(query).then((res) => {
      done = true;
      return res;
    });
    // A load balancer's health checks meanwhile, one every 20 ms.
    const health: number[] = [];
    while (!done) {
      const asked = performance.now();
      expect((await request(t.app).get('/api/health')).status).toBe(200);
      health.push(performance.now() - asked);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    loop.disable();
    expect((await sheet).status).toBe(200);
    console.log(
      `While 500 labels were drawn: /api/health ${health.length} answers, slowest ${Math.round(Math.max(...health))} ms; ` +
        `event loop delay max ${Math.round(loop.max / 1e6)} ms, p99 ${Math.round(loop.percentile(99) / 1e6)} ms`,
    );
    expect(health.length).toBeGreaterThan(1);
    // Drawn on the server's thread, 500 labels would hold it 400 ms or more in one piece even on an idle
    // machine (the renderer alone: 0.4 s). Here the loop's longest wait is the machine's own noise (tens of
    // ms; up to ~200 ms with the whole suite running on 2 shared cores), and a health check is never held.
    expect(Math.max(...health)).toBeLessThan(150);
    expect(loop.max / 1e6).toBeLessThan(300);
  }, 60_000);
});
