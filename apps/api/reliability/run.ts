/**
 * `pnpm test:reliability`: the promises of issue 18 checked against the
 * compiled API in its own process, on fresh SQLite files, over loopback only:
 * fuzz (fast-check requests from the OpenAPI document), crash (kill -9 during
 * a write burst, three times), load (`?limit=6` p99 and RSS under searches,
 * whole-list downloads and slow readers at --items items), attack (huge and
 * held uploads, stalled live streams, unique searches, at the same items). It
 * prints the figures and exits non-zero when a promise did not hold.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApi } from '../bench/api-server';
import { runAttack } from './attack/attack';
import { attackChecks, printAttack } from './attack/report';
import { runCrash } from './crash';
import { runFuzz } from './fuzz/fuzz';
import { runLoad } from './load/load';
import { readOptions } from './options';
import {
  type Check,
  crashChecks,
  fuzzChecks,
  loadChecks,
  printChecks,
  printCrash,
  printFuzz,
  printLoad,
} from './report';

const progress = (message: string) => console.error(`[reliability] ${message}`);

async function main() {
  const options = readOptions(process.argv.slice(2));
  const workDir = mkdtempSync(path.join(tmpdir(), 'smart-zone-reliability-'));
  const started = Date.now();
  const checks: Check[] = [];
  const figures: Record<string, unknown> = { date: new Date().toISOString(), options };
  progress('compiling the API (dist/server.js, as pnpm start runs it)…');
  buildApi();
  console.log(`## Smart Zone reliability, ${new Date().toISOString()}\n`);
  console.log(
    `Command: \`pnpm test:reliability -- ${process.argv
      .slice(2)
      .filter((a) => a !== '--')
      .join(' ')}\``,
  );

  if (options.only.includes('fuzz')) {
    const fuzz = await runFuzz(workDir, { runs: options.fuzzRuns, seed: options.seed }, progress);
    printFuzz(fuzz);
    checks.push(...fuzzChecks(fuzz, options.fuzzRuns));
    figures.fuzz = fuzz;
  }
  if (options.only.includes('crash')) {
    const rounds = await runCrash(workDir, progress);
    printCrash(rounds);
    checks.push(...crashChecks(rounds));
    figures.crash = rounds;
  }
  if (options.only.includes('load')) {
    const load = await runLoad(workDir, { items: options.items, seconds: options.seconds }, progress);
    printLoad(load);
    checks.push(...loadChecks(load));
    figures.load = load;
  }
  if (options.only.includes('attack')) {
    const attack = await runAttack(workDir, { items: options.items }, progress);
    printAttack(attack);
    checks.push(...attackChecks(attack));
    figures.attack = attack;
  }

  printChecks(checks);
  const seconds = (Date.now() - started) / 1000;
  console.log(`Run time: ${Math.floor(seconds / 60)} min ${Math.round(seconds % 60)} s`);
  figures.seconds = seconds;
  figures.checks = checks;
  // pnpm runs the script in apps/api: a relative --json means where the command was typed.
  if (options.json) {
    writeFileSync(path.resolve(process.env.INIT_CWD ?? '.', options.json), `${JSON.stringify(figures, null, 2)}\n`);
  }
  if (options.keep) progress(`kept ${workDir}`);
  else rmSync(workDir, { recursive: true, force: true });
  process.exitCode = checks.every((check) => check.passed) ? 0 : 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
