import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { openSync } from 'node:fs';
import path from 'node:path';
import { apiEnv, benchToken } from '../../bench/api-server';
import { API_DIR, freePort, stop } from '../../bench/processes';

export interface ApiProcess {
  base: string;
  /** A staff accessToken this server accepts (STAFF unset: every verified user is staff). */
  token: string;
  /** SIGTERM: the server's own graceful shutdown. */
  stop(): Promise<void>;
  /** kill -9: no shutdown, no flush. */
  kill(): Promise<void>;
}

/**
 * The real server (`node --import tsx src/server.ts`) in its own process on
 * SQLite in `dataDir`, with the bench's environment (loopback, no emulator,
 * no demo data) and `extraEnv`; its output is appended to `logFile`.
 */
export async function startApiProcess(
  dataDir: string,
  logFile: string,
  extraEnv: NodeJS.ProcessEnv,
): Promise<ApiProcess> {
  const port = await freePort();
  const log = openSync(logFile, 'a');
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', path.join('src', 'server.ts')], {
    cwd: API_DIR,
    env: { ...apiEnv(dataDir, port), ...extraEnv },
    stdio: ['ignore', log, log],
  });
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the API exited with code ${child.exitCode}; see ${logFile}`);
    const healthy = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(2000) }).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the API did not answer /api/health within 30 s; see ${logFile}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    base,
    token: benchToken(),
    stop: () => stop(child),
    async kill() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const gone = once(child, 'exit');
      child.kill('SIGKILL');
      await gone;
    },
  };
}
