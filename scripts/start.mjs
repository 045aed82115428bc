// `pnpm start`: the Auth emulator and the API (serving the built web app) on
// the data in DATA_DIR, one URL to open, Ctrl-C to stop. The next start keeps
// every item, delivery and account (SQLite file, emulator export, JWT secret).
import { existsSync } from 'node:fs';
import path from 'node:path';
import { LaunchError, ROOT_DIR, launch, loadDotEnv, portSetting } from './lib/launch.cjs';

// Settings may come from .env, as the API reads them; the shell wins.
loadDotEnv();

const port = portSetting('PORT', 5000);
const authPort = portSetting('AUTH_EMULATOR_PORT', 9099);
const dataDir = path.resolve(process.env.DATA_DIR || './data');

if (!existsSync(path.join(ROOT_DIR, 'apps/web/dist/index.html'))) {
  console.warn('The web app is not built yet: run `npx -y pnpm@10 build` (pnpm start does it for you).');
}

let app = null;
let stopping = false;

async function shutdown(code) {
  if (stopping) return;
  stopping = true;
  // Still starting: the launch below sees `stopping` and stops what it started.
  if (!app) return;
  console.log('Stopping Smart Zone (saving the emulator accounts)...');
  await app.stop();
  process.exit(code);
}

// Children run in their own process groups, so a Ctrl-C lands here only.
process.on('SIGINT', () => void shutdown(0));
process.on('SIGTERM', () => void shutdown(0));

try {
  app = await launch({
    dataDir,
    port,
    authPort,
    verbose: process.env.SMART_ZONE_VERBOSE === '1',
  });
} catch (error) {
  console.error(error instanceof LaunchError ? error.message : error);
  process.exit(1);
}

if (stopping) {
  stopping = false;
  await shutdown(0);
} else {
  console.log('');
  console.log(`Smart Zone is running: ${app.url}`);
  console.log(`Data: ${dataDir}. Press Ctrl-C to stop.`);
  console.log('');
}

app.unexpectedExit.then(async ({ name, code, signal }) => {
  if (stopping) return;
  const what = name === 'auth' ? 'The Auth emulator' : 'The API';
  console.error(`${what} stopped unexpectedly (${signal ?? `exit code ${code}`}): stopping everything.`);
  await shutdown(1);
});
