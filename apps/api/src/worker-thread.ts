import fs from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';

/**
 * Where a worker whose entry is `<sourceDir>/<entry>.ts` starts from: the compiled server has `<entry>.js`
 * beside it (build.mjs bundles every entry into dist/); from source (tsx, jest) the TypeScript, loaded
 * through tsx.
 */
export function workerEntry(entry: string, sourceDir: string): { compiled: string } | { source: string } {
  const compiled = path.join(__dirname, `${entry}.js`);
  return fs.existsSync(compiled) ? { compiled } : { source: path.join(sourceDir, `${entry}.ts`) };
}

/**
 * A worker thread on workerEntry(entry, sourceDir). The store's read worker and the label worker start this
 * way (the import worker is a process of its own: import-runner.ts).
 */
export function spawnThread(entry: string, sourceDir: string, workerData: object): Worker {
  const where = workerEntry(entry, sourceDir);
  if ('compiled' in where) return new Worker(where.compiled, { workerData });
  return new Worker(`require('tsx/cjs/api').register(); require(${JSON.stringify(where.source)});`, {
    eval: true,
    workerData,
  });
}
