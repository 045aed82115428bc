/**
 * `pnpm bench`: the API under load, in its own process, beside a floor (bare
 * Express answering the same JSON from memory) and a ceiling (bare node:http
 * answering the same bytes), each load run by autocannon in a process of its
 * own. This file only sets up, spawns, waits and collects.
 *
 * The machine is shared and noisy: read the ratios to the floor, measured
 * seconds apart under the same noise, more than the absolute numbers.
 *
 * `--only csv` adds issue 21's CSV export and import (csv.ts), timed calls
 * with a probe of other users' requests beside them; it runs last, and only
 * when named, since it rewrites every item and doubles the store.
 *
 * `--only sse` adds issue 22's live updates (sse.ts): a thousand SSE clients in a process of their own,
 * restocks timed from commit to every stream, the reads and deliveries beside the same with no stream,
 * and a second API process on the same file. It runs after the other scenarios, before the CSV's.
 *
 * Issue 34's locations' search (locations.ts) runs with the others, or alone with `--only locations`: its
 * 10,010 locations (10 rooms × 10 shelves × 99 bins) are seeded before the API starts, whenever one of its scenarios is chosen.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { DeliveredItem } from '@smart-zone/types/delivery';
import type { Item } from '@smart-zone/types/item';
import { type ApiServer, benchToken, buildApi, startApiServer } from './api-server';
import { CSV_SCENARIO, runCsv } from './csv';
import { COUNTS_SCENARIO, countsLines, runCounts } from './counts';
import { createStockItem } from './deliveries';
import { csvGoalLines, goalLines, sseGoalLines } from './goals';
import { expect } from './http';
import { LOCATION_QUERIES, LOCATIONS_SEEDED, type SeededLocations, seedLocations, wantsLocations } from './locations';
import { type BenchOptions, readOptions } from './options';
import { summarizeProfiles } from './profile';
import { type ReferenceServer, saveReferenceBodies, startReferenceServer } from './reference-servers';
import { csvTables, machine, markdownTable, type Report, sseTables } from './report';
import { runScenarios } from './runner';
import { scenarios, searchTermFor } from './scenarios';
import { runSse, SSE_SCENARIO } from './sse';
import { hasSeedScript, seedThroughApi, seedWithScript } from './seed-items';

const progress = (message: string) => console.error(`[bench] ${message}`);

async function main() {
  const options = readOptions(process.argv.slice(2));
  const workDir = mkdtempSync(path.join(tmpdir(), 'smart-zone-bench-'));
  const dataDir = options.reuse ?? path.join(workDir, 'data');
  const profileDir = options.cpuProf ? path.join(workDir, 'profile') : undefined;
  const token = benchToken();

  const seedStarted = Date.now();
  const seedScript = hasSeedScript();
  const activity = options.deliveries + options.movements > 0;
  if (options.reuse) {
    progress(`reusing the store in ${options.reuse}: nothing seeded`);
  } else if (seedScript) {
    mkdirSync(dataDir);
    progress(
      `seeding ${options.items} items${activity ? `, ${options.deliveries} deliveries and ${options.movements} stock moves` : ''} with src/seed.ts…`,
    );
    await seedWithScript(dataDir, options.items, options);
  } else if (activity) {
    throw new Error('--deliveries and --movements need the seed script (src/seed.ts)');
  } else {
    mkdirSync(dataDir);
  }
  let seedSeconds = options.reuse ? null : (Date.now() - seedStarted) / 1000;
  // Issue 34: the tree, written before the API opens the store (a reused store keeps the one it has).
  let seededLocations: SeededLocations | null = null;
  if (!options.reuse && wantsLocations(options)) {
    progress(`seeding ${LOCATIONS_SEEDED.toLocaleString('en')} locations through the store's locations.create…`);
    seededLocations = await seedLocations(dataDir);
    progress(
      `seeded ${seededLocations.created} locations and moved ${seededLocations.itemsInBin.toLocaleString('en')} ` +
        `items' units into one bin in ${seededLocations.seconds.toFixed(1)} s`,
    );
  }
  if (options.server === 'compiled') {
    progress('compiling the API (dist/server.js, as pnpm start runs it)…');
    buildApi();
  }
  const api = await startApiServer(dataDir, path.join(workDir, 'server.log'), {
    cpuProfDir: profileDir,
    server: options.server,
  });
  const references: ReferenceServer[] = [];
  let report: Report;
  try {
    if (!seedScript && !options.reuse) {
      progress(`no src/seed.ts yet: seeding ${options.items} items through POST /api/inventory…`);
      const started = Date.now();
      await seedThroughApi(api.base, token, options.items);
      seedSeconds = (Date.now() - started) / 1000;
    }
    progress(
      `${seedSeconds === null ? 'store reused' : `seeded in ${seedSeconds.toFixed(1)} s`}; API pid ${api.pid} at ${api.base}`,
    );
    report = await benchmark(options, api, token, { workDir, dataDir, seededLocations }, references);
    report.seedSeconds = seedSeconds;
    if (report.locations) report.locations.seedSeconds = seededLocations?.seconds ?? null;
  } finally {
    // Stopping the API (SIGTERM, its graceful shutdown) is also what writes its CPU profile.
    await Promise.all([...references.map((server) => server.stop()), api.stop()]);
  }
  if (profileDir) report.profile = summarizeProfiles(profileDir);
  print(report);
  if (options.json) writeFileSync(options.json, `${JSON.stringify(report, null, 2)}\n`);
  // A profile is worth keeping: it opens in Chrome DevTools or speedscope.
  if (options.keep || options.cpuProf) progress(`kept ${workDir}`);
  else rmSync(workDir, { recursive: true, force: true });
}

async function benchmark(
  options: BenchOptions,
  api: ApiServer,
  token: string,
  { workDir, dataDir, seededLocations }: { workDir: string; dataDir: string; seededLocations: SeededLocations | null },
  references: ReferenceServer[],
): Promise<Report> {
  const totalOf = async (query: string, listPath = '/api/inventory') => {
    const total = (await expect<unknown[]>(200, `${api.base}${listPath}?${query}`, { token })).headers.get(
      'x-total-count',
    );
    return total === null ? null : Number(total);
  };
  const middle = await expect<Item[]>(200, `${api.base}/api/inventory?limit=1&skip=${Math.floor(options.items / 2)}`);
  const itemId = middle.body[0]?._id;
  if (!itemId) throw new Error('the store holds no items after seeding');
  const searchTerm = searchTermFor(options.items);
  const stockItem = await createStockItem(api.base, token);
  // Issue 20's filters name an item with a delivery (the newest one's), when the seed made any.
  const newest = await expect<DeliveredItem[]>(200, `${api.base}/api/deliveries?limit=1`, { token });
  const activeItemId = newest.body[0]?.inventoriesId ?? itemId;

  const chosen = scenarios(options, {
    itemId,
    activeItemId,
    searchTerm,
    token,
    base: api.base,
    workDir,
    stockItem,
    locations: seededLocations,
  }).filter((scenario) => !options.only || options.only.some((text) => scenario.name.includes(text)));
  // Issue 21's CSV import rewrites every item and doubles the store: only when asked for by name, and last.
  const csvChosen = options.only?.some((text) => CSV_SCENARIO.includes(text)) ?? false;
  // Issue 22's thousand SSE clients and second API process: only when asked for by name too.
  const sseChosen = options.only?.some((text) => SSE_SCENARIO.toLowerCase().includes(text.toLowerCase())) ?? false;
  // Issue 35's count over every item: only when asked for by name (it writes 1,000 movements).
  const countsChosen = options.only?.some((text) => COUNTS_SCENARIO.includes(text)) ?? false;
  if (chosen.length === 0 && !csvChosen && !sseChosen && !countsChosen) {
    throw new Error(`no scenario name contains any of ${options.only?.join(', ')}`);
  }
  let floor: ReferenceServer | undefined;
  let ceiling: ReferenceServer | undefined;
  const imitated = chosen.filter((scenario) => scenario.hasFloor).map((scenario) => scenario.path);
  if (imitated.length > 0) {
    const bodies = path.join(workDir, 'bodies.json');
    await saveReferenceBodies(api.base, imitated, bodies, token);
    floor = await startReferenceServer('floor', bodies);
    ceiling = await startReferenceServer('ceiling', bodies);
    references.push(floor, ceiling);
  }

  const rows = await runScenarios(
    chosen,
    { api, floor, ceiling },
    { warmup: options.warmup, rounds: options.rounds, token, progress },
  );
  const report: Report = {
    date: new Date().toISOString(),
    machine: machine(),
    command: `pnpm bench -- ${process.argv
      .slice(2)
      .filter((arg) => arg !== '--')
      .join(' ')}`.trim(),
    options,
    // The bench's own stock item is in the store too.
    itemsInStore: await totalOf('limit=1'),
    searchMatches: await totalOf(`limit=1&q=${encodeURIComponent(searchTerm)}`),
    auditEntries: await totalOf('limit=1', '/api/audit'),
    deliveriesInStore: await totalOf('limit=1', '/api/deliveries'),
    seedSeconds: null, // set by main, which seeded
    rows,
  };
  if (chosen.some((scenario) => scenario.path.startsWith('/api/locations'))) {
    const matches: Record<string, number | null> = {};
    for (const q of LOCATION_QUERIES)
      matches[q] = await totalOf(`limit=1&q=${encodeURIComponent(q)}`, '/api/locations');
    report.locations = { inStore: await totalOf('limit=1', '/api/locations'), matches, seedSeconds: null };
  }
  // After the counts above, which describe the store the other scenarios ran on.
  if (sseChosen) {
    report.sse = await runSse({
      api,
      dataDir,
      workDir,
      server: options.server,
      token,
      stockItem,
      clients: options.sseClients,
      seconds: options.seconds,
      connections: options.connections,
      warmup: options.warmup,
      rounds: options.rounds,
      progress,
    });
  }
  if (countsChosen) {
    report.counts = await runCounts({
      base: api.base,
      token,
      workDir,
      warmup: options.warmup,
      seconds: options.seconds,
      progress,
    });
  }
  if (csvChosen) {
    report.csv = await runCsv({
      base: api.base,
      pid: api.pid,
      token,
      workDir,
      warmup: options.warmup,
      seconds: options.seconds,
      progress,
    });
  }
  return report;
}

function print(report: Report) {
  const { machine: m, options } = report;
  console.log(`## Smart Zone bench, ${report.date}\n`);
  console.log(`Machine: ${m.cpus} × ${m.cpu}, ${m.memoryGb} GB, Node ${m.node}, ${m.platform}`);
  console.log(`Command: \`${report.command}\``);
  console.log(
    `SQLite file store, ${report.itemsInStore ?? '?'} items; ${options.seconds} s per run after ${options.warmup} s warm-up; ` +
      `${options.connections} connections (deliveries 64); the search matches ${report.searchMatches ?? '?'} items; ` +
      `API run ${options.server === 'compiled' ? 'compiled (node dist/server.js)' : 'through tsx (src/server.ts)'}; ` +
      `the floor's calls in ${options.rounds} interleaved rounds.`,
  );
  console.log(
    `${report.auditEntries ?? '?'} audit entries, ${report.deliveriesInStore ?? '?'} deliveries; ` +
      (report.seedSeconds === null
        ? `the store reused from ${options.reuse}.\n`
        : `seeded (${options.items} items, ${options.deliveries} deliveries, ${options.movements} stock moves) in ` +
          `${report.seedSeconds.toFixed(1)} s.\n`),
  );
  if (report.locations) {
    const { inStore, matches, seedSeconds } = report.locations;
    console.log(
      `Issue 34: ${inStore?.toLocaleString('en') ?? '?'} locations (Main included), ` +
        `${seedSeconds === null ? 'the store reused' : `seeded through the store's locations.create in ${seedSeconds.toFixed(1)} s`}; ` +
        `the searches match ${Object.entries(matches)
          .map(([q, total]) => `${total?.toLocaleString('en') ?? '?'} (?q=${q})`)
          .join(', ')}.\n`,
    );
  }
  if (report.rows.length > 0) {
    console.log(markdownTable(report.rows));
    console.log(`\n${goalLines(report.rows, report.locations?.inStore).join('\n')}`);
  }
  if (report.sse) {
    console.log(`\n### ${SSE_SCENARIO}, ${report.sse.clients.toLocaleString('en')} clients\n`);
    console.log(sseTables(report.sse));
    console.log(`\n${sseGoalLines(report.sse).join('\n')}`);
  }
  if (report.csv) {
    console.log(`\n### ${CSV_SCENARIO}, ${report.csv.items.toLocaleString('en')} items\n`);
    console.log(csvTables(report.csv));
    console.log(`\n${csvGoalLines(report.csv).join('\n')}`);
  }
  if (report.counts) {
    console.log(`\n### ${COUNTS_SCENARIO}, ${report.counts.items.toLocaleString('en')} items\n`);
    console.log(countsLines(report.counts).join('\n'));
  }
  if (report.profile) console.log(`\n${report.profile.join('\n')}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
