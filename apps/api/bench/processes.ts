import { type ChildProcess, fork, type StdioOptions } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import path from 'node:path';

/** apps/api: children run here, so `--import tsx` resolves from its node_modules. */
export const API_DIR = path.resolve(__dirname, '..');

/** TypeScript straight through tsx's loader, in one node process (the `tsx` CLI would add a second). */
export const TSX_LOADER = ['--import', 'tsx'];

export interface ForkOptions {
  args?: string[];
  env?: NodeJS.ProcessEnv;
  /** Extra node flags, e.g. --cpu-prof. */
  nodeFlags?: string[];
  stdio?: StdioOptions;
}

/** A TypeScript file as a child node process with an IPC channel. */
export function forkTs(file: string, options: ForkOptions = {}): ChildProcess {
  return fork(path.resolve(API_DIR, file), options.args ?? [], {
    cwd: API_DIR,
    env: options.env ?? process.env,
    execArgv: [...TSX_LOADER, ...(options.nodeFlags ?? [])],
    stdio: options.stdio ?? ['ignore', 'inherit', 'inherit', 'ipc'],
  });
}

/** The child's first IPC message; fails if it exits before sending one. */
export function firstMessage<T>(child: ChildProcess, what: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const onExit = (code: number | null, signal: string | null) =>
      reject(new Error(`${what} exited (${signal ?? `code ${code}`}) before answering`));
    child.once('exit', onExit);
    child.once('message', (message) => {
      child.off('exit', onExit);
      resolve(message as T);
    });
  });
}

/** Resolves when the child has exited with code 0; rejects otherwise. */
export async function exited(child: ChildProcess, what: string): Promise<void> {
  if (child.exitCode === null && child.signalCode === null) await once(child, 'exit');
  if (child.exitCode !== 0) throw new Error(`${what} failed (${child.signalCode ?? `exit code ${child.exitCode}`})`);
}

/** SIGTERM, then SIGKILL if it has not gone after `graceMs`. Waits for the exit either way. */
export async function stop(child: ChildProcess, graceMs = 10_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const gone = once(child, 'exit');
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await gone;
  clearTimeout(timer);
}

/** A port nobody listens on right now (the API takes its port from env, so we must pick one). */
export async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  server.close();
  if (!address || typeof address === 'string') throw new Error('could not find a free port');
  return address.port;
}
