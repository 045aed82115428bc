import { type ChildProcess, spawn } from 'node:child_process';
import { openSync } from 'node:fs';
import path from 'node:path';
import { apiEnv } from '../bench/api-server';
import { API_DIR, freePort, stop } from '../bench/processes';

/** What the suite's servers sign with (config wants ≥ 32 characters), so the suite can sign tokens they accept. */
export const JWT_SECRET = 'smart-zone-reliability-secret-not-for-real-use!!';

export interface Server {
  base: string;
  pid: number;
  process: ChildProcess;
  /** SIGTERM, the server's own graceful shutdown. */
  stop(): Promise<void>;
  /** kill -9: no shutdown, no flush, as a power cut or the OOM killer would. */
  kill(): Promise<void>;
}

/**
 * The compiled server (`node dist/server.js`, as `pnpm start` and the image
 * run it; call buildApi first) in its own process, on `dataDir`, with the
 * bench's environment (STAFF unset, so every verified user is staff), our
 * JWT_SECRET, so the suite can sign staff tokens, and `extraEnv`.
 */
export async function startServer(dataDir: string, logFile: string, extraEnv: NodeJS.ProcessEnv = {}): Promise<Server> {
  const port = await freePort();
  const log = openSync(logFile, 'a');
  const child = spawn(process.execPath, [path.join('dist', 'server.js')], {
    cwd: API_DIR,
    env: { ...apiEnv(dataDir, port), JWT_SECRET, ...extraEnv },
    stdio: ['ignore', log, log],
  });
  const base = `http://127.0.0.1:${port}`;
  await waitUntilHealthy(base, child, logFile);
  return {
    base,
    pid: child.pid ?? -1,
    process: child,
    stop: () => stop(child),
    async kill() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const gone = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await gone;
    },
  };
}

async function waitUntilHealthy(base: string, child: ChildProcess, logFile: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the API exited with code ${child.exitCode}; see ${logFile}`);
    try {
      const response = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(2000) });
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`the API did not answer /api/health within 60 s; see ${logFile}`);
}
