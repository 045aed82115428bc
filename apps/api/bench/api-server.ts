import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { openSync } from 'node:fs';
import path from 'node:path';
import { createAccessTokens } from '../src/auth/access-token';
import { API_DIR, freePort, stop, TSX_LOADER } from './processes';
import { API_NODE_FLAGS } from '../../../scripts/lib/launch.cjs';

/** Fixed, so the bench can mint accessTokens the server accepts (48 characters; config wants ≥ 32). */
const JWT_SECRET = 'smart-zone-bench-secret-not-for-any-real-server!';

export const BENCH_USER = { email: 'bench@example.com', uid: 'bench-user', verified: true };

/** A token signed exactly as the API signs its own (HS256, issuer and audience pinned). */
export function benchToken(): string {
  return createAccessTokens(JWT_SECRET, 3600).sign(BENCH_USER);
}

/**
 * The API's environment: only what config.ts should see. Settings we want
 * unset are set to '' rather than deleted: config treats blank as unset, and
 * dotenv never overwrites a variable that exists, so a stray .env cannot
 * turn on the auth emulator, a staff list or MongoDB behind our back.
 */
export function apiEnv(dataDir: string, port = 0): NodeJS.ProcessEnv {
  const { PATH, HOME, TMPDIR, LANG } = process.env;
  return {
    PATH,
    HOME,
    TMPDIR,
    LANG,
    NODE_ENV: 'development',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    JWT_SECRET,
    SEED_DEMO_DATA: 'false',
    // The bench writes far faster than any person: keep the per-user limits out of the way.
    WRITE_RATE_LIMIT: '100000000',
    LOGIN_RATE_LIMIT: '100000',
    // Neither OWNER_EMAILS nor STAFF: an open warehouse, where the bench's verified user is a manager (team-roles.ts).
    OWNER_EMAILS: '',
    STAFF: '',
    FIREBASE_AUTH_EMULATOR_HOST: '',
    MONGODB_URI: '',
  };
}

export interface ApiServer {
  base: string;
  pid: number;
  process: ChildProcess;
  stop(): Promise<void>;
}

/** `pnpm build`'s step for the API: src compiled to dist/ (a second or two). */
export function buildApi(): void {
  execFileSync(process.execPath, ['build.mjs'], { cwd: API_DIR, stdio: ['ignore', 'ignore', 'inherit'] });
}

/**
 * The compiled server, `node dist/server.js` with the flags `pnpm start` gives it (launch.cjs), as `pnpm start` runs it (call
 * buildApi first), in its own process. Its output goes to `logFile`; ready is
 * when /api/health says ok.
 */
export async function startApiServer(
  dataDir: string,
  logFile: string,
  options: { cpuProfDir?: string; server: 'compiled' | 'tsx' },
): Promise<ApiServer> {
  const port = await freePort();
  const log = openSync(logFile, 'a');
  const profiling = options.cpuProfDir ? ['--cpu-prof', '--cpu-prof-dir', options.cpuProfDir] : [];
  const entry =
    options.server === 'tsx'
      ? [...TSX_LOADER, path.join('src', 'server.ts')]
      : [...API_NODE_FLAGS, path.join('dist', 'server.js')];
  const child = spawn(process.execPath, [...profiling, ...entry], {
    cwd: API_DIR,
    env: apiEnv(dataDir, port),
    stdio: ['ignore', log, log],
  });
  const base = `http://127.0.0.1:${port}`;
  await waitUntilHealthy(base, child, logFile);
  // SIGTERM is the server's own graceful shutdown, which also writes the CPU profile.
  return { base, pid: child.pid ?? -1, process: child, stop: () => stop(child) };
}

async function waitUntilHealthy(base: string, child: ChildProcess, logFile: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the API exited with code ${child.exitCode}; see ${logFile}`);
    try {
      const response = await fetch(`${base}/api/health`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`the API did not answer /api/health within 60 s; see ${logFile}`);
}
