import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePorts } from '../helpers/auth-emulator';
import type { S3Settings } from '../../src/photos/s3-photos';

export interface S3Server {
  settings: S3Settings;
  /** The folder the server keeps its objects in (to see what was written, from outside the app). */
  dir: string;
  stop(): Promise<void>;
}

/**
 * A real S3-compatible server (npm s3rver, which checks every request's Signature V4) in a process of its own,
 * on loopback and a free port, with one bucket; its objects in a temporary folder removed by stop().
 */
export async function startS3Server(bucket = 'smart-zone-photos'): Promise<S3Server> {
  const [port] = (await freePorts(1)) as [number];
  const dir = mkdtempSync(path.join(tmpdir(), 'smart-zone-s3-'));
  const bin = require.resolve('s3rver/bin/s3rver.js');
  const child = spawn(
    process.execPath,
    [bin, '-d', dir, '-a', '127.0.0.1', '-p', String(port), '-s', '--no-vhost-buckets', '--configure-bucket', bucket],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  const endpoint = `http://127.0.0.1:${port}`;
  for (let tries = 0; ; tries += 1) {
    if (child.exitCode !== null) throw new Error(`s3rver stopped: ${errors}`);
    const up = await fetch(endpoint).then(
      () => true,
      () => false,
    );
    if (up) break;
    if (tries > 100) throw new Error(`s3rver did not answer on ${endpoint}: ${errors}`);
    await sleep(100);
  }
  return {
    // s3rver's own credentials: it checks each request's signature against them.
    settings: { endpoint, bucket, region: 'us-east-1', accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    dir,
    async stop() {
      if (child.exitCode === null) {
        child.kill();
        await once(child, 'exit');
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
