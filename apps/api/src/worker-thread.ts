import fs from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';

/**
 * A worker thread whose entry is `<sourceDir>/<entry>.ts`: the compiled server has `<entry>.js` beside it
 * (build.mjs bundles every entry into dist/); from source (tsx, jest) the thread loads the TypeScript
 * through tsx. The store's read and import workers and the label worker start this way.
 */
export function spawnThread(entry: string, sourceDir: string, workerData: object): Worker {
  const compiled = path.join(__dirname, `${entry}.js`);
  if (fs.existsSync(compiled)) return new Worker(compiled, { workerData });
  const source = path.join(sourceDir, `${entry}.ts`);
  return new Worker(`require('tsx/cjs/api').register(); require(${JSON.stringify(source)});`, {
    eval: true,
    workerData,
  });
}
