import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type BrowserContext, type Page, type Request, chromium, expect, test } from '@playwright/test';
import config from '../playwright.config';
import { ARTIFACTS_DIR } from '../paths';
import { fillDeliveryForm } from './helpers/deliveries';
import { apiUrl } from './helpers/env';
import { itemName } from './helpers/items';
import { PHONE } from './helpers/screenshots';
import { logTiming } from './helpers/taps';
import { ownerApi } from './helpers/team';
import { signedInVerifiedUser } from './helpers/users';

/**
 * Issue 37, the outbox: a phone in a storeroom with no signal. In a browser with a persistent profile (its
 * IndexedDB, its service worker, its signed-in session survive a restart), a clerk opens two items online, goes
 * offline, receives 20 units one at a time and records two deliveries; the browser is closed and started again
 * online, and the outbox sends them in order: exactly 20 restocks and the first delivery, once each; the second
 * delivery, of more than its item now holds (someone else took some meanwhile), comes back as a card. Sending
 * everything again (the same keys) adds nothing.
 */

const MOVES = 20;

function launch(dir: string) {
  const use = config.use!;
  return chromium.launchPersistentContext(dir, {
    executablePath: use.launchOptions?.executablePath,
    args: use.launchOptions?.args,
    headless: true,
    baseURL: process.env.SMART_ZONE_URL,
    viewport: { width: 1280, height: 900 },
    serviceWorkers: 'allow',
  });
}

const shot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(ARTIFACTS_DIR, `${name}.png`), fullPage: false });

async function itemWith(quantity: number, tag: string) {
  const name = itemName(tag);
  const created = await ownerApi<{ insertedId: string }>('POST', '/inventory', {
    name,
    supplier: 'E2E Supplies',
    price: 4.5,
    quantity,
    description: 'Counted in the basement.',
    img: '',
  });
  expect(created.status).toBe(201);
  return { id: created.body.insertedId, name };
}

/** GET with the signed-in person's accessToken, as the page has it. */
async function apiGet<T>(page: Page, route: string): Promise<T> {
  const token = await page.evaluate(() => localStorage.getItem('accessToken'));
  const response = await page.request.get(`${apiUrl()}${route}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(response.status()).toBe(200);
  return (await response.json()) as T;
}

/** The query keys this browser keeps for offline use (IndexedDB 'smart-zone-offline', lib/offline/answers.ts). */
const keptKeys = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<string[]>((resolve) => {
        const open = indexedDB.open('smart-zone-offline');
        open.onsuccess = () => {
          const all = open.result.transaction('answers').objectStore('answers').getAll();
          all.onsuccess = () =>
            resolve(
              (all.result as { state: { queries: { queryHash: string }[] } }[]).flatMap((kept) =>
                kept.state.queries.map((query) => query.queryHash),
              ),
            );
        };
        open.onerror = () => resolve([]);
      }),
  );

/** Until the item's answer and its stock lines are kept (saved a second after they came). */
const keptItem = (page: Page, id: string) =>
  expect
    .poll(async () => (await keptKeys(page)).filter((key) => key.includes(id)).length, { timeout: 15_000 })
    .toBeGreaterThanOrEqual(2);

const movementsOf = (page: Page, id: string) =>
  apiGet<{ reason: string; delta: number }[]>(page, `/inventory/${id}/history?limit=100`);

test('offline: 20 receipts and two deliveries wait in the outbox, survive a restart, and are sent exactly once', async () => {
  test.setTimeout(240_000);
  const dir = mkdtempSync(path.join(tmpdir(), 'smart-zone-profile-'));
  let context: BrowserContext | undefined;
  try {
    context = await launch(dir);
    let page = context.pages()[0] ?? (await context.newPage());
    const user = await signedInVerifiedUser(page, 'outbox', 'clerk');
    const bolts = await itemWith(5, 'Bolts');
    const hinges = await itemWith(3, 'Hinges');
    await page.setViewportSize(PHONE);

    // Online: the service worker installs, and the items' pages are opened once (their answers are kept).
    await page.goto(`/inventory/${hinges.id}`);
    await expect(page.getByRole('heading', { level: 1, name: hinges.name, exact: true })).toBeVisible();
    await keptItem(page, hinges.id);
    await page.goto(`/inventory/${bolts.id}`);
    await expect(page.getByRole('heading', { level: 1, name: bolts.name, exact: true })).toBeVisible();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
    await keptItem(page, bolts.id);

    await context.setOffline(true);
    // The item page opens with no network: the shell from the service worker, the item as it was last seen.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: bolts.name, exact: true })).toBeVisible();
    await expect(page.getByText(/^You are offline\. Showing what was saved today/)).toBeVisible();
    const started = Date.now();
    for (let n = 1; n <= MOVES; n += 1) {
      await page.getByRole('button', { name: 'Receive', exact: true }).click();
      await page.getByRole('button', { name: 'Receive 1', exact: true }).click();
      await expect(page.getByText(`${n} ${n === 1 ? 'change' : 'changes'} waiting to send`).first()).toBeVisible();
    }
    logTiming('receive 1 offline, kept in the outbox', 'item page, 390', 2, (Date.now() - started) / 1000 / MOVES);
    // Never shown as done: the stock on the page is still the one last seen.
    await page.getByRole('button', { name: 'Receive', exact: true }).click();
    await expect(page.getByText('In stock now: 5', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Receive', exact: true }).click();
    await page.getByRole('button', { name: 'Deliver', exact: true }).click();
    await fillDeliveryForm(page, { address: '1 Basement Row', phone: '555-0101', quantity: 2 });
    await page.getByRole('button', { name: 'Deliver', exact: true }).last().click();
    await expect(page.getByText(`${MOVES + 1} changes waiting to send`).first()).toBeVisible();
    await page.evaluate(() => scrollTo(0, 0));
    await shot(page, 'outbox-offline-item-390');

    await page.goto(`/inventory/${hinges.id}`);
    await expect(page.getByRole('heading', { level: 1, name: hinges.name, exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Deliver', exact: true }).click();
    await fillDeliveryForm(page, { address: '2 Basement Row', phone: '555-0102', quantity: 3 });
    await page.getByRole('button', { name: 'Deliver', exact: true }).last().click();
    await expect(page.getByText(`${MOVES + 2} changes waiting to send`).first()).toBeVisible();
    // Meanwhile someone else takes 2 of the 3 hinges.
    const taken = await ownerApi('POST', `/inventory/${hinges.id}/stock`, { delta: -2, why: 'damaged' });
    expect(taken.status).toBe(200);
    await context.close();
    context = undefined;

    // Started again, online: the outbox is sent in order, each change once.
    context = await launch(dir);
    page = context.pages()[0] ?? (await context.newPage());
    await page.setViewportSize(PHONE);
    const sent: Request[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.headers()['idempotency-key']) sent.push(request);
    });
    await page.goto('/today');
    const card = page.getByTestId('outbox-refused');
    await expect(card).toHaveCount(1, { timeout: 30_000 });
    await expect(page.getByText(/changes? waiting to send/)).toHaveCount(0);
    await expect(card).toContainText(`Not sent: Deliver 3 of ${hinges.name}`);
    await shot(page, 'outbox-refused-card-390');
    await page.setViewportSize({ width: 1280, height: 900 });
    await expect(card.getByRole('button', { name: 'Send again' })).toBeVisible();
    await shot(page, 'outbox-refused-card-1280');
    await page.setViewportSize(PHONE);

    let bolted = await movementsOf(page, bolts.id);
    expect(bolted.filter((m) => m.reason === 'restock')).toHaveLength(MOVES);
    expect(bolted.filter((m) => m.reason === 'delivery')).toHaveLength(1);
    const mine = await apiGet<{ inventoriesId: string; quantity: number }[]>(
      page,
      `/myitem?email=${encodeURIComponent(user.email)}`,
    );
    expect(mine.map((d) => [d.inventoriesId, d.quantity])).toEqual([[bolts.id, 2]]);
    expect((await apiGet<{ quantity: number }>(page, `/inventory/${bolts.id}`)).quantity).toBe(5 + MOVES - 2);

    // Sending it all again, the same keys: each answer is the one kept, and nothing is added.
    const token = await page.evaluate(() => localStorage.getItem('accessToken'));
    const resent = sent.filter((request) => !request.url().includes('/login'));
    expect(resent.length).toBeGreaterThanOrEqual(MOVES + 1);
    for (const request of resent) {
      const again = await page.request.post(request.url(), {
        headers: {
          Authorization: `Bearer ${token}`,
          'Content-Type': 'application/json',
          'Idempotency-Key': request.headers()['idempotency-key']!,
        },
        data: request.postData() ?? undefined,
      });
      const what = `${request.url()} ${request.postData()}`;
      const first = (await request.response())!.status();
      expect([what, again.status()]).toEqual([what, first]);
      // A write done is answered as it was, from what was kept with it; a refusal wrote nothing, kept nothing,
      // and is refused again.
      if (first < 300) expect([what, again.headers()['idempotent-replayed']]).toEqual([what, 'true']);
    }
    bolted = await movementsOf(page, bolts.id);
    expect(bolted.filter((m) => m.reason === 'restock')).toHaveLength(MOVES);
    expect(bolted.filter((m) => m.reason === 'delivery')).toHaveLength(1);

    // The card: one hinge is left; the clerk sends 1 instead of 3.
    await card.getByLabel('Amount').fill('1');
    await card.getByRole('button', { name: 'Send again' }).click();
    await expect(card).toHaveCount(0);
    await expect
      .poll(async () => (await apiGet<{ quantity: number }>(page, `/inventory/${hinges.id}`)).quantity)
      .toBe(0);
    await shot(page, 'outbox-sent-390');
  } finally {
    await context?.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
