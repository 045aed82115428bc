// `pnpm lighthouse [--url http://host:port] [--pages /,/login] [--signed-in-pages /myitem] [--no-write]
// [--reports dir] [--form-factors mobile] [--email someone@example.com]`: Lighthouse (npm, run in Debian's Chromium) on every page,
// mobile and desktop, one run each: the visitor's pages, then the signed-in
// pages as a verified user of the Auth emulator (made for the run through the
// emulator's REST API and signed in through the app's own login page, in the
// Chromium that Lighthouse then drives, so Firebase's session in IndexedDB is
// there; the HTTP cache is emptied before each of those runs, as Lighthouse
// does for the others). `:item` in a page stands for the first item's id
// (GET /api/inventory?limit=1), `:count` for a count session the run opens
// (POST /api/counts, as the signed-in owner). Given --pages or --signed-in-pages, only the
// pages given are audited. Without --url it starts the built app the way
// `pnpm start` does (same launcher) on a temporary data folder with the demo
// phones and free ports, the run's user its owner (OWNER_EMAILS: every
// signed-in page, the team's too, lets them in), and stops it afterwards;
// with --url the signed-in pages need that server's Auth emulator (GET
// /api/config) and OWNER_EMAILS naming the run's user (--email; without it a
// fresh lighthouse-…@example.com, a manager of an open warehouse, whom /team
// refuses). --form-factors (mobile, desktop, or both, the default) narrows
// the runs, to profile one. `--photos 12` gives the first 12 items a photo each (PUT
// /api/inventory/:id/photo as the owner, a phone-sized JPEG drawn by sharp; items added first if there are
// fewer) before any run: the
// catalogue as a shop that photographs its stock shows it. The scores table
// goes to stdout and between the lighthouse markers of docs/PERFORMANCE.md.
import { execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs, promisify } from 'node:util';
import launcher from './lib/launch.cjs';

const { ROOT_DIR, PROJECT_ID, freePort, launch } = launcher;
const run = promisify(execFile);
// Playwright drives the sign-in (the e2e workspace's dependency).
const { chromium } = createRequire(path.join(ROOT_DIR, 'e2e/package.json'))('@playwright/test');

/** Every page a visitor can open: home, the inventory, an item, blogs, about, about us, sign-in, sign-up, a 404. */
const VISITOR_PAGES = [
  '/',
  '/inventory',
  '/inventory/:item',
  '/blogs',
  '/about',
  '/aboutus',
  '/login',
  '/signup',
  '/no-such-page',
];
/**
 * Every signed-in page of the router (apps/web/src/config/paths.ts): manage inventories, add item, my items, the
 * delivery form, Today, the dashboard, all deliveries, alerts, the reorder list, import, audit, team, counts (the
 * list, one session counted and reviewed), locations and scan.
 */
const SIGNED_IN_PAGES = [
  '/manageInventories',
  '/addNewItem',
  '/myitem',
  '/inventoryDetails/:item',
  '/today',
  '/dashboard',
  '/deliveries',
  '/alerts',
  '/manageInventories/reorder',
  '/manageInventories/import',
  '/audit',
  '/team',
  '/counts',
  '/counts/:count',
  '/counts/:count/review',
  '/locations',
  '/scan',
];
const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'];
const ALL_FORM_FACTORS = ['mobile', 'desktop'];
const DOC = path.join(ROOT_DIR, 'docs/PERFORMANCE.md');
const START = '<!-- lighthouse:start -->';
const END = '<!-- lighthouse:end -->';
// Ports the fetch standard blocks ("bad ports"): Chromium refuses to open them.
const BAD_PORTS = new Set([5060, 5061, 6000, 6566, 6665, 6666, 6667, 6668, 6669, 6697, 10080]);

const { values } = parseArgs({
  options: {
    url: { type: 'string' },
    pages: { type: 'string' },
    'signed-in-pages': { type: 'string' },
    'no-write': { type: 'boolean', default: false },
    /** Keep each full JSON report there (<page>-<form factor>.json). */
    reports: { type: 'string' },
    'form-factors': { type: 'string' },
    /** The signed-in user's email (made in the Auth emulator); the app this script starts makes them its owner. */
    email: { type: 'string' },
    /** The first this many items get a photo before the runs. */
    photos: { type: 'string' },
  },
});
const FORM_FACTORS = values['form-factors']
  ? values['form-factors'].split(',').filter((formFactor) => ALL_FORM_FACTORS.includes(formFactor))
  : ALL_FORM_FACTORS;
const userEmail = values.email ?? `lighthouse-${randomBytes(4).toString('hex')}@example.com`;

const chromePath = process.env.CHROME_PATH || ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find(existsSync);
if (!chromePath) {
  console.error("No Chromium found: install Debian's chromium or set CHROME_PATH.");
  process.exit(1);
}

async function goodPort() {
  for (;;) {
    const port = await freePort();
    if (!BAD_PORTS.has(port)) return port;
  }
}

async function startApp() {
  if (!existsSync(path.join(ROOT_DIR, 'apps/web/dist/index.html'))) {
    throw new Error('The web app is not built: run `npx -y pnpm@10 build` first.');
  }
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'smart-zone-lighthouse-'));
  const app = await launch({
    dataDir,
    port: await goodPort(),
    authPort: await goodPort(),
    // The run's user is the owner (OWNER_EMAILS): every staff page lets them in, the team's too.
    env: {
      ...process.env,
      MONGODB_URI: '',
      SEED_DEMO_DATA: 'true',
      HOST: '',
      JWT_SECRET: '',
      OWNER_EMAILS: userEmail,
      STAFF: '',
    },
    output: () => {},
  });
  return {
    url: app.url,
    stop: async () => {
      await app.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function getJson(url, init) {
  const response = await fetch(url, init);
  const text = await response.text();
  if (!response.ok) throw new Error(`${init?.method ?? 'GET'} ${url} answered ${response.status}: ${text}`);
  return JSON.parse(text);
}

/** A verified user of the app's Auth emulator, made once for this run. */
let madeUser;
const emulatorUser = (authUrl) => (madeUser ??= makeEmulatorUser(authUrl));
async function makeEmulatorUser(authUrl) {
  const email = userEmail;
  const password = `pw-${randomBytes(8).toString('hex')}`;
  const post = (url, body, headers = {}) =>
    getJson(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
  const { localId } = await post(`${authUrl}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-api-key`, {
    email,
    password,
    displayName: 'Lighthouse',
  });
  // What clicking the verification link does, through the emulator's admin API.
  await post(
    `${authUrl}/identitytoolkit.googleapis.com/v1/projects/${PROJECT_ID}/accounts:update`,
    { localId, emailVerified: true },
    { authorization: 'Bearer owner' },
  );
  return { email, password };
}

/** The run's user's accessToken, from the API's own sign-in (POST /api/login with the emulator's ID token). */
async function apiToken(appUrl, authUrl) {
  const { email, password } = await emulatorUser(authUrl);
  const { idToken } = await getJson(
    `${authUrl}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password, returnSecureToken: true }),
    },
  );
  const { accessToken } = await getJson(`${appUrl}/api/login`, {
    method: 'POST',
    headers: { authorization: `Bearer ${idToken}` },
  });
  return accessToken;
}

/**
 * The first `count` items each get a photo: a 2000 × 1500 JPEG of a scene of its own (a hue per item, grain as
 * a phone's camera has), drawn by sharp (the API's own dependency).
 */
async function givePhotos(appUrl, count) {
  const sharp = createRequire(path.join(ROOT_DIR, 'apps/api/package.json'))('sharp');
  const { authEmulatorUrl } = await getJson(`${appUrl}/api/config`);
  const token = await apiToken(appUrl, authEmulatorUrl);
  const items = await getJson(`${appUrl}/api/inventory?limit=${count}`);
  // Fewer items than photos (the demo has ten): more items first, each a photographed crate.
  for (let more = items.length; more < count; more += 1) {
    const { insertedId } = await getJson(`${appUrl}/api/inventory`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ name: `Crate ${more + 1}`, supplier: 'Lighthouse', price: 10, quantity: 5 }),
    });
    items.push({ _id: insertedId });
  }
  for (const [index, item] of items.entries()) {
    const hue = Math.round((index * 360) / items.length);
    const scene = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="2000" height="1500">' +
        `<rect width="100%" height="100%" fill="hsl(${hue},35%,70%)"/>` +
        `<circle cx="1000" cy="750" r="500" fill="hsl(${(hue + 150) % 360},60%,45%)"/>` +
        '<rect x="200" y="1100" width="1600" height="120" fill="#333"/></svg>',
    );
    const grain = await sharp({
      create: {
        width: 500,
        height: 375,
        channels: 3,
        background: '#808080',
        noise: { type: 'gaussian', mean: 128, sigma: 20 },
      },
    })
      .resize(2000, 1500)
      .png()
      .toBuffer();
    const photo = await sharp(scene)
      .composite([{ input: grain, blend: 'overlay' }])
      .jpeg({ quality: 88 })
      .toBuffer();
    await getJson(`${appUrl}/api/inventory/${item._id}/photo`, {
      method: 'PUT',
      headers: { 'content-type': 'image/jpeg', authorization: `Bearer ${token}` },
      body: photo,
    });
  }
  console.log(`Gave the first ${items.length} items a photo.`);
}

/** Chromium with a DevTools port, for the signed-in runs: the session lives in its profile. */
async function startChromium() {
  const port = await goodPort();
  const profile = mkdtempSync(path.join(os.tmpdir(), 'smart-zone-lh-profile-'));
  const child = spawn(
    chromePath,
    [...CHROME_FLAGS, `--remote-debugging-port=${port}`, `--user-data-dir=${profile}`, 'about:blank'],
    { stdio: 'ignore' },
  );
  const endpoint = `http://127.0.0.1:${port}`;
  for (let waited = 0; ; waited += 100) {
    if (child.exitCode !== null) throw new Error(`Chromium exited at start (${child.exitCode}).`);
    if (
      await fetch(`${endpoint}/json/version`).then(
        (response) => response.ok,
        () => false,
      )
    )
      break;
    if (waited > 30_000) throw new Error('Chromium did not open its DevTools port in 30 s.');
    await sleep(100);
  }
  return {
    port,
    endpoint,
    stop: async () => {
      child.kill('SIGTERM');
      if (child.exitCode === null) await new Promise((resolve) => child.once('exit', resolve));
      try {
        rmSync(profile, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
      } catch (error) {
        // A Chromium helper still writing its cache as it exits: the table is written, the folder stays.
        console.warn(`Left ${profile}: ${error instanceof Error ? error.message : error}`);
      }
    },
  };
}

/** Runs `work` with a fresh tab of that Chromium (Playwright over CDP), then lets go of it. */
async function withTab(endpoint, work) {
  const browser = await chromium.connectOverCDP(endpoint);
  try {
    const page = await browser.contexts()[0].newPage();
    try {
      return await work(page);
    } finally {
      await page.close();
    }
  } finally {
    await browser.close(); // disconnects; the browser and its default profile stay
  }
}

/** Signs `user` in through the app's login page, as a person would; answers the app's accessToken. */
function signIn(endpoint, appUrl, user) {
  return withTab(endpoint, async (page) => {
    await page.goto(`${appUrl}/login`);
    await page.getByLabel('Email address').fill(user.email);
    await page.getByLabel('Password').fill(user.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    // In the folded menu of a narrow window: there, not necessarily visible.
    await page
      .getByRole('button', { name: 'Sign out', includeHidden: true })
      .waitFor({ state: 'attached', timeout: 30_000 });
    await page.waitForFunction(() => localStorage.getItem('accessToken') !== null);
    return page.evaluate(() => localStorage.getItem('accessToken'));
  });
}

/**
 * Empties the HTTP cache and the app's service worker with its precache (not the storage that holds the session):
 * each signed-in run starts cold too, as a first visit after signing in on another device would.
 */
const clearCache = (endpoint, origin) =>
  withTab(endpoint, async (page) => {
    const session = await page.context().newCDPSession(page);
    await session.send('Network.clearBrowserCache');
    await session.send('Storage.clearDataForOrigin', { origin, storageTypes: 'service_workers,cache_storage' });
  });

/** Lighthouse now and then loses its trace on a loaded machine (NO_NAVSTART...): that run is made again, twice at most. */
async function auditWithRetries(url, formFactor, browser) {
  for (let attempt = 1; ; attempt += 1) {
    try {
      if (browser) await clearCache(browser.endpoint, new URL(url).origin);
      return await audit(url, formFactor, browser);
    } catch (error) {
      if (attempt === 3) throw error;
      console.warn(`${new URL(url).pathname} ${formFactor}: ${String(error).split('\n').at(-2) ?? error}; again.`);
    }
  }
}

/** One Lighthouse run: in a Chromium of its own, or (`browser`) in ours, keeping its storage. */
async function audit(url, formFactor, browser) {
  const outDir = mkdtempSync(path.join(os.tmpdir(), 'smart-zone-lh-'));
  const report = path.join(outDir, 'report.json');
  try {
    await run(
      process.execPath,
      [
        path.join(ROOT_DIR, 'node_modules/lighthouse/cli/index.js'),
        url,
        '--quiet',
        '--output=json',
        `--output-path=${report}`,
        ...(browser
          ? [`--port=${browser.port}`, '--disable-storage-reset']
          : [`--chrome-flags=${CHROME_FLAGS.join(' ')}`]),
        ...(formFactor === 'desktop' ? ['--preset=desktop'] : []),
      ],
      { env: { ...process.env, CHROME_PATH: chromePath }, maxBuffer: 64 * 1024 * 1024 },
    );
    const lhr = JSON.parse(readFileSync(report, 'utf8'));
    if (values.reports) {
      mkdirSync(values.reports, { recursive: true });
      const name = `${new URL(url).pathname.replace(/\W+/g, '_') || 'root'}-${formFactor}${browser ? '-signed-in' : ''}.json`;
      copyFileSync(report, path.join(values.reports, name));
    }
    const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
    const metric = (id) => lhr.audits[id]?.numericValue ?? NaN;
    const failing = Object.values(lhr.categories)
      .filter((category) => category.id !== 'performance')
      .flatMap((category) => category.auditRefs)
      .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
      .map((ref) => ref.id);
    return {
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      seo: score('seo'),
      fcp: metric('first-contentful-paint'),
      lcp: metric('largest-contentful-paint'),
      tbt: metric('total-blocking-time'),
      cls: metric('cumulative-layout-shift'),
      transfer: Object.fromEntries(
        (lhr.audits['resource-summary']?.details?.items ?? []).map((item) => [item.resourceType, item.transferSize]),
      ),
      failing,
      version: lhr.lighthouseVersion,
      chrome: lhr.environment?.hostUserAgent?.match(/Chrome\/[\d.]+/)?.[0] ?? '',
    };
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const kb = (bytes) => `${((bytes ?? 0) / 1000).toFixed(1)}`;

function table(rows) {
  const lines = [
    '| Page | Who | Form factor | Performance | Accessibility | Best practices | SEO | FCP | LCP | TBT | CLS | Transfer: all / JS / CSS (kB) |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|',
    ...rows.map(
      ({ page, who, formFactor, r }) =>
        `| \`${page}\` | ${who} | ${formFactor} | ${r.performance} | ${r.accessibility} | ${r.bestPractices} | ${r.seo} | ` +
        `${seconds(r.fcp)} | ${seconds(r.lcp)} | ${Math.round(r.tbt)} ms | ${r.cls.toFixed(3)} | ` +
        `${kb(r.transfer.total)} / ${kb(r.transfer.script)} / ${kb(r.transfer.stylesheet)} |`,
    ),
  ];
  return lines.join('\n');
}

async function writeDoc(text) {
  const block = `${START}\n${text}\n${END}`;
  const doc = existsSync(DOC) ? readFileSync(DOC, 'utf8') : '# Performance\n';
  const start = doc.indexOf(START);
  const end = doc.indexOf(END);
  const next =
    start >= 0 && end > start
      ? doc.slice(0, start) + block + doc.slice(end + END.length)
      : `${doc.trimEnd()}\n\n${block}\n`;
  // Formatted as the repository's Prettier check wants it (the table's columns aligned).
  const prettier = await import('prettier');
  const options = (await prettier.resolveConfig(DOC)) ?? {};
  writeFileSync(DOC, await prettier.format(next, { ...options, filepath: DOC }));
}

const listed = (text) => (text ? text.split(',').filter(Boolean) : []);
const only = values.pages !== undefined || values['signed-in-pages'] !== undefined;
const visitorPages = only ? listed(values.pages) : VISITOR_PAGES;
const signedInPages = only ? listed(values['signed-in-pages']) : SIGNED_IN_PAGES;

const app = values.url ? { url: values.url.replace(/\/$/, ''), stop: async () => {} } : await startApp();
let browser;
let countId;
let failed = false;
try {
  if (Number(values.photos) > 0) await givePhotos(app.url, Number(values.photos));
  const [first] = await getJson(`${app.url}/api/inventory?limit=1`);
  const withItem = (page) => page.replace(':item', first?._id ?? 'none').replace(':count', countId ?? 'none');
  const rows = [];
  const auditAll = async (pages, who) => {
    for (const page of pages) {
      for (const formFactor of FORM_FACTORS) {
        const r = await auditWithRetries(app.url + withItem(page), formFactor, browser);
        rows.push({ page, who, formFactor, r });
        console.log(
          `${withItem(page)} ${who} ${formFactor}: ${r.performance}/${r.accessibility}/${r.bestPractices}/${r.seo}` +
            (r.failing.length ? ` (failing: ${r.failing.join(', ')})` : ''),
        );
      }
    }
  };
  await auditAll(visitorPages, 'visitor');
  if (signedInPages.length) {
    const { authEmulatorUrl } = await getJson(`${app.url}/api/config`);
    if (!authEmulatorUrl)
      throw new Error('The signed-in pages need the app to use the Auth emulator (GET /api/config).');
    browser = await startChromium();
    const accessToken = await signIn(browser.endpoint, app.url, await emulatorUser(authEmulatorUrl));
    if (signedInPages.some((page) => page.includes(':count'))) {
      const count = await getJson(`${app.url}/api/counts`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` },
        body: JSON.stringify({ name: 'Lighthouse count' }),
      });
      countId = count._id;
    }
    await auditAll(signedInPages, 'signed in');
  }
  const { version, chrome } = rows[0].r;
  const when = new Date().toISOString().replace(/\.\d+Z$/, 'Z');
  const text =
    `Lighthouse ${version}, ${chrome} headless, one run per row, ${when} (\`pnpm lighthouse\`; ` +
    `\`:item\` is the first item's id, \`:count\` a count session the run opened; signed in: a verified ` +
    `user of the Auth emulator, the warehouse's owner):\n\n${table(rows)}`;
  console.log(`\n${text}\n`);
  if (!values['no-write']) {
    await writeDoc(text);
    console.log(`Written to ${path.relative(process.cwd(), DOC)}.`);
  }
} catch (error) {
  failed = true;
  console.error(error instanceof Error ? error.message : error);
} finally {
  await browser?.stop();
  await app.stop();
}
process.exit(failed ? 1 : 0);
