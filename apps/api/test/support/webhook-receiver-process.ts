import { type ChildProcess, spawn } from 'node:child_process';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { once } from 'node:events';
import path from 'node:path';
import readline from 'node:readline';

export interface ReceivedCall {
  n: number;
  status: number;
  method: string;
  delivery?: string;
  signature?: string;
  contentType?: string;
  body: string;
  receivedAt: number;
}

export interface Receiver {
  url: string;
  calls: ReceivedCall[];
  /** Resolves once `done(calls)` holds; rejects after timeoutMs with what arrived. */
  until(done: (calls: ReceivedCall[]) => boolean, timeoutMs: number): Promise<void>;
  stop(): Promise<void>;
}

/** What a receiver does with the secret: recompute the HMAC of the raw body and compare in constant time. */
export function signatureVerifies(call: ReceivedCall, secret: string): boolean {
  const expected = Buffer.from(`sha256=${createHmac('sha256', secret).update(call.body).digest('hex')}`);
  const got = Buffer.from(call.signature ?? '');
  return got.length === expected.length && timingSafeEqual(got, expected);
}

/** Starts webhook-receiver.ts in a child process and collects what it reports. */
export async function startReceiver(options: { failFirst?: number; failStatus?: number } = {}): Promise<Receiver> {
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(__dirname, 'webhook-receiver.ts')],
    {
      cwd: path.join(__dirname, '../..'),
      env: {
        ...process.env,
        FAIL_FIRST: String(options.failFirst ?? 0),
        FAIL_STATUS: String(options.failStatus ?? 500),
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const calls: ReceivedCall[] = [];
  const listeners = new Set<() => void>();
  const port = await new Promise<number>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the webhook receiver exited (code ${code}) before listening`)));
    readline.createInterface({ input: child.stdout! }).on('line', (line) => {
      const message = JSON.parse(line) as { type: 'listening'; port: number } | ({ type: 'call' } & ReceivedCall);
      if (message.type === 'listening') resolve(message.port);
      else {
        calls.push(message);
        for (const listener of listeners) listener();
      }
    });
  });
  return {
    url: `http://127.0.0.1:${port}/hooks/smart-zone`,
    calls,
    until(done, timeoutMs) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (!done(calls)) return;
          listeners.delete(check);
          clearTimeout(timer);
          resolve();
        };
        const timer = setTimeout(() => {
          listeners.delete(check);
          reject(
            new Error(
              `the receiver did not get what was expected within ${timeoutMs} ms; it got ${calls.length} calls`,
            ),
          );
        }, timeoutMs);
        listeners.add(check);
        check();
      });
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const gone = once(child, 'exit');
      child.kill('SIGTERM');
      await gone;
    },
  };
}
