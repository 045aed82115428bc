/**
 * `pnpm bench:searches -- [--items 100000] [--searches 100000] [--mix] [--reuse <data folder>]`:
 * anonymous searches whose texts were never sent before (six random letters), against the compiled
 * server (dist/server.js) in its own process, from this one, on loopback; the server's resident
 * memory (/proc/<pid>/status) is read before the first and after every quarter. After the first
 * quarter it should not grow: every cache is bounded (docs/decisions/014).
 *
 * Each search is `?q=<text>&limit=6`; with `--mix`, a fifth each of that, the whole list (`?q=`), the
 * web app's page (`?limit=12&q=&sort=`), a later page of the low ones and the CSV export (`.csv?q=`).
 */
import http from 'node:http';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildApi, startApiServer } from './api-server';
import { residentMb } from './memory';
import { seedWithScript } from './seed-items';

/** Requests in flight at once, each on its own kept-alive connection. */
const CONNECTIONS = 8;
const SORTS = ['name', '-name', 'price', '-price', 'quantity', '-newest', 'newest'];

const progress = (message: string) => console.error(`[searches] ${message}`);

/** Six letters, never the same twice in a run. */
function uniqueTexts(): () => string {
  const seen = new Set<string>();
  return () => {
    for (;;) {
      const text = Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');
      if (!seen.has(text)) {
        seen.add(text);
        return text;
      }
    }
  };
}

function searchPath(q: string, at: number, mix: boolean): string {
  if (!mix) return `/api/inventory?q=${q}&limit=6`;
  switch (at % 5) {
    case 0:
      return `/api/inventory?q=${q}&limit=6`;
    case 1:
      return `/api/inventory?q=${q}`;
    case 2:
      return `/api/inventory?limit=12&q=${q}&sort=${SORTS[at % SORTS.length]}`;
    case 3:
      return `/api/inventory?limit=24&skip=24&q=${q}&stock=low&sort=-price`;
    default:
      return `/api/inventory.csv?q=${q}`;
  }
}

function get(agent: http.Agent, url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent }, (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      })
      .on('error', reject);
  });
}

async function main() {
  const { values } = parseArgs({
    args: process.argv.slice(2).filter((arg) => arg !== '--'),
    options: {
      items: { type: 'string', default: '100000' },
      searches: { type: 'string', default: '100000' },
      mix: { type: 'boolean', default: false },
      reuse: { type: 'string' },
    },
  });
  const items = Number(values.items);
  const searches = Number(values.searches);
  const workDir = mkdtempSync(path.join(tmpdir(), 'smart-zone-searches-'));
  const dataDir = values.reuse ?? path.join(workDir, 'data');
  if (!values.reuse) {
    mkdirSync(dataDir);
    progress(`seeding ${items} items…`);
    await seedWithScript(dataDir, items);
  }
  progress('compiling the API…');
  buildApi();
  const api = await startApiServer(dataDir, path.join(workDir, 'server.log'), { server: 'compiled' });
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  try {
    // One of each before the first reading, so the search worker and the routes are started.
    for (let at = 0; at < 5; at += 1) await get(agent, api.base + searchPath(`warm${at}`, at, true));
    const next = uniqueTexts();
    const quarter = Math.ceil(searches / 4);
    const rows = [{ searches: 0, rssMb: residentMb(api.pid) }];
    const statuses: Record<number, number> = {};
    let sent = 0;
    const started = Date.now();
    const client = async () => {
      while (sent < searches) {
        const at = sent++;
        const status = await get(agent, api.base + searchPath(next(), at, values.mix));
        statuses[status] = (statuses[status] ?? 0) + 1;
        if ((at + 1) % quarter === 0 || at + 1 === searches) {
          rows.push({ searches: at + 1, rssMb: residentMb(api.pid) });
          progress(`${at + 1} searches: RSS ${rows.at(-1)!.rssMb.toFixed(1)} MB`);
        }
      }
    };
    await Promise.all(Array.from({ length: CONNECTIONS }, client));
    const seconds = (Date.now() - started) / 1000;
    rows.sort((a, b) => a.searches - b.searches);
    const half = rows.find((row) => row.searches >= searches / 2)!;
    const last = rows.at(-1)!;
    console.log(
      `${searches} unique searches${values.mix ? ' (mixed)' : ''} at ${items} items in ${seconds.toFixed(0)} s`,
    );
    console.log('| Searches | RSS (MB) |\n| ---: | ---: |');
    for (const row of rows) console.log(`| ${row.searches.toLocaleString('en')} | ${row.rssMb.toFixed(1)} |`);
    console.log(`Statuses: ${JSON.stringify(statuses)}`);
    console.log(`Growth over the last half: ${(last.rssMb - half.rssMb).toFixed(1)} MB (must stay under 20)`);
  } finally {
    agent.destroy();
    await api.stop();
    rmSync(workDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
