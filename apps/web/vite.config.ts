import purgeCss from '@fullhuman/postcss-purgecss';
import react from '@vitejs/plugin-react';
import { type Plugin, type Rollup, defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';
import preactAliases from './preact-aliases.json';
import { VitePWA } from 'vite-plugin-pwa';

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
 * module whose `z.object` turns zod's jitless setting on (z.config) before it
 * builds the first object schema, in whichever chunk that happens.
 *
 * The setting rides on a function, not on `z` itself: a `z` made by an
 * expression is a value Rollup cannot see into, so it kept all of zod's
 * namespace, every locale's messages with it (380 kB of a 440 kB chunk).
 * `z` stays a namespace, and a page keeps only the parts of zod it calls.
 */
function zodJitless(): Plugin {
  const virtualId = '\0zod-jitless';
  const namespaceId = '\0zod-jitless-namespace';
  let zodId: string | undefined;
  return {
    name: 'smart-zone:zod-jitless',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (source === namespaceId) return namespaceId;
      if (source !== 'zod' || !importer || importer === virtualId || importer === namespaceId) return null;
      zodId ??= (await this.resolve(source, importer, { ...options, skipSelf: true }))?.id;
      return zodId ? virtualId : null;
    },
    load(id) {
      if (!zodId || (id !== virtualId && id !== namespaceId)) return null;
      const zod = JSON.stringify(zodId);
      // Neither module has an effect of its own: a chunk that imports a contract module only for a plain
      // function (countsAsVerified) does not get zod.
      if (id === virtualId)
        return {
          code:
            `export * from ${JSON.stringify(namespaceId)};
export * as z from ${JSON.stringify(namespaceId)};
` +
            `export { default } from ${zod};
`,
          moduleSideEffects: false,
        };
      return {
        code:
          `import { config, object as zodObject } from ${zod};
export * from ${zod};
` +
          `export const object = (...args) => (config({ jitless: true }), zodObject(...args));
`,
        moduleSideEffects: false,
      };
    },
  };
}

/**
 * React Router's production build in the built app. Its package names only its development build in `exports`
 * (remix-run/react-router#12532, "intended to be temporary"), so a build got the development one: its warnings, its
 * checks and 30 kB more of the first download. A build takes the same module from `dist/production/`, beside it.
 */
function reactRouterProduction(): Plugin {
  return {
    name: 'smart-zone:react-router-production',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (source !== 'react-router' && source !== 'react-router/dom') return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (!resolved || !resolved.id.includes('/dist/development/')) return resolved;
      return { ...resolved, id: resolved.id.replace('/dist/development/', '/dist/production/') };
    },
  };
}

/**
 * What the lazy pages share, in four chunks instead of ~60 of 1–4 KB each (Manage Inventories asked for 70 files,
 * one HTTP/1.1 connection in six at a time): `ui` (React Bootstrap and its helpers), `shared` (our components,
 * hooks and contracts), `forms` (those of them that validate with zod) and `zod` itself, so a page that validates
 * nothing does not load zod. A module goes there when two pages or more need it; what one page alone needs stays
 * in its chunk; what the first page needs stays in the entry (its static graph is named `index`, or a shared
 * chunk would pull it in and the first visit's budget with it).
 */
const isZod = (module: string) => /\/node_modules\/(\.pnpm\/[^/]+\/node_modules\/)?zod\/|zod-jitless/.test(module);

function sharedChunks(): Rollup.GetManualChunk {
  let assigned: Map<string, string> | undefined;
  return (id, meta) => {
    if (!assigned) {
      const info = (module: string) => meta.getModuleInfo(module);
      const closure = (roots: string[], skip: Set<string>) => {
        const seen = new Set<string>();
        for (let stack = [...roots], next = stack.pop(); next !== undefined; next = stack.pop()) {
          if (seen.has(next) || skip.has(next)) continue;
          seen.add(next);
          stack.push(...(info(next)?.importedIds ?? []).filter((dep) => !isZod(dep)));
        }
        return seen;
      };
      const modules = [...meta.getModuleIds()];
      const entryGraph = closure(
        modules.filter((module) => info(module)?.isEntry),
        new Set(),
      );
      const pages = modules.filter(
        (module) => !entryGraph.has(module) && (info(module)?.dynamicImporters.length ?? 0) > 0,
      );
      // What the first page loads by itself once shown (the live updates) keeps Rollup's own small chunks: a
      // shared chunk there would count against the first visit's budget.
      const afterFirstPage = closure(
        pages.filter((module) => module.endsWith('/app/live-updates.ts')),
        entryGraph,
      );
      const reach = new Map<string, number>();
      for (const page of pages)
        for (const module of closure([page], entryGraph)) reach.set(module, (reach.get(module) ?? 0) + 1);
      assigned = new Map();
      for (const module of entryGraph) assigned.set(module, 'index');
      const usesZod = (module: string) => {
        const seen = new Set<string>();
        for (let stack = [module], next = stack.pop(); next !== undefined; next = stack.pop()) {
          if (isZod(next)) return true;
          if (seen.has(next) || entryGraph.has(next)) continue;
          seen.add(next);
          stack.push(...(info(next)?.importedIds ?? []));
        }
        return false;
      };
      for (const [module, count] of reach) {
        if (count < 2 || pages.includes(module) || afterFirstPage.has(module)) continue;
        assigned.set(module, module.includes('/node_modules/') ? 'ui' : usesZod(module) ? 'forms' : 'shared');
      }
    }
    if (isZod(id)) return 'zod';
    return assigned.get(id);
  };
}

/**
 * An installable app that opens with no network: a web app manifest, and a service worker (Workbox, through
 * vite-plugin-pwa) that precaches the shell — index.html, every script and style of the build, the scanner's
 * decoder and its wasm, the icons — so every page, the Scan screen included, starts offline. A navigation
 * answers with the precached index.html (the client routes); /api is never the worker's. The worker is
 * registered by src/app/service-worker.ts once the first page has loaded (the first visit's budget is not its);
 * a new build's worker takes over at once, and its precache replaces the old one.
 */
function installableApp() {
  return VitePWA({
    strategies: 'generateSW',
    injectRegister: false,
    registerType: 'autoUpdate',
    includeAssets: ['favicon.svg', 'icons/apple-touch-icon-180.png'],
    manifest: {
      name: 'Smart Zone',
      short_name: 'Smart Zone',
      description: "Smart Zone: a small warehouse's inventory of phones.",
      id: '/',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      background_color: '#ffffff',
      theme_color: '#212529',
      icons: [
        { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
        { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    },
    workbox: {
      globPatterns: ['**/*.{js,css,html,svg,png,wasm,webmanifest}'],
      // The compressed copies are the server's business (it sends the one the browser accepts).
      globIgnores: ['**/*.br', '**/*.gz'],
      // The scanner's wasm (1.1 MB) is part of the shell: the Scan screen works offline.
      maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
      navigateFallback: '/index.html',
      navigateFallbackDenylist: [/^\/api(\/|$)/],
      // Items' photos seen are kept (their names never change their bytes): shown again offline, never asked twice.
      runtimeCaching: [
        {
          urlPattern: ({ url }) => url.pathname.startsWith('/api/photos/'),
          handler: 'CacheFirst',
          options: {
            cacheName: 'item-photos',
            expiration: { maxEntries: 500, maxAgeSeconds: 30 * 24 * 3600 },
            cacheableResponse: { statuses: [200] },
          },
        },
      ],
      cleanupOutdatedCaches: true,
      clientsClaim: true,
      skipWaiting: true,
    },
  });
}

// The API serves dist/ at every non-/api path (one origin). In `vite` dev
// mode, /api goes to the API on its default port.
export default defineConfig(({ command }) => ({
  plugins: [
    react(),
    reactRouterProduction(),
    pureContracts(),
    zodJitless(),
    // Every text asset (and the scanner's wasm) also as .br and .gz beside it; the API sends the one the browser accepts.
    compression({ algorithms: ['brotliCompress', 'gzip'], include: /\.(js|css|svg|html|wasm)$/, threshold: 512 }),
    installableApp(),
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
  // React's names resolve to Preact's (decision 024; the web tests map the same file's names).
  resolve: {
    alias: Object.entries(preactAliases).map(([name, replacement]) => ({
      find: new RegExp(`^${name}$`),
      replacement,
    })),
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
    rollupOptions: { output: { manualChunks: sharedChunks() } },
  },
  // The Scan screen's decoder: a module worker, so it loads the polyfill (and its wasm) only where the
  // browser has no BarcodeDetector of its own.
  worker: { format: 'es' },
  server: {
    proxy: { '/api': { target: process.env.API_URL ?? 'http://127.0.0.1:5000', changeOrigin: false } },
  },
}));
