import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

const repoRoot = path.resolve(__dirname, '../../../..');
export const EMULATOR_PROJECT = 'demo-smart-zone';

/** Distinct free ports: every listener stays open until all are picked, so none is handed out twice. */
export async function freePorts(count: number): Promise<number[]> {
  const servers = Array.from({ length: count }, () => createServer());
  const ports = await Promise.all(
    servers.map(
      (server) =>
        new Promise<number>((resolve, reject) => {
          server.on('error', reject);
          server.listen(0, '127.0.0.1', () => resolve((server.address() as { port: number }).port));
        }),
    ),
  );
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  return ports;
}

export interface AuthEmulator {
  host: string;
  stop(): Promise<void>;
}

/**
 * The real Firebase Auth emulator (firebase-tools) on a free port, for tests that need real ID tokens.
 * `onLine` hears each line it writes (stdout and stderr), as `pnpm start` reads them.
 */
export async function startAuthEmulator({ onLine }: { onLine?: (line: string) => void } = {}): Promise<AuthEmulator> {
  const [port, hubPort, loggingPort] = (await freePorts(3)) as [number, number, number];
  const dir = mkdtempSync(path.join(tmpdir(), 'smart-zone-auth-'));
  const configFile = path.join(dir, 'firebase.json');
  writeFileSync(
    configFile,
    JSON.stringify({
      // Hub and logging on free ports too: two jest projects may run an emulator each at once.
      emulators: {
        auth: { host: '127.0.0.1', port },
        hub: { host: '127.0.0.1', port: hubPort },
        logging: { host: '127.0.0.1', port: loggingPort },
        ui: { enabled: false },
        singleProjectMode: true,
      },
    }),
  );
  const child: ChildProcess = spawn(
    path.join(repoRoot, 'node_modules/.bin/firebase'),
    ['emulators:start', '--only', 'auth', '--project', EMULATOR_PROJECT, '--config', configFile],
    { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, CI: 'true' } },
  );
  let output = '';
  for (const stream of [child.stdout, child.stderr]) {
    let rest = '';
    stream?.setEncoding('utf8');
    stream?.on('data', (chunk: string) => {
      output += chunk;
      const lines = (rest + chunk).split(/\r?\n/);
      rest = lines.pop() ?? '';
      if (onLine) lines.forEach(onLine);
    });
  }
  const host = `127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`Auth emulator exited early:\n${output}`);
    // Ready when the Auth emulator itself answers (not merely something on the port).
    const up = await fetch(`http://${host}/emulator/v1/projects/${EMULATOR_PROJECT}/config`).then(
      (res) => res.ok,
      () => false,
    );
    if (up) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`Auth emulator did not start within 60 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    host,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGINT');
        setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
      }),
  };
}

/** The emulator's stand-in for Google's Identity Toolkit REST API. */
export async function identityToolkit(host: string, method: string, body: object) {
  const res = await fetch(`http://${host}/identitytoolkit.googleapis.com/v1/accounts:${method}?key=demo-api-key`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as Record<string, unknown>;
  if (!res.ok) throw new Error(`${method} failed: ${JSON.stringify(json)}`);
  return json;
}

/** Reads the out-of-band codes the emulator "sent" (no mailbox needed). */
export async function oobCodes(host: string) {
  const res = await fetch(`http://${host}/emulator/v1/projects/${EMULATOR_PROJECT}/oobCodes`);
  return ((await res.json()) as { oobCodes: { email: string; oobCode: string; requestType: string }[] }).oobCodes;
}

/** The emulator's admin REST API (what firebase-admin and the console call), as the project owner. */
export async function emulatorAdmin(host: string, method: 'update' | 'delete', body: object): Promise<void> {
  const res = await fetch(
    `http://${host}/identitytoolkit.googleapis.com/v1/projects/${EMULATOR_PROJECT}/accounts:${method}`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: 'Bearer owner' },
      body: JSON.stringify(body),
    },
  );
  if (!res.ok) throw new Error(`accounts:${method} failed: ${res.status} ${await res.text()}`);
}
