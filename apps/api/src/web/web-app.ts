import { existsSync } from 'node:fs';
import path from 'node:path';
import express, { Router } from 'express';

/**
 * The built SPA at every non-/api path: real files as they are (hashed
 * assets cached for a year), and index.html for client routes so deep links
 * and reloads work. A missing file with an extension is a plain 404, not HTML.
 */
export function webAppRoutes(webDist: string) {
  const router = Router();
  const indexHtml = path.join(webDist, 'index.html');

  router.use(
    '/assets',
    express.static(path.join(webDist, 'assets'), { immutable: true, maxAge: '1y', index: false, fallthrough: true }),
  );
  router.use(express.static(webDist, { index: false, maxAge: '1h' }));

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
