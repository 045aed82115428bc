import { type APIRequestContext, type Page, expect, test } from '@playwright/test';
import { findItemByName, itemName } from './helpers/items';
import { shot } from './helpers/screenshots';
import { E2E_OWNER } from './helpers/team';
import { signInViaUi, signedInVerifiedUser } from './helpers/users';
import { openWorkMenu, workButton } from './helpers/work-menu';

interface Stats {
  items: number;
  units: number;
  stockValue: number;
  low: number;
  out: number;
  movementsByDay: {
    day: string;
    received: number;
    delivered: number;
    removed: number;
    corrections: number;
    opening: number;
    deletions: number;
    in: number;
    out: number;
  }[];
  topMovers: { itemId: string; name: string; out: number }[];
}

/** GET /api/stats with the page's own accessToken: what the dashboard should show. */
async function statsOf(page: Page, request: APIRequestContext): Promise<Stats> {
  const token = await page.evaluate(() => localStorage.getItem('accessToken'));
  const response = await request.get('/api/stats', { headers: { Authorization: `Bearer ${token}` } });
  expect(response.status()).toBe(200);
  return (await response.json()) as Stats;
}

const count = (value: number) => value.toLocaleString('en-US');
const price = (value: number) =>
  `$${value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const total = (stats: Stats, key: 'received' | 'delivered' | 'removed') =>
  stats.movementsByDay.reduce((sum, day) => sum + day[key], 0);
/** A day's row of the table: its received, delivered and removed cells, one after the other. */
const cells = (day: Stats['movementsByDay'][number]) =>
  `${count(day.received)}${count(day.delivered)}${count(day.removed)}`;

/** The figures on screen are the API's. */
async function expectFigures(page: Page, stats: Stats) {
  const figure = (name: string) => page.getByRole('region', { name, exact: true });
  await expect(figure('Items').locator('.stat-value')).toHaveText(count(stats.items));
  await expect(figure('Items')).toContainText(`${count(stats.units)} units on hand`);
  await expect(figure('Stock value').locator('.stat-value')).toHaveText(price(stats.stockValue));
  await expect(figure('Low stock').locator('.stat-value')).toHaveText(count(stats.low));
  await expect(figure('Out of stock').locator('.stat-value')).toHaveText(count(stats.out));
  await expect(page.getByTestId('movements-caption')).toContainText(
    `${count(total(stats, 'received'))} received, ${count(total(stats, 'delivered'))} delivered, ${count(total(stats, 'removed'))} removed`,
  );
}

test('staff see the warehouse at a glance, and a change made in another tab shows without a reload', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  await signedInVerifiedUser(page, 'dashboard');

  // An item of 500, whose stock is then removed (not a sale: not a top mover).
  const name = itemName('E2E Dash');
  await page.goto('/addNewItem');
  await page.getByLabel(/^Name/).fill(name);
  await page.getByLabel(/^Supplier/).fill('E2E Supplies');
  await page.getByLabel('Price ($)').fill('3');
  await page.getByLabel('Quantity').fill('500');
  await page.getByRole('button', { name: 'Add Item' }).click();
  await expect(page.getByText('Successfully Addeded your item')).toBeVisible();
  const item = await findItemByName(request, name);

  // The navbar's link, in its Work menu (from a page with no toast over the navbar).
  await page.goto('/about');
  await (await openWorkMenu(page)).getByRole('link', { name: 'Dashboard', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await expect(page).toHaveTitle('Dashboard-Smart-Zone');
  const before = await statsOf(page, request);
  await expectFigures(page, before);
  // The chart: uPlot's canvas, drawn.
  const canvas = page.getByTestId('movements-chart').locator('canvas');
  await expect(canvas).toBeVisible();
  expect((await canvas.boundingBox())!.height).toBeGreaterThan(150);
  // Its numbers as a table, on demand: today last.
  await page.getByText('The numbers by day').click();
  const today = before.movementsByDay.at(-1)!;
  await expect(page.getByRole('table').getByRole('row').last()).toContainText(cells(today));
  // The top movers as the API names them, each a link to its item.
  const movers = page.getByTestId('top-mover');
  await expect(movers).toHaveCount(before.topMovers.length);
  for (const [index, mover] of before.topMovers.entries()) {
    await expect(movers.nth(index).getByRole('link', { name: mover.name, exact: true })).toHaveAttribute(
      'href',
      `/inventory/${mover.itemId}`,
    );
    await expect(movers.nth(index)).toContainText(`${count(mover.out)} delivered`);
  }
  // The low and out lists.
  await expect(page.getByRole('link', { name: 'Low-stock list' })).toHaveAttribute(
    'href',
    '/manageInventories?stock=low',
  );
  await expect(page.getByRole('link', { name: 'Out-of-stock list' })).toHaveAttribute(
    'href',
    '/manageInventories?stock=out',
  );

  // 450 of the item go out, in another tab of the same browser.
  await page.evaluate(() => ((window as unknown as { dashboardMark: number }).dashboardMark = 1));
  const other = await page.context().newPage();
  await other.goto(`/inventory/${item._id}`);
  await other.getByLabel('Amount').fill('-450');
  await other.getByRole('button', { name: 'Change stock' }).click();
  await expect(other.getByText('Stock: 50', { exact: true })).toBeVisible();

  // The dashboard follows: units 450 fewer, 450 more removed (and out) today; a removal is no sale, so the
  // item is not among the top movers.
  await expect(page.getByRole('region', { name: 'Items', exact: true })).toContainText(
    `${count(before.units - 450)} units on hand`,
  );
  const after = await statsOf(page, request);
  expect(after.movementsByDay.at(-1)).toEqual({ ...today, removed: today.removed + 450, out: today.out + 450 });
  await expectFigures(page, after);
  await expect(movers.filter({ hasText: name })).toHaveCount(0);
  await expect(page.getByRole('table').getByRole('row').last()).toContainText(cells(after.movementsByDay.at(-1)!));
  expect(await page.evaluate(() => (window as unknown as { dashboardMark?: number }).dashboardMark)).toBe(1);
  await other.close();

  // Good at a phone's width: nothing wider than the screen.
  await page.getByText('The numbers by day').click();
  await page.setViewportSize({ width: 360, height: 800 });
  await expect(canvas).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.setViewportSize({ width: 1280, height: 900 });
  await shot(page, 'dashboard');

  // The out list it links to.
  await page.getByRole('link', { name: 'Out-of-stock list' }).click();
  await expect(page).toHaveURL(/\/manageInventories\?stock=out$/);
  await expect(page.getByRole('combobox', { name: 'Show' })).toHaveValue('out');

  // Leave the warehouse as it was: the scale spec counts every item.
  await page.goto(`/manageInventories?q=${encodeURIComponent(name)}`);
  const mine = page.getByTestId('manage-row').filter({ hasText: name });
  await mine.getByRole('button', { name: `Delete ${name}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(mine).toHaveCount(0);
});

test('the owner, who has every link, still has them on one row at 1280 px (the team pages in Work) and behind the menu at 360 px', async ({
  page,
}) => {
  await signInViaUi(page, { ...E2E_OWNER, name: 'Owner' });
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  const nav = page.getByRole('navigation');
  const work = await openWorkMenu(page);
  for (const name of ['Dashboard', 'Deliveries', 'Audit', 'Team']) {
    await expect(work.getByRole('link', { name, exact: true })).toBeVisible();
  }
  await page.keyboard.press('Escape');
  // One row from 1200 px, with the signed-in name: the brand, Work and the name on the same line, nothing past the window.
  for (const width of [1200, 1280, 1400]) {
    await page.setViewportSize({ width, height: 900 });
    const brand = (await nav.getByRole('link', { name: 'Smart Zone' }).boundingBox())!;
    for (const last of [workButton(page), page.getByTestId('signed-in-as')]) {
      const box = (await last.boundingBox())!;
      expect(Math.abs(box.y + box.height / 2 - (brand.y + brand.height / 2)), `at ${width} px`).toBeLessThan(10);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `at ${width} px`).toBeLessThanOrEqual(
      width,
    );
  }
  await shot(page, 'dashboard-owner');
});

test('a visitor sent to /dashboard is asked to sign in', async ({ page }) => {
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Please Login' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Dashboard', exact: true })).toHaveCount(0);
});
