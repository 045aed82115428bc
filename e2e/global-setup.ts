import { appendFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import type { FullConfig } from '@playwright/test';
import { ROOT_DIR, freePort, launch } from '../scripts/lib/launch.cjs';
import { NO_CHROMIUM_MESSAGE, findChromium } from './chromium';
import { ARTIFACTS_DIR } from './paths';
import { E2E_OWNER, makeOwnerAccount } from './tests/helpers/team';

/**
 * Starts the app the way `pnpm start` does (same launcher), but on a fresh
 * temporary data folder and free ports, and leaves its URLs in the
 * environment for the workers. Returns the teardown.
 */
/** How many synthetic items the app holds during the e2e run (E2E_ITEMS overrides). */
export const E2E_ITEMS = 100_000;

export default async function globalSetup(_config: FullConfig) {
  if (!findChromium()) throw new Error(NO_CHROMIUM_MESSAGE);
  if (!existsSync(path.join(ROOT_DIR, 'apps/web/dist/index.html'))) {
    throw new Error('The web app is not built (apps/web/dist/index.html is missing): run pnpm build first.');
  }

  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  const serverLog = path.join(ARTIFACTS_DIR, 'server.log');
  writeFileSync(serverLog, '');
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'smart-zone-e2e-'));
  const [port, authPort] = [await freePort(), await freePort()];

  // The warehouse at scale: the demo phones first (as a first start would load
  // them), then synthetic items, loaded by the project's own seed script.
  const items = Number(process.env.E2E_ITEMS ?? E2E_ITEMS);
  const seeded = performance.now();
  execFileSync(process.execPath, ['--import', 'tsx', 'src/seed.ts', '--items', String(items)], {
    cwd: path.join(ROOT_DIR, 'apps/api'),
    env: { ...process.env, INIT_CWD: '', DATA_DIR: dataDir, MONGODB_URI: '', SEED_DEMO_DATA: 'true' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  appendFileSync(serverLog, `[e2e] seeded ${items} items in ${Math.round(performance.now() - seeded)} ms\n`);

  const app = await launch({
    dataDir,
    port,
    authPort,
    // The tests own their settings: a developer's .env or shell must not
    // point them at MongoDB or turn the demo items off.
    env: {
      ...process.env,
      MONGODB_URI: '',
      SEED_DEMO_DATA: 'true',
      HOST: '',
      CORS_ORIGINS: '',
      WEB_DIST: '',
      JWT_SECRET: '',
      LOGIN_RATE_LIMIT: '1000',
      // A real shop's team: the owner invites everyone else (tests/helpers/team.ts).
      OWNER_EMAILS: E2E_OWNER.email,
      STAFF: '',
    },
    output: (line) => appendFileSync(serverLog, `${line}\n`),
  }).catch((error: unknown) => {
    rmSync(dataDir, { recursive: true, force: true });
    throw new Error(`The app did not start (log: ${serverLog}): ${(error as Error).message}`);
  });

  process.env.SMART_ZONE_URL = app.url;
  process.env.SMART_ZONE_API_URL = app.apiUrl;
  process.env.SMART_ZONE_AUTH_URL = app.authUrl;
  await makeOwnerAccount();

  void app.unexpectedExit.then(({ name, code, signal }) => {
    appendFileSync(serverLog, `[e2e] ${name} exited unexpectedly (${signal ?? code})\n`);
  });

  return async () => {
    await app.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
