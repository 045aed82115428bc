import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { makeTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
let dist: string;
beforeEach(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'smart-zone-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Smart Zone</title><div id="root"></div>');
  writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
  t = await makeTestApp({ webDist: dist });
});
afterEach(() => t.close());

describe('the built web app at every non-/api path', () => {
  it.each(['/', '/inventory', '/inventory/aaaaaaaaaaaaaaaaaaaaaaaa', '/manageinventories', '/no/such/page'])(
    'serves index.html for %s (client routes, deep links, reloads)',
    async (url) => {
      const res = await request(t.app).get(url);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.text).toContain('<div id="root">');
    },
  );

  it('serves hashed assets with a long cache', async () => {
    const res = await request(t.app).get('/assets/app-abc123.js');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it('answers 404, not HTML, for a missing file', async () => {
    const res = await request(t.app).get('/images/missing.svg');
    expect(res.status).toBe(404);
  });

  it('keeps /api/inventory as data while /inventory is the page', async () => {
    const res = await request(t.app).get('/api/inventory');
    expect(res.headers['content-type']).toContain('application/json');
  });
});
