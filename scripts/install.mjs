// `pnpm install --frozen-lockfile` for `pnpm start` and `pnpm test`, with the C++ headers of the Node
// that runs it, so that better-sqlite3's native addon is compiled for that Node.
//
// Why: where no prebuilt addon can be downloaded (an offline machine, no GitHub), better-sqlite3 is
// compiled by node-gyp, which takes the headers from npm's `nodedir` setting (on machines whose Node
// came from a distribution package, /usr: that Node's headers) or downloads them from nodejs.org.
// Under the README's `npx -y -p node@22 …` the running Node is not that one, and an addon built
// against another Node's headers fails to load (NODE_MODULE_VERSION). So this names the running
// Node's own headers: beside its binary (nvm, the official tarball and images, distribution
// packages), or else from the npm registry's node-<platform>-<arch> package of the same version
// (the one `npx -p node@…` runs), cached per version. An addon left from another Node version (a
// working tree switched from Node 20) is rebuilt.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, realpathSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const version = process.versions.node;

/** True when `dir` holds the headers of exactly this Node version. */
function hasOwnHeaders(dir) {
  const file = path.join(dir, 'include', 'node', 'node_version.h');
  if (!existsSync(path.join(dir, 'include', 'node', 'common.gypi')) || !existsSync(file)) return false;
  const text = readFileSync(file, 'utf8');
  const part = (name) => new RegExp(`^#define NODE_${name}_VERSION (\\d+)`, 'm').exec(text)?.[1];
  return ['MAJOR', 'MINOR', 'PATCH'].map(part).join('.') === version;
}

/** The npm registry's package with this platform's Node binary and headers (named as the `node` package names it). */
function registryPackage() {
  const platform = process.platform === 'win32' ? 'win' : process.platform;
  const prefix = process.platform === 'darwin' && process.arch === 'arm64' ? 'node-bin' : 'node';
  return `${prefix}-${platform}-${process.arch}@${version}`;
}

function fetchHeaders(into) {
  const work = mkdtempSync(path.join(os.tmpdir(), 'node-headers-'));
  try {
    const spec = registryPackage();
    console.log(`install: fetching Node ${version}'s headers (${spec}) from the npm registry`);
    const pack = spawnSync('npm', ['pack', spec, '--silent', '--pack-destination', work], {
      encoding: 'utf8',
      shell: process.platform === 'win32',
    });
    const tarball = readdirSync(work).find((name) => name.endsWith('.tgz'));
    if (pack.status !== 0 || !tarball) {
      console.warn(`install: could not fetch ${spec}: ${(pack.stderr || '').trim().split('\n').pop()}`);
      return false;
    }
    mkdirSync(into, { recursive: true });
    const untar = spawnSync(
      'tar',
      ['-xzf', path.join(work, tarball), '-C', into, '--strip-components=1', 'package/include'],
      {
        stdio: 'inherit',
      },
    );
    return untar.status === 0;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** A directory to give node-gyp as `nodedir`, or undefined (then npm's own setting stands). */
function nodeDir() {
  const beside = path.resolve(realpathSync(process.execPath), '..', '..');
  if (hasOwnHeaders(beside)) return beside;
  const cacheRoot = process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache');
  const cached = path.join(cacheRoot, 'smart-zone', 'node-headers', version);
  if (hasOwnHeaders(cached)) return cached;
  rmSync(cached, { recursive: true, force: true });
  if (fetchHeaders(cached) && hasOwnHeaders(cached)) return cached;
  console.warn(`install: no headers for Node ${version}; native addons are built as npm is configured`);
  return undefined;
}

const dir = nodeDir();
const env = dir ? { ...process.env, npm_config_nodedir: dir } : process.env;

/** Runs the pnpm that runs this script (npm_execpath), or the one on PATH. */
function pnpm(...args) {
  const execPath = process.env.npm_execpath;
  const [command, argv] =
    execPath && /pnpm/.test(path.basename(execPath)) ? [process.execPath, [execPath, ...args]] : ['pnpm', args];
  const result = spawnSync(command, argv, {
    cwd: root,
    env,
    stdio: 'inherit',
    shell: command === 'pnpm' && process.platform === 'win32',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

/** Whether better-sqlite3's addon loads in this Node (it is loaded when a database is opened). */
function addonLoads() {
  const probe = spawnSync(process.execPath, ['-e', "new (require('better-sqlite3'))(':memory:').close()"], {
    cwd: path.join(root, 'apps', 'api'),
    encoding: 'utf8',
  });
  return probe.status === 0 ? true : probe.stderr;
}

pnpm('install', '--frozen-lockfile');
const loads = addonLoads();
if (loads !== true) {
  if (!/NODE_MODULE_VERSION|ERR_DLOPEN_FAILED/.test(loads)) {
    console.error(loads);
    process.exit(1);
  }
  console.log(`install: better-sqlite3 was built for another Node version; rebuilding it for Node ${version}`);
  pnpm('rebuild', '--recursive', 'better-sqlite3');
  const again = addonLoads();
  if (again !== true) {
    console.error(again);
    process.exit(1);
  }
}
