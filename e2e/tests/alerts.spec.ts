import { readFile } from 'node:fs/promises';
import { type Locator, expect, type Page, test } from '@playwright/test';
import { fillDeliveryForm } from './helpers/deliveries';
import { findItemByName, itemName } from './helpers/items';
import { shot } from './helpers/screenshots';
import { signedInVerifiedUser } from './helpers/users';

test.describe('low stock', () => {
  test('a reorder point set on the item page, deliveries until it crosses: the bell, the Alerts page, the low badge, the reorder list and its CSV', async ({
    page,
    request,
  }) => {
    test.setTimeout(150_000);
    await signedInVerifiedUser(page, 'alerts');
    const name = itemName('E2E Low');

    // The bell counts the open alerts: the seeded items that start low have theirs.
    await page.goto('/alerts');
    await expect(page.getByRole('heading', { name: 'Alerts', level: 1 })).toBeVisible();
    const bell = page.getByRole('link', { name: /^Alerts/ });
    const openBefore = await openCount(page);

    // An item of 4, no reorder point yet.
    await page.goto('/addNewItem');
    await page.getByLabel(/^Name/).fill(name);
    await page.getByLabel(/^Supplier/).fill('E2E Supplies');
    await page.getByLabel('Price ($)').fill('120');
    await page.getByLabel('Quantity').fill('4');
    await expect(page.getByLabel('Reorder point')).toHaveValue('0');
    await page.getByRole('button', { name: 'Add Item' }).click();
    await expect(page.getByText('Successfully Addeded your item')).toBeVisible();
    const item = await findItemByName(request, name);

    // The reorder point, through the update form on the item page.
    await page.goto(`/inventory/${item._id}`);
    await page.getByText('Edit item details').click();
    const form = page.locator('form').filter({ has: page.getByRole('button', { name: 'Update Item' }) });
    await form.getByLabel('Reorder point').fill('2');
    await form.getByRole('button', { name: 'Update Item' }).click();
    await expect(page.getByText('Reorder point: 2')).toBeVisible();
    await expect(page.getByText('Stock: 4', { exact: true })).toBeVisible();
    await expect(page.getByText('Low stock', { exact: true })).toHaveCount(0);
    await shot(page, 'alerts-reorder-point-set');

    // Deliver 1 (4 → 3, still above), then 1 more (3 → 2, at the reorder point): one alert.
    for (const [phone, left] of [
      ['+1 555 0190', 3],
      ['+1 555 0191', 2],
    ] as const) {
      await page.goto(`/inventoryDetails/${item._id}`);
      await fillDeliveryForm(page, { address: '9 Dock Street', phone, quantity: 1 });
      await page.getByRole('button', { name: 'Deliver' }).click();
      await expect(page.getByText('Your delevery is successfull').first()).toBeVisible();
      await expect(page.getByText(`Stock: ${left}`, { exact: true })).toBeVisible();
    }
    await expectBell(bell, openBefore + 1);
    // The badge: the count, or "99+" past 99 (the seeded warehouse has thousands of low items).
    await expect(page.getByTestId('alerts-unread-count')).toHaveText(
      openBefore + 1 > 99 ? '99+' : String(openBefore + 1),
    );

    // The Alerts page lists it, newest first, linking to the item.
    await bell.click();
    await expect(page).toHaveURL(/\/alerts$/);
    const newest = page.getByTestId('alert-row').first();
    await expect(newest).toContainText('Low stock');
    await expect(newest).toContainText('2 / 2');
    await expect(newest).toContainText('Open');
    await expect(newest).toContainText('Unread');
    await expect(newest.getByRole('link', { name })).toHaveAttribute('href', `/inventory/${item._id}`);
    await shot(page, 'alerts-page');

    // The low badge on its card.
    await page.goto(`/inventory?q=${encodeURIComponent(name)}`);
    const card = page.getByRole('article', { name, exact: true });
    await expect(card.getByText('Low stock', { exact: true })).toBeVisible();
    await expect(card.getByText('Stock: 2', { exact: true })).toBeVisible();
    await shot(page, 'alerts-low-card');

    // Manage Inventories: the low filter, by shortfall.
    await page.goto('/manageInventories');
    await page.getByRole('combobox', { name: 'Show' }).selectOption({ label: 'Low stock' });
    await page.getByRole('combobox', { name: 'Sort by' }).selectOption({ label: 'Shortfall (largest first)' });
    await expect(page).toHaveURL(/stock=low/);
    await expect(page).toHaveURL(/sort=shortfall/);
    await page.getByRole('searchbox', { name: 'Search by name, supplier, SKU or barcode' }).fill(name);
    const row = page.getByTestId('manage-row').filter({ hasText: name });
    await expect(row).toHaveCount(1);
    await expect(row.getByText('Low stock', { exact: true })).toBeVisible();
    await shot(page, 'alerts-manage-low-filter');

    // The reorder list, and its CSV (fetched with the token, saved by the browser).
    await page.getByRole('link', { name: 'Reorder list' }).click();
    await expect(page.getByRole('heading', { name: 'Reorder list', level: 1 })).toBeVisible();
    await expect(page.getByTestId('reorder-row').first()).toBeVisible();
    await shot(page, 'alerts-reorder-list');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^reorder-list-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await readFile(await download.path(), 'utf8');
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe('Item,Supplier,Quantity,Reorder point,Shortfall');
    expect(lines).toContain(`${name},E2E Supplies,2,2,0`);

    // Read is not resolved: the item is still low, the bell still counts it.
    await bell.click();
    await newest.getByRole('button', { name: /^Mark read/ }).click();
    await expect(newest).toContainText('Read ');
    await expectBell(bell, openBefore + 1);

    // Leave the warehouse as it was: the scale spec counts every item.
    await page.goto(`/manageInventories?q=${encodeURIComponent(name)}`);
    const mine = page.getByTestId('manage-row').filter({ hasText: name });
    await mine.getByRole('button', { name: `Delete ${name}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect(mine).toHaveCount(0);
    expect((await request.get(`/api/inventory/${item._id}`)).status()).toBe(404);
    // Deleted: its alert resolved, the bell back where it was.
    await expectBell(bell, openBefore);
  });

  test('the owner adds an item below its reorder point: the bell shows it at once, and Restock on the Alerts page resolves it', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    await signedInVerifiedUser(page, 'alerts-born-low');
    const name = itemName('E2E Born low');
    await page.goto('/alerts');
    const bell = page.getByRole('link', { name: /^Alerts/ });
    const openBefore = await openCount(page);

    // 4 in stock, reorder point 5: low from the start.
    await page.goto('/addNewItem');
    await page.getByLabel(/^Name/).fill(name);
    await page.getByLabel(/^Supplier/).fill('E2E Supplies');
    await page.getByLabel('Price ($)').fill('9');
    await page.getByLabel('Quantity').fill('4');
    await page.getByLabel('Reorder point').fill('5');
    await page.getByRole('button', { name: 'Add Item' }).click();
    await expect(page.getByText('Successfully Addeded your item')).toBeVisible();
    await expectBell(bell, openBefore + 1);
    await shot(page, 'alerts-born-low-bell');
    const item = await findItemByName(request, name);

    // The Alerts page, open by default: the row, and Restock.
    await bell.click();
    await expect(page.getByRole('button', { name: 'Open', pressed: true })).toBeVisible();
    const row = page.getByTestId('alert-row').filter({ hasText: name });
    await expect(row).toContainText('4 / 5');
    await expect(row).toContainText('Open');
    await shot(page, 'alerts-open-with-restock');
    const restock = row.getByRole('button', { name: `Restock ${name}` });
    const box = await restock.boundingBox();
    expect(box!.height).toBeGreaterThanOrEqual(44);
    await restock.click();
    const dialog = page.getByRole('dialog', { name: `Restock ${name}` });
    await dialog.getByLabel('Amount').fill('20');
    await shot(page, 'alerts-restock-dialog');
    await dialog.getByRole('button', { name: 'Change stock' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(row).toHaveCount(0);
    await expectBell(bell, openBefore);

    // Resolved: listed there, with when.
    await page.getByRole('button', { name: 'Resolved' }).click();
    await expect(page.getByTestId('alert-row').filter({ hasText: name })).toContainText('Resolved');
    await shot(page, 'alerts-resolved');

    // Leave the warehouse as it was: the scale spec counts every item.
    expect((await request.get(`/api/inventory/${item._id}`)).status()).toBe(200);
    await page.goto(`/manageInventories?q=${encodeURIComponent(name)}`);
    const mine = page.getByTestId('manage-row').filter({ hasText: name });
    await mine.getByRole('button', { name: `Delete ${name}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect(mine).toHaveCount(0);
  });
});

/** How many alerts are open, as the Alerts page (open, the default) counts them; the bell says the same. */
async function openCount(page: Page): Promise<number> {
  const summary = page.getByTestId('list-summary');
  await expect(summary.or(page.getByText(/^No open alerts/))).toBeVisible();
  // "Showing 1–20 of 6,802 alerts": the count as the page writes it, with its thousands separators.
  const written = /of ([\d,]+) alerts?/.exec((await summary.textContent()) ?? '')?.[1];
  const open = (await summary.count()) ? Number(written?.replaceAll(',', '')) : 0;
  expect(Number.isInteger(open)).toBe(true);
  await expectBell(page.getByRole('link', { name: /^Alerts/ }), open);
  return open;
}

/** The bell says what its badge shows (the count, "99+" past 99); past 99 its description has the whole number. */
async function expectBell(bell: Locator, open: number) {
  await expect(bell).toHaveAccessibleName(open ? `Alerts: ${open > 99 ? '99+' : open} open` : 'Alerts');
  if (open > 99) await expect(bell).toHaveAccessibleDescription(`${open.toLocaleString('en-US')} open alerts`);
}
