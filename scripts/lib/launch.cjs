// Starts the Firebase Auth emulator and the API (which serves the built web
// app) for one data folder and one set of ports, and hands back a stop
// function. `scripts/start.mjs` (pnpm start) and the e2e harness both use it,
// so the tests run the app exactly the way a person starts it.
// (CommonJS, so both the ESM start script and Playwright's TypeScript loader
// can load it as it is.)
'use strict';
const { spawn } = require('node:child_process');
const { randomBytes } = require('node:crypto');
const { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } = require('node:fs');
const { createRequire } = require('node:module');
const net = require('node:net');
const os = require('node:os');
const path = require('node:path');
const { emulatorLinkLine } = require('./emulator-links.cjs');
const { readableLog } = require('./readable-log.cjs');

const ROOT_DIR = path.resolve(__dirname, '../..');
const PROJECT_ID = 'demo-smart-zone';
/**
 * The compiled API's node flags (here and in its bench, apps/api/bench/api-server.ts): stack traces through the
 * source map, and a young generation of 32 MB a semi-space (V8's default is 16 on 64-bit): a request's short-lived
 * objects die there rather than being promoted, so fewer and shorter pauses reach the answers. Deliveries at 64
 * connections, three pairs side by side: p99 27–29 ms with it, 31–33 ms without, at the same rate (issue 31).
 */
const API_NODE_FLAGS = ['--enable-source-maps', '--max-semi-space-size=32'];

const STOP_TIMEOUT_MS = 10_000;
const READY_TIMEOUT_MS = 90_000;

class LaunchError extends Error {}

/** A port nobody listens on right now (the kernel picks it). */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen({ port: 0, host: '127.0.0.1' }, () => {
      const { port } = /** @type {net.AddressInfo} */ (server.address());
      server.close(() => resolve(port));
    });
  });
}

/** True when `port` can be bound on `host` (a wildcard listener elsewhere also makes it busy). */
/** Settings may come from .env in the working folder, as the API reads them; the shell wins. */
function loadDotEnv() {
  const envFile = path.join(process.cwd(), '.env');
  if (existsSync(envFile)) process.loadEnvFile(envFile);
}

/** A port from the environment (or the fallback); anything else stops the script with a one-line error. */
function portSetting(name, fallback) {
  const text = process.env[name] || String(fallback);
  const port = Number(text);
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    console.error(`${name} must be a port number (1-65535), got "${text}".`);
    process.exit(1);
  }
  return port;
}

function isPortFree(port, host = '127.0.0.1') {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.unref();
    server.once('error', () => resolve(false));
    server.listen({ port, host, exclusive: true }, () => server.close(() => resolve(true)));
  });
}

/**
 * The JWT secret that signs the API's accessTokens. Kept in DATA_DIR so a
 * restart does not sign everybody out; made once, readable by the owner only.
 */
function ensureJwtSecret(dataDir) {
  const file = path.join(dataDir, 'jwt-secret');
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    try {
      writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600, flag: 'wx' });
    } catch (error) {
      if (/** @type {NodeJS.ErrnoException} */ (error).code !== 'EEXIST') throw error;
    }
  }
  const secret = readFileSync(file, 'utf8').trim();
  if (secret.length < 32) {
    throw new LaunchError(`${file} holds a secret shorter than 32 characters: delete it to get a new one.`);
  }
  return secret;
}

function binaries(rootDir, watch = false) {
  const firebasePkg = path.join(rootDir, 'node_modules/firebase-tools/package.json');
  const apiPkg = path.join(rootDir, 'apps/api/package.json');
  if (!existsSync(firebasePkg)) {
    throw new LaunchError('firebase-tools is not installed: run `npx -y pnpm@10 install` first.');
  }
  const firebase = path.join(path.dirname(firebasePkg), JSON.parse(readFileSync(firebasePkg, 'utf8')).bin.firebase);
  if (watch) {
    // `pnpm dev`: the TypeScript source under `tsx watch`, restarted on every change.
    let tsxCli;
    try {
      tsxCli = createRequire(apiPkg).resolve('tsx/cli');
    } catch {
      throw new LaunchError('tsx is not installed for apps/api: run `npx -y pnpm@10 install` first.');
    }
    return { firebase, apiArgs: [tsxCli, 'watch', path.join(path.dirname(apiPkg), 'src/server.ts')] };
  }
  // The compiled API (`pnpm build`): one plain node process, nothing transpiled at start-up.
  const server = path.join(path.dirname(apiPkg), 'dist/server.js');
  if (!existsSync(server)) {
    throw new LaunchError('The API is not built yet: run `npx -y pnpm@10 build` (pnpm start does it for you).');
  }
  return { firebase, apiArgs: [...API_NODE_FLAGS, server] };
}

// The emulator's console is chatty (banners, tables, a failed MOTD fetch
// offline). Keep what a person needs: problems, and the export on exit.
const AUTH_NOISE = [/MOTD/, /Emulator UI is not starting/, /Detected demo project ID/];
const AUTH_KEEP = [/^[⚠✖!]/, /error/i, /fail/i, /Export complete/, /Importing data/];

function authLineWorthShowing(line) {
  if (emulatorLinkLine(line)) return true;
  if (AUTH_NOISE.some((pattern) => pattern.test(line))) return false;
  return AUTH_KEEP.some((pattern) => pattern.test(line));
}

const ANSI = /\x1b\[[0-9;]*m/g; // eslint-disable-line no-control-regex

/** Calls `onLine` for every complete line the stream writes. */
function eachLine(stream, onLine) {
  let rest = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk) => {
    const lines = (rest + chunk).split(/\r?\n/);
    rest = lines.pop() ?? '';
    for (const line of lines) onLine(line.replace(ANSI, ''));
  });
  stream.on('end', () => {
    if (rest) onLine(rest.replace(ANSI, ''));
  });
}

/**
 * A child in its own process group: a Ctrl-C in the terminal reaches only the
 * launcher, which then sends exactly one SIGINT to each child. (The emulator
 * takes a second SIGINT as "stop now, skip the export".)
 */
function startChild(name, args, { cwd, env, output, filter, format }) {
  const child = spawn(process.execPath, args, { cwd, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise((resolve) => {
    child.on('exit', (code, signal) => resolve({ name, code, signal }));
    child.on('error', (error) => {
      output(`[${name}] could not start: ${error.message}`);
      resolve({ name, code: 1, signal: null });
    });
  });
  for (const stream of [child.stdout, child.stderr]) {
    eachLine(stream, (line) => {
      if (line.trim() && (!filter || filter(line))) output(`[${name}] ${format ? format(line) : line}`);
    });
  }
  return { name, child, exited };
}

function isRunning({ child }) {
  return child.exitCode === null && child.signalCode === null;
}

function killGroup({ child }, signal) {
  try {
    process.kill(-child.pid, signal);
  } catch {
    // Already gone.
  }
}

async function stopChild(proc, timeoutMs) {
  if (!isRunning(proc)) return;
  proc.child.kill('SIGINT');
  let timer;
  const timedOut = new Promise((resolve) => {
    timer = setTimeout(() => resolve(true), timeoutMs);
  });
  const late = await Promise.race([proc.exited.then(() => false), timedOut]);
  clearTimeout(timer);
  // Whatever is left in the child's group goes too.
  killGroup(proc, 'SIGKILL');
  if (late) await proc.exited;
  return late;
}

/** Polls `url` until it answers `expectStatus`; fails early when the child exits. */
async function waitForHttp(url, proc, { expectStatus = 200, timeoutMs = READY_TIMEOUT_MS } = {}) {
  const deadline = Date.now() + timeoutMs;
  let exitedEarly = null;
  proc.exited.then((result) => {
    exitedEarly = result;
  });
  let lastProblem = 'no answer';
  while (Date.now() < deadline) {
    if (exitedEarly) {
      throw new LaunchError(
        `${proc.name} exited before it was ready (code ${exitedEarly.code ?? exitedEarly.signal}); see the [${proc.name}] lines above.`,
      );
    }
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (response.status === expectStatus) return;
      lastProblem = `status ${response.status}`;
    } catch (error) {
      const cause = /** @type {{ cause?: { code?: string, message?: string } }} */ (error).cause;
      lastProblem = cause?.code ?? cause?.message ?? /** @type {Error} */ (error).message;
      if (lastProblem === 'bad port') {
        throw new LaunchError(
          `Browsers refuse to open ${url} (a "bad port" in the fetch standard): choose another port.`,
        );
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new LaunchError(`${proc.name} was not ready at ${url} after ${timeoutMs / 1000} s (${lastProblem}).`);
}

/**
 * Starts the Auth emulator (accounts imported from and exported to
 * `dataDir/auth`) and then the API on the SQLite store in `dataDir` (or
 * MongoDB when MONGODB_URI is in `env`), and waits until both answer.
 *
 * @param {object} options
 * @param {string} options.dataDir folder for smart-zone.db, auth/ and jwt-secret
 * @param {number} options.port API (and web app) port
 * @param {number} options.authPort Auth emulator port
 * @param {string} [options.rootDir] the workspace (default: this checkout)
 * @param {NodeJS.ProcessEnv} [options.env] environment for the API (default process.env)
 * @param {(line: string) => void} [options.output] where child output goes (default stdout)
 * @param {boolean} [options.verbose] show all of the emulator's output
 * @param {boolean} [options.watch] run the API under `tsx watch` (restarts on a source change; `pnpm dev`)
 */
async function launch({
  dataDir,
  port,
  authPort,
  rootDir = ROOT_DIR,
  env = process.env,
  output = (line) => console.log(line),
  verbose = false,
  watch = false,
}) {
  const bins = binaries(rootDir, watch);
  // The data folder, the Auth emulator's exported accounts and the API's files: the owner's alone.
  process.umask(0o077);
  dataDir = path.resolve(dataDir);
  mkdirSync(dataDir, { recursive: true });

  const apiHost = env.HOST || '127.0.0.1';
  if (!(await isPortFree(authPort))) {
    throw new LaunchError(
      `Port ${authPort} (Auth emulator) is already in use. Stop what uses it, or pick another: AUTH_EMULATOR_PORT=<port>.`,
    );
  }
  if (!(await isPortFree(port, apiHost))) {
    throw new LaunchError(`Port ${port} (the app) is already in use. Stop what uses it, or pick another: PORT=<port>.`);
  }
  const jwtSecret = env.JWT_SECRET || ensureJwtSecret(dataDir);

  // The emulator's own config (our ports, no UI) and its scratch space. Its
  // hub and logging ports are picked free, and its TMPDIR is private, so two
  // runs (pnpm start and an e2e run) never find each other's hub.
  const emulatorDir = mkdtempSync(path.join(os.tmpdir(), 'smart-zone-auth-'));
  const [hubPort, loggingPort] = [await freePort(), await freePort()];
  const configFile = path.join(emulatorDir, 'firebase.json');
  writeFileSync(
    configFile,
    JSON.stringify(
      {
        emulators: {
          auth: { host: '127.0.0.1', port: authPort },
          hub: { host: '127.0.0.1', port: hubPort },
          logging: { host: '127.0.0.1', port: loggingPort },
          ui: { enabled: false },
          singleProjectMode: true,
        },
      },
      null,
      2,
    ),
  );
  const authDir = path.join(dataDir, 'auth');
  const hasAccounts = existsSync(path.join(authDir, 'firebase-export-metadata.json'));
  const emulatorArgs = [
    bins.firebase,
    'emulators:start',
    '--only',
    'auth',
    '--project',
    PROJECT_ID,
    '--config',
    configFile,
    ...(hasAccounts ? ['--import', authDir] : []),
    '--export-on-exit',
    authDir,
  ];

  /** @type {ReturnType<typeof startChild>[]} */
  const procs = [];
  let stopping = false;
  const stop = async () => {
    stopping = true;
    const late = await Promise.all(procs.map((proc) => stopChild(proc, STOP_TIMEOUT_MS)));
    procs.forEach((proc, index) => {
      if (late[index]) output(`[${proc.name}] did not stop within ${STOP_TIMEOUT_MS / 1000} s: killed.`);
    });
    rmSync(emulatorDir, { recursive: true, force: true });
  };
  // If the launcher itself dies, its children must not outlive it.
  const killAll = () => procs.forEach((proc) => isRunning(proc) && killGroup(proc, 'SIGKILL'));
  process.once('exit', killAll);

  try {
    const auth = startChild('auth', emulatorArgs, {
      cwd: emulatorDir,
      env: { ...process.env, TMPDIR: emulatorDir, FORCE_COLOR: '0' },
      output,
      filter: verbose ? undefined : authLineWorthShowing,
      // The links the emulator makes in place of emails: one plain line each (see emulator-links.cjs).
      format: (line) => emulatorLinkLine(line) ?? line,
    });
    procs.push(auth);
    await waitForHttp(`http://127.0.0.1:${authPort}/`, auth);
    output(`[auth] Firebase Auth emulator ready on 127.0.0.1:${authPort} (accounts kept in ${authDir})`);

    const api = startChild('api', bins.apiArgs, {
      cwd: rootDir,
      env: {
        ...env,
        NODE_ENV: 'development',
        PORT: String(port),
        DATA_DIR: dataDir,
        JWT_SECRET: jwtSecret,
        FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${authPort}`,
        FIREBASE_PROJECT_ID: PROJECT_ID,
      },
      output,
      format: readableLog(),
    });
    procs.push(api);
    await waitForHttp(`http://127.0.0.1:${port}/api/health`, api);
  } catch (error) {
    await stop();
    process.off('exit', killAll);
    throw error;
  }

  /** Resolves with the first child that exits on its own (not through stop()). */
  const unexpectedExit = Promise.race(procs.map((proc) => proc.exited)).then((result) =>
    stopping ? new Promise(() => {}) : result,
  );

  return {
    url: `http://localhost:${port}`,
    apiUrl: `http://127.0.0.1:${port}/api`,
    authUrl: `http://127.0.0.1:${authPort}`,
    dataDir,
    unexpectedExit,
    stop: async () => {
      await stop();
      process.off('exit', killAll);
    },
  };
}

module.exports = {
  ROOT_DIR,
  PROJECT_ID,
  API_NODE_FLAGS,
  LaunchError,
  freePort,
  isPortFree,
  launch,
  loadDotEnv,
  portSetting,
};
