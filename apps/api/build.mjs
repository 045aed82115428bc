// `pnpm build` for the API: src/server.ts and src/seed.ts compiled to
// JavaScript in dist/, so production runs one plain `node` process (no tsx,
// no transpiling at start-up). The shared types package is bundled in (it
// ships TypeScript only); every other package stays a require() of
// node_modules, as installed by `pnpm install --prod`.
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const apiDir = path.dirname(fileURLToPath(import.meta.url));
const outdir = path.join(apiDir, 'dist');

/** Bare imports stay external, except our own workspace packages. */
const externalPackages = {
  name: 'external-packages',
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@smart-zone/') ? undefined : { path: args.path, external: true },
    );
  },
};

rmSync(outdir, { recursive: true, force: true });
await build({
  absWorkingDir: apiDir,
  // The search, import and checkpoint workers (store/sqlite/*-worker.ts), the label worker (labels/) and the import file reader (imports/) are threads' own entries, beside the server.
  entryPoints: [
    'src/server.ts',
    'src/seed.ts',
    'src/store/sqlite/search-worker.ts',
    'src/store/sqlite/import-worker.ts',
    'src/store/sqlite/checkpoint-worker.ts',
    'src/labels/label-worker.ts',
    'src/imports/read-worker.ts',
  ],
  entryNames: '[name]',
  outdir,
  bundle: true,
  platform: 'node',
  target: 'node22',
  format: 'cjs',
  // A map beside the server for readable stack traces (node --enable-source-maps); never served.
  sourcemap: 'linked',
  sourcesContent: false,
  legalComments: 'none',
  logLevel: 'warning',
  plugins: [externalPackages],
});
console.log(`API compiled to ${path.relative(process.cwd(), outdir) || outdir}`);
