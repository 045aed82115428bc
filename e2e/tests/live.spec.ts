import path from 'node:path';
import { type BrowserContext, type Page, type Request, expect, test } from '@playwright/test';
import { ARTIFACTS_DIR } from '../paths';
import { findItemByName, itemName } from './helpers/items';
import { shot } from './helpers/screenshots';
import { signedInVerifiedUser } from './helpers/users';

/**
 * Every GET /api/events the context's tabs make (one browser shares one
 * stream), and those still open (a page that navigates ends its own).
 */
function eventStreams(context: BrowserContext) {
  const seen: Request[] = [];
  const ended = new Set<Request>();
  context.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/events') seen.push(request);
  });
  context.on('requestfinished', (request) => ended.add(request));
  context.on('requestfailed', (request) => ended.add(request));
  return {
    seen,
    open: () => seen.filter((request) => !ended.has(request) && !request.frame().page().isClosed()),
  };
}

/** A mark in the page's memory: still there later means the page was not reloaded. */
const mark = (page: Page) => page.evaluate(() => ((window as unknown as { liveMark: number }).liveMark = 1));
const stillMarked = (page: Page) => page.evaluate(() => (window as unknown as { liveMark?: number }).liveMark === 1);

/** Watches the page for a changed value's mark (it lasts a second: a busy machine may not poll it in time). */
const watchFlash = (page: Page) =>
  page.evaluate(() => {
    const seen = window as unknown as { flashSeen: boolean };
    seen.flashSeen = false;
    new MutationObserver(
      () => (seen.flashSeen ||= document.querySelector('[data-stock].value-flash') !== null),
    ).observe(document.body, { subtree: true, attributes: true, childList: true });
  });
const flashSeen = (page: Page) => page.evaluate(() => (window as unknown as { flashSeen: boolean }).flashSeen);

async function restock(page: Page, amount: number) {
  await page.getByLabel('Amount').fill(String(amount));
  await page.getByRole('button', { name: 'Change stock' }).click();
}

test('a restock in one browser shows its new stock in another’s Inventory, item page and Manage Inventories within 1 s, without a reload', async ({
  browser,
  request,
}) => {
  test.setTimeout(150_000);
  const contextA = await browser.newContext();
  const contextB = await browser.newContext();
  const streamsB = eventStreams(contextB);
  const alice = await contextA.newPage();
  const bob = await contextB.newPage();
  await signedInVerifiedUser(alice, 'live-a');
  await signedInVerifiedUser(bob, 'live-b');

  const name = itemName('E2E Live');
  await alice.goto('/addNewItem');
  await alice.getByLabel(/^Name/).fill(name);
  await alice.getByLabel(/^Supplier/).fill('E2E Supplies');
  await alice.getByLabel('Price ($)').fill('50');
  await alice.getByLabel('Quantity').fill('5');
  await alice.getByRole('button', { name: 'Add Item' }).click();
  await expect(alice.getByText('Successfully Addeded your item')).toBeVisible();
  const item = await findItemByName(request, name);
  await alice.goto(`/inventory/${item._id}`);
  await expect(alice.getByText('Stock: 5', { exact: true })).toBeVisible();

  // Bob's three tabs: the Inventory page, the item's page, Manage Inventories.
  const query = `q=${encodeURIComponent(name)}`;
  const inventory = bob;
  await inventory.goto(`/inventory?${query}`);
  const detail = await contextB.newPage();
  await detail.goto(`/inventory/${item._id}`);
  const manage = await contextB.newPage();
  await manage.goto(`/manageInventories?${query}`);
  const card = inventory.getByRole('article', { name, exact: true });
  const row = manage.getByTestId('manage-row').filter({ hasText: name });
  await expect(card.getByText('Stock: 5', { exact: true })).toBeVisible();
  await expect(detail.getByText('Stock: 5', { exact: true })).toBeVisible();
  await expect(row.getByRole('cell', { name: '5', exact: true })).toBeVisible();
  // Each tab listens once it has loaded (and asks again for what it showed before).
  for (const page of [inventory, detail, manage]) await expect(page.locator('html[data-live="on"]')).toHaveCount(1);
  for (const page of [inventory, detail, manage]) await mark(page);
  // One stream for Bob's three tabs, open.
  await expect.poll(() => streamsB.open().length).toBe(1);
  await expect.poll(async () => (await streamsB.open()[0]!.response())?.status()).toBe(200);
  const streamsBefore = streamsB.seen.length;

  await watchFlash(detail);
  await restock(alice, 3);
  await expect(alice.getByText('Stock: 8', { exact: true })).toBeVisible();
  const within1s = { timeout: 1_000 };
  await Promise.all([
    expect(card.getByText('Stock: 8', { exact: true })).toBeVisible(within1s),
    expect(detail.getByText('Stock: 8', { exact: true })).toBeVisible(within1s),
    expect(row.getByRole('cell', { name: '8', exact: true })).toBeVisible(within1s),
  ]);
  await detail.screenshot({ path: path.join(ARTIFACTS_DIR, 'live-flash-1280.png') });
  // Marked for a moment where it changed.
  expect(await flashSeen(detail)).toBe(true);
  for (const page of [inventory, detail, manage]) expect(await stillMarked(page)).toBe(true);

  // Again, with the item's page on a phone's width.
  await detail.setViewportSize({ width: 360, height: 800 });
  await restock(alice, 1);
  await expect(detail.getByText('Stock: 9', { exact: true })).toBeVisible(within1s);
  await detail.screenshot({ path: path.join(ARTIFACTS_DIR, 'live-flash-360.png') });
  await expect(row.getByRole('cell', { name: '9', exact: true })).toBeVisible(within1s);
  expect(streamsB.seen).toHaveLength(streamsBefore);

  // Leave the warehouse as it was: the scale spec counts every item.
  await manage.getByRole('button', { name: `Delete ${name}` }).click();
  await manage.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(row).toHaveCount(0);
  // Deleted elsewhere: gone from the other tab's list without a reload.
  await expect(card).toHaveCount(0, within1s);

  await contextA.close();
  await contextB.close();
});

test('seven tabs all load the inventory over one stream; when its tab closes, another tab opens one', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const context = await browser.newContext();
  const streams = eventStreams(context);
  const tabs: Page[] = [];
  for (let index = 0; index < 7; index++) {
    const tab = await context.newPage();
    await tab.goto('/inventory');
    await expect(tab.getByTestId('item-card').first()).toBeVisible();
    tabs.push(tab);
  }
  for (const tab of tabs) await expect(tab.getByTestId('item-card')).toHaveCount(12);
  await expect.poll(() => streams.seen.length).toBe(1);
  // A while later, still one.
  await tabs[6]!.waitForTimeout(1_500);
  expect(streams.seen).toHaveLength(1);

  const leader = streams.seen[0]!.frame().page();
  await leader.close();
  await expect.poll(() => streams.seen.length).toBe(2);
  expect(streams.open()).toHaveLength(1);
  const next = streams.seen[1]!.frame().page();
  expect(next).not.toBe(leader);
  expect(tabs).toContain(next);
  await context.close();
});

test('"Reconnecting…" in every tab while the stream cannot be reached', async ({ browser }) => {
  const context = await browser.newContext();
  await context.route('**/api/events', (route) => route.abort('connectionrefused'));
  const first = await context.newPage();
  const second = await context.newPage();
  for (const page of [first, second]) {
    await page.goto('/inventory');
    await expect(page.getByTestId('item-card').first()).toBeVisible();
  }
  // The stream starts at a page's load event, and the hint shows once it has not opened for 2 s.
  for (const page of [first, second]) {
    await expect(page.getByRole('status').filter({ hasText: 'Reconnecting…' })).toBeVisible({ timeout: 20_000 });
  }
  await shot(first, 'live-reconnecting');

  // Reachable again: the hint goes by itself.
  await context.unroute('**/api/events');
  for (const page of [first, second]) {
    await expect(page.getByText('Reconnecting…')).toHaveCount(0, { timeout: 15_000 });
  }
  await context.close();
});
