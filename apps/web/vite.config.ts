import purgeCss from '@fullhuman/postcss-purgecss';
import react from '@vitejs/plugin-react';
import { type Plugin, defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';

/**
 * The contracts in packages/types are zod schemas built at module level. A
 * page that needs only a constant or a type from the same module must not
 * pull zod in: each module-level `const x = <call>` there becomes a pure
 * IIFE, so a schema nobody uses is dropped, and zod with it.
 */
function pureContracts(): Plugin {
  return {
    name: 'smart-zone:pure-contracts',
    transform(code, id) {
      if (!id.includes('/packages/types/src/')) return null;
      const program = this.parse(code) as unknown as {
        body: { type: string; declaration?: Declaration | null; declarations?: Declaration['declarations'] }[];
      };
      type Declaration = {
        type: string;
        declarations?: { init?: { type: string; start: number; end: number } | null }[];
      };
      const inits: { start: number; end: number }[] = [];
      for (const statement of program.body) {
        const declaration = statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement;
        if (declaration?.type !== 'VariableDeclaration') continue;
        for (const { init } of declaration.declarations ?? []) {
          if (init?.type === 'CallExpression') inits.push(init);
        }
      }
      if (!inits.length) return null;
      let out = code;
      for (const { start, end } of inits.sort((a, b) => b.start - a.start)) {
        out = `${out.slice(0, start)}/* @__PURE__ */ (() => ${out.slice(start, end)})()${out.slice(end)}`;
      }
      return { code: out, map: null };
    },
  };
}

/**
 * zod without its `new Function("")` probe. zod's object schemas check once
 * whether eval is allowed; the check is caught, but the page's CSP (no
 * 'unsafe-eval') still reports it as a violation, in the console and to
 * Lighthouse. Every `import … from 'zod'` of the build goes through one
 * module whose `z` is zod with the jitless setting on (z.config), so it is on
 * before any schema is built, in whichever chunk that happens.
 */
function zodJitless(): Plugin {
  const virtualId = '\0zod-jitless';
  let zodId: string | undefined;
  return {
    name: 'smart-zone:zod-jitless',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (source !== 'zod' || !importer || importer === virtualId) return null;
      zodId ??= (await this.resolve(source, importer, { ...options, skipSelf: true }))?.id;
      return zodId ? virtualId : null;
    },
    load(id) {
      if (id !== virtualId || !zodId) return null;
      const zod = JSON.stringify(zodId);
      // The setting rides on `z` itself, and the module says it has no other effect: a chunk that
      // imports a contract module only for a plain function (countsAsVerified) does not get zod.
      return {
        code:
          `import { z as zod } from ${zod};\nexport * from ${zod};\nexport { default } from ${zod};\n` +
          `export const z = (zod.config({ jitless: true }), zod);\n`,
        moduleSideEffects: false,
      };
    },
  };
}

// The API serves dist/ at every non-/api path (one origin). In `vite` dev
// mode, /api goes to the API on its default port.
export default defineConfig(({ command }) => ({
  plugins: [
    react(),
    pureContracts(),
    zodJitless(),
    // Every text asset (and the scanner's wasm) also as .br and .gz beside it; the API sends the one the browser accepts.
    compression({ algorithms: ['brotliCompress', 'gzip'], include: /\.(js|css|svg|html|wasm)$/, threshold: 512 }),
  ],
  css: {
    postcss: {
      // Only the Bootstrap (and toast) rules our markup uses: the class names
      // written in src/, and those react-bootstrap's components (forms, cards,
      // tables, the dialog) write themselves; the safelist holds the families
      // whose names are built from parts (`btn-${variant}`, `${prefix}-dialog`)
      // and uPlot's.
      plugins:
        command === 'build'
          ? [
              purgeCss({
                content: [
                  './index.html',
                  './src/**/*.{ts,tsx}',
                  './node_modules/react-toastify/dist/*.js',
                  './node_modules/react-bootstrap/esm/{Alert,Button,Card*,Col,Row,Form*,Modal*,Table,Feedback,Switch,CloseButton,Fade}.js',
                ],
                defaultExtractor: (content) => content.match(/[\w-/:%.]+(?<!:)/g) ?? [],
                safelist: {
                  standard: [
                    /^btn-(sm|lg|link|primary|secondary|success|danger|warning|dark|light)$/,
                    /^btn-outline-(primary|secondary|danger|dark|light)$/,
                    /^alert-(primary|secondary|success|danger|warning|info|dismissible)$/,
                    /^col-(sm|md|lg)-\d+$/,
                    /^table-(striped|hover|responsive)$/,
                    /^(in)?valid-(feedback|tooltip)$/,
                    /^card/,
                    /^modal/,
                    /^(fade|show|collapse|collapsing)$/,
                    /^Toastify/,
                    // uPlot's own rules (the dashboard chart's CSS chunk): its script writes these class names.
                    /^uplot$/,
                    /^u-/,
                  ],
                  deep: [/^Toastify/],
                  greedy: [/^Toastify/],
                },
                variables: false,
                keyframes: true,
                fontFace: true,
              }),
            ]
          : [],
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // No source maps in the served folder.
    sourcemap: false,
    // No <link rel="modulepreload"> per dependency of a lazy page: Vite's helper adds them one by one as the
    // page's import starts (~40 for a staff page), and each costs the main thread (~420 ms of a 4× slower
    // phone's on Manage Inventories, measured with a CPU profile). Rollup lists every chunk a chunk needs among
    // its own imports (hoistTransitiveImports), so the browser fetches them side by side anyway, one round trip
    // after the page's chunk. A lazy page's CSS still comes through the helper.
    modulePreload: false,
    // terser after esbuild's transform: 4 KB less of the first download's JS (brotli) than esbuild's
    // minifier, for ~20 s more of build (the first visit's budget is 110 KB).
    minify: 'terser',
    terserOptions: { module: true, compress: { passes: 2 } },
  },
  // The Scan screen's decoder: a module worker, so it loads the polyfill (and its wasm) only where the
  // browser has no BarcodeDetector of its own.
  worker: { format: 'es' },
  server: {
    proxy: { '/api': { target: process.env.API_URL ?? 'http://127.0.0.1:5000', changeOrigin: false } },
  },
}));
