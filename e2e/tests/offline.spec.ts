import path from 'node:path';
import { type Page, expect, test } from '@playwright/test';
import { ARTIFACTS_DIR } from '../paths';
import { PHONE } from './helpers/screenshots';

test.use({ serviceWorkers: 'allow', viewport: PHONE });
const DESK = { width: 1280, height: 800 };

/** Once the service worker controls the page and has precached the shell: what it fetches to work offline. */
async function installed(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
  return page.evaluate(async () => {
    const names = await caches.keys();
    const urls: string[] = [];
    for (const name of names) {
      for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
    }
    return { names, urls };
  });
}

test('the app is installable and its shell opens with no network: pages, the Scan screen’s decoder, the manifest', async ({
  page,
  context,
}) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Inventory', exact: true })).toBeVisible();

  // The manifest the browser installs from.
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  const manifest = (await (await page.request.get(href!)).json()) as {
    name: string;
    display: string;
    start_url: string;
    icons: { sizes: string; purpose?: string }[];
  };
  expect(manifest).toMatchObject({ name: 'Smart Zone', display: 'standalone', start_url: '/' });
  expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose ?? 'any'}`)).toEqual(
    expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']),
  );

  const { urls } = await installed(page);
  // The shell: index.html, the entry, every page's script, the styles, and the scanner's wasm.
  expect(urls).toContain('/index.html');
  expect(urls.filter((url) => url.endsWith('.js')).length).toBeGreaterThan(30);
  expect(urls.some((url) => /\/assets\/zxing_reader-[\w-]+\.wasm$/.test(url))).toBe(true);
  expect(urls.some((url) => url.endsWith('.css'))).toBe(true);
  // Nothing of the API: the worker keeps the app, not anybody's data.
  expect(urls.filter((url) => url.startsWith('/api'))).toEqual([]);

  await context.setOffline(true);
  try {
    // A deep link, typed in with no network: the client route from the precached index.html.
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Please Login' })).toBeVisible();
    await expect(page.getByLabel('Email address')).toBeVisible();
    await page.screenshot({ path: path.join(ARTIFACTS_DIR, 'offline-login-390.png') });

    await page.goto('/about');
    await expect(page.locator('main')).toContainText(/\w/);

    // The inventory page opens; its list (the API) waits for the network, and the page says so.
    await page.goto('/inventory');
    await expect(page.getByRole('heading', { name: 'Inventory', exact: true })).toBeVisible();
    await expect(page.getByText('You are offline. This list shows once the network is back.')).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: /^Offline$/ })).toBeVisible();
    await page.screenshot({ path: path.join(ARTIFACTS_DIR, 'offline-inventory-390.png') });
    await page.setViewportSize(DESK);
    await expect(page.getByRole('status').filter({ hasText: /^Offline$/ })).toBeVisible();
    await page.screenshot({ path: path.join(ARTIFACTS_DIR, 'offline-inventory-1280.png') });
    await page.setViewportSize(PHONE);

    // The scanner's decoder, from the precache: what the Scan screen loads when it opens.
    const wasm = urls.find((url) => url.endsWith('.wasm'))!;
    const decoder = await page.evaluate(async (url) => {
      const response = await fetch(url);
      return { ok: response.ok, bytes: (await response.arrayBuffer()).byteLength };
    }, wasm);
    expect(decoder.ok).toBe(true);
    expect(decoder.bytes).toBeGreaterThan(500_000);
  } finally {
    await context.setOffline(false);
  }
  // The network back: the list loads by itself, and the header stops saying Offline.
  await expect(page.getByTestId('item-card').first()).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /^Offline$/ })).toHaveCount(0);
});
