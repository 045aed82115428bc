// `pnpm dev`: the development loop. The Auth emulator and the API (under
// `tsx watch`, restarting on every source change) on the data in DATA_DIR,
// and Vite's dev server (hot reload) in front, proxying /api to the API.
// One Ctrl-C stops all three.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { LaunchError, PROJECT_ID, ROOT_DIR, isPortFree, launch, loadDotEnv, portSetting } from './lib/launch.cjs';

// Settings may come from .env, as the API reads them; the shell wins.
loadDotEnv();

const port = portSetting('PORT', 5000);
const authPort = portSetting('AUTH_EMULATOR_PORT', 9099);
const webPort = portSetting('WEB_PORT', 5173);
const dataDir = path.resolve(process.env.DATA_DIR || './data');

const webDir = path.join(ROOT_DIR, 'apps/web');
const vitePkg = createRequire(path.join(webDir, 'package.json')).resolve('vite/package.json');
const viteBin = path.join(path.dirname(vitePkg), JSON.parse(readFileSync(vitePkg, 'utf8')).bin.vite);

/** @type {import('./lib/launch.cjs').LaunchedApp | null} */
let app = null;
/** @type {import('node:child_process').ChildProcess | null} */
let web = null;
let stopping = false;

function stopWeb() {
  if (!web || web.exitCode !== null || web.signalCode !== null) return Promise.resolve();
  const exited = new Promise((resolve) => web.once('exit', resolve));
  try {
    process.kill(-web.pid, 'SIGTERM');
  } catch {
    // Already gone.
  }
  const timer = setTimeout(() => {
    try {
      process.kill(-web.pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }, 5000);
  return exited.finally(() => clearTimeout(timer));
}

async function shutdown(code) {
  if (stopping) return;
  stopping = true;
  if (!app) return; // Still starting: the launch below sees `stopping`.
  console.log('Stopping (saving the emulator accounts)...');
  await Promise.all([stopWeb(), app.stop()]);
  process.exit(code);
}

// The children run in their own process groups: a Ctrl-C lands here only, and we stop each once.
process.on('SIGINT', () => void shutdown(0));
process.on('SIGTERM', () => void shutdown(0));
process.once('exit', () => {
  if (web && web.exitCode === null) {
    try {
      process.kill(-web.pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
});

try {
  if (!(await isPortFree(webPort))) {
    throw new LaunchError(
      `Port ${webPort} (Vite) is already in use. Stop what uses it, or pick another: WEB_PORT=<port>.`,
    );
  }
  app = await launch({ dataDir, port, authPort, watch: true, verbose: process.env.SMART_ZONE_VERBOSE === '1' });
} catch (error) {
  console.error(error instanceof LaunchError ? error.message : error);
  process.exit(1);
}
if (stopping) {
  stopping = false;
  await shutdown(0);
}

web = spawn(process.execPath, [viteBin, '--port', String(webPort), '--strictPort', '--host', 'localhost'], {
  cwd: webDir,
  env: { ...process.env, API_URL: `http://127.0.0.1:${port}` },
  detached: true,
  stdio: ['ignore', 'inherit', 'inherit'],
});
web.once('exit', (code, signal) => {
  if (stopping) return;
  console.error(`Vite stopped unexpectedly (${signal ?? `exit code ${code}`}): stopping everything.`);
  void shutdown(1);
});

console.log('');
console.log(`Smart Zone (development): http://localhost:${webPort}`);
console.log(`  API ${app.apiUrl} (tsx watch), Auth emulator ${app.authUrl} (project ${PROJECT_ID})`);
console.log(`  Data: ${dataDir}. Press Ctrl-C to stop.`);
console.log('');

void app.unexpectedExit.then(async ({ name, code, signal }) => {
  if (stopping) return;
  const what = name === 'auth' ? 'The Auth emulator' : 'The API';
  console.error(`${what} stopped unexpectedly (${signal ?? `exit code ${code}`}): stopping everything.`);
  await shutdown(1);
});
