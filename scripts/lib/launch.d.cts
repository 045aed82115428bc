// Types for launch.cjs, so the TypeScript e2e harness can use it.
export const ROOT_DIR: string;
export const PROJECT_ID: string;
export const API_NODE_FLAGS: readonly string[];

export class LaunchError extends Error {}

export function freePort(): Promise<number>;
export function isPortFree(port: number, host?: string): Promise<boolean>;
export function loadDotEnv(): void;
export function portSetting(name: string, fallback: number): number;

export interface LaunchOptions {
  /** Folder for smart-zone.db, auth/ (emulator accounts) and jwt-secret. */
  dataDir: string;
  /** API (and web app) port. */
  port: number;
  /** Firebase Auth emulator port. */
  authPort: number;
  rootDir?: string;
  /** Environment for the API (default process.env). */
  env?: NodeJS.ProcessEnv;
  /** Where child output lines go (default stdout). */
  output?: (line: string) => void;
  /** Show all of the emulator's output. */
  verbose?: boolean;
  /** Run the API under `tsx watch`: it restarts when a source file changes (`pnpm dev`). */
  watch?: boolean;
}

export interface ChildExit {
  name: 'auth' | 'api';
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface LaunchedApp {
  /** The URL a person opens: http://localhost:<port>. */
  url: string;
  /** http://127.0.0.1:<port>/api */
  apiUrl: string;
  /** http://127.0.0.1:<authPort> */
  authUrl: string;
  dataDir: string;
  /** Resolves when a child exits without stop() being called. */
  unexpectedExit: Promise<ChildExit>;
  /** SIGINT to both (the emulator exports its accounts), SIGKILL after a timeout. */
  stop(): Promise<void>;
}

export function launch(options: LaunchOptions): Promise<LaunchedApp>;
