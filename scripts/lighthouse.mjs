// `pnpm lighthouse [--url http://host:port] [--pages /,/login] [--no-write] [--reports dir]`: Lighthouse (npm,
// run in Debian's Chromium) on /, /inventory and /login, mobile and desktop,
// one run each. Without --url it starts the built app the way `pnpm start`
// does (same launcher) on a temporary data folder with the demo phones and
// free ports, and stops it afterwards. The scores table goes to stdout and
// between the lighthouse markers of docs/PERFORMANCE.md.
import { execFile } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs, promisify } from 'node:util';
import launcher from './lib/launch.cjs';

const { ROOT_DIR, freePort, launch } = launcher;
const run = promisify(execFile);

const DEFAULT_PAGES = ['/', '/inventory', '/login'];
const FORM_FACTORS = ['mobile', 'desktop'];
const DOC = path.join(ROOT_DIR, 'docs/PERFORMANCE.md');
const START = '<!-- lighthouse:start -->';
const END = '<!-- lighthouse:end -->';
// Ports the fetch standard blocks ("bad ports"): Chromium refuses to open them.
const BAD_PORTS = new Set([5060, 5061, 6000, 6566, 6665, 6666, 6667, 6668, 6669, 6697, 10080]);

const { values } = parseArgs({
  options: {
    url: { type: 'string' },
    pages: { type: 'string' },
    'no-write': { type: 'boolean', default: false },
    /** Keep each full JSON report there (<page>-<form factor>.json). */
    reports: { type: 'string' },
  },
});

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
    env: { ...process.env, MONGODB_URI: '', SEED_DEMO_DATA: 'true', HOST: '', JWT_SECRET: '' },
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

/** Lighthouse now and then loses its trace on a loaded machine (NO_NAVSTART...): that run is made again, twice at most. */
async function auditWithRetries(url, formFactor) {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await audit(url, formFactor);
    } catch (error) {
      if (attempt === 3) throw error;
      console.warn(`${new URL(url).pathname} ${formFactor}: ${String(error).split('\n').at(-2) ?? error}; again.`);
    }
  }
}

async function audit(url, formFactor) {
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
        '--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage',
        ...(formFactor === 'desktop' ? ['--preset=desktop'] : []),
      ],
      { env: { ...process.env, CHROME_PATH: chromePath }, maxBuffer: 64 * 1024 * 1024 },
    );
    const lhr = JSON.parse(readFileSync(report, 'utf8'));
    if (values.reports) {
      mkdirSync(values.reports, { recursive: true });
      const name = `${new URL(url).pathname.replace(/\W+/g, '_') || 'root'}-${formFactor}.json`;
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
    '| Page | Form factor | Performance | Accessibility | Best practices | SEO | FCP | LCP | TBT | CLS | Transfer: all / JS / CSS (kB) |',
    '|---|---|---|---|---|---|---|---|---|---|---|',
    ...rows.map(
      ({ page, formFactor, r }) =>
        `| \`${page}\` | ${formFactor} | ${r.performance} | ${r.accessibility} | ${r.bestPractices} | ${r.seo} | ` +
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

const app = values.url ? { url: values.url.replace(/\/$/, ''), stop: async () => {} } : await startApp();
let failed = false;
try {
  const rows = [];
  const pages = values.pages ? values.pages.split(',') : DEFAULT_PAGES;
  for (const page of pages) {
    for (const formFactor of FORM_FACTORS) {
      const r = await auditWithRetries(app.url + page, formFactor);
      rows.push({ page, formFactor, r });
      console.log(
        `${page} ${formFactor}: ${r.performance}/${r.accessibility}/${r.bestPractices}/${r.seo}` +
          (r.failing.length ? ` (failing: ${r.failing.join(', ')})` : ''),
      );
    }
  }
  const { version, chrome } = rows[0].r;
  const when = new Date().toISOString().replace(/\.\d+Z$/, 'Z');
  const text = `Lighthouse ${version}, ${chrome} headless, one run per row, ${when} (\`pnpm lighthouse\`):\n\n${table(rows)}`;
  console.log(`\n${text}\n`);
  if (!values['no-write']) {
    await writeDoc(text);
    console.log(`Written to ${path.relative(process.cwd(), DOC)}.`);
  }
} catch (error) {
  failed = true;
  console.error(error instanceof Error ? error.message : error);
} finally {
  await app.stop();
}
process.exit(failed ? 1 : 0);
