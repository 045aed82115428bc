import type { ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from './http';
import { firstMessage, forkTs, stop } from './processes';
import type { Listening } from './protocol';

export interface ReferenceServer {
  base: string;
  stop(): Promise<void>;
}

/**
 * The real answers of the calls the floor and ceiling imitate, fetched once
 * from the API so all three serve the same bytes.
 */
export async function saveReferenceBodies(
  apiBase: string,
  paths: string[],
  file: string,
  token: string,
): Promise<void> {
  const bodies: Record<string, unknown> = {};
  // With the bench's token: the staff reads (the audit, every delivery) need it; the public ones ignore it.
  for (const path of paths) bodies[path] = (await expect<unknown>(200, `${apiBase}${path}`, { token })).body;
  writeFileSync(file, JSON.stringify(bodies));
}

/** floor.ts or ceiling.ts in its own process, serving the bodies in `bodiesFile`. */
export async function startReferenceServer(kind: 'floor' | 'ceiling', bodiesFile: string): Promise<ReferenceServer> {
  const child: ChildProcess = forkTs(path.join('bench', `${kind}.ts`), { args: [bodiesFile] });
  const { port } = await firstMessage<Listening>(child, `the ${kind} server`);
  return { base: `http://127.0.0.1:${port}`, stop: () => stop(child) };
}
