import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import express, { type RequestHandler, Router } from 'express';

/** The encodings the build writes beside each text asset (vite.config.ts), best first. */
const ENCODINGS = [
  { name: 'br', suffix: '.br' },
  { name: 'gzip', suffix: '.gz' },
] as const;

const YEAR_IMMUTABLE = 'public, max-age=31536000, immutable';
const HOUR = 'public, max-age=3600';
/**
 * The service worker's script and the app's manifest: asked again each time, so a new build's worker (and its
 * precache) reaches a browser on its next start, not an hour later.
 */
const ALWAYS_ASK = new Set(['sw.js', 'manifest.webmanifest']);
const NO_CACHE = 'no-cache';
const cacheControlOf = (file: string) =>
  file.startsWith('assets/') ? YEAR_IMMUTABLE : ALWAYS_ASK.has(file) ? NO_CACHE : HOUR;

/** Every file under `dir`, as paths relative to it with forward slashes ('' when there is no folder). */
function listFiles(dir: string, prefix = ''): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? listFiles(path.join(dir, entry.name), `${prefix}${entry.name}/`) : [`${prefix}${entry.name}`],
  );
}

/**
 * The build's pre-compressed copies (`x.js.br`, `x.js.gz`): a request for
 * `/x.js` from a browser that accepts one gets it, with the type of `x.js`,
 * `Content-Encoding` and `Vary: Accept-Encoding`. The list is read once at
 * start (a new build means a restart); anything else falls through to the
 * plain files.
 */
function precompressed(webDist: string): RequestHandler {
  const files = new Set(listFiles(webDist));
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    let file: string;
    try {
      file = decodeURIComponent(req.path).replace(/^\/+/, '');
    } catch {
      return next();
    }
    // index.html goes out as it is, with its own caching (below).
    if (!files.has(file) || file === 'index.html') return next();
    const variants = ENCODINGS.filter(({ suffix }) => files.has(file + suffix));
    if (!variants.length) return next();
    res.vary('Accept-Encoding');
    // Ours is the order of preference (brotli is smaller); the browser only says what it accepts.
    const variant = variants.find(({ name }) => req.acceptsEncodings(name) === name);
    if (!variant) return next();
    res.type(path.extname(file));
    res.setHeader('Content-Encoding', variant.name);
    res.sendFile(file + variant.suffix, {
      root: webDist,
      dotfiles: 'deny',
      cacheControl: false,
      headers: { 'Cache-Control': cacheControlOf(file) },
    });
  };
}

/**
 * The built SPA at every non-/api path: real files as they are (hashed
 * assets cached for a year, immutable; compressed when the browser accepts
 * it), and index.html, never cached without asking, for client routes so
 * deep links and reloads work. A missing file with an extension (a source
 * map included: none is built into the folder) is a plain 404, not HTML.
 */
export function webAppRoutes(webDist: string) {
  const router = Router();
  const indexHtml = path.join(webDist, 'index.html');

  router.use(precompressed(webDist));
  router.use(
    '/assets',
    express.static(path.join(webDist, 'assets'), { immutable: true, maxAge: '1y', index: false, fallthrough: true }),
  );
  router.use(
    express.static(webDist, {
      index: false,
      cacheControl: false,
      setHeaders: (res, file) =>
        res.setHeader('Cache-Control', cacheControlOf(path.relative(webDist, file).split(path.sep).join('/'))),
    }),
  );

  router.get(/.*/, (req, res) => {
    if (path.extname(req.path)) {
      res.status(404).type('text/plain').send('Not found');
      return;
    }
    if (!existsSync(indexHtml)) {
      res
        .status(503)
        .type('text/plain')
        .send('The web app is not built yet. Run `npx -y pnpm@10 build` (or `pnpm start`, which builds it).');
      return;
    }
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(indexHtml);
  });
  return router;
}
