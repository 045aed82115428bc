import { expect, test } from '@playwright/test';
import { fillDeliveryForm } from './helpers/deliveries';
import { findItemByName, itemName } from './helpers/items';
import { shot } from './helpers/screenshots';
import { signedInVerifiedUser } from './helpers/users';

test.describe('items and deliveries', () => {
  test('add (a 21-character name refused), update, deliver until out of stock, cancel, delete', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const user = await signedInVerifiedUser(page, 'items');
    const name = itemName('E2E Phone');

    // Add, with the name rule first.
    await page.getByRole('link', { name: 'Add NewItem' }).click();
    await expect(page).toHaveTitle('Add New Item-Smart-Zone');
    await page.getByLabel(/^Name/).fill('X'.repeat(21));
    await page.getByLabel(/^Supplier/).fill('E2E Supplies');
    await page.getByLabel('Price ($)').fill('249.99');
    await page.getByLabel('Quantity').fill('2');
    await page.getByLabel('Description').fill('Made by the end-to-end test.');
    await page.getByRole('button', { name: 'Add Item' }).click();
    await expect(page.getByText('Name must be at most 20 characters')).toBeVisible();
    await shot(page, 'add-item-refused');
    await page.getByLabel(/^Name/).fill(name);
    await page.getByRole('button', { name: 'Add Item' }).click();
    await expect(page.getByText('Successfully Addeded your item')).toBeVisible();
    const item = await findItemByName(request, name);

    // It is in the inventory, with its price, supplier and a Details button.
    // The search must narrow the list: every other card leaves and the total drops to 1
    // (the new item alone might be on the first page anyway, so its card proves nothing).
    await page.getByRole('link', { name: 'Inventory', exact: true }).first().click();
    const cards = page.getByTestId('item-card');
    await expect(cards.nth(1)).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search by name, supplier, SKU or barcode' }).fill(name);
    await expect(page).toHaveURL(/[?&]q=/);
    await expect(page.getByTestId('list-summary')).toHaveText('Showing 1–1 of 1 items');
    await expect(cards).toHaveCount(1);
    const card = cards.filter({ hasText: name });
    await expect(card).toHaveCount(1);
    await expect(card).toContainText('$249.99');
    await expect(card).toContainText('E2E Supplies');
    await card.getByRole('link', { name: /Details/ }).click();
    await expect(page).toHaveURL(new RegExp(`/inventory/${item._id}$`));
    await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
    await expect(page.getByText('Stock: 2', { exact: true })).toBeVisible();

    // Update (restock) through the form under the details, folded away until asked for.
    await page.getByText('Edit item details').click();
    const form = page.locator('form').filter({ has: page.getByRole('button', { name: 'Update Item' }) });
    await form.getByLabel(/^Supplier/).fill('S'.repeat(21));
    await form.getByRole('button', { name: 'Update Item' }).click();
    await expect(form.getByText('Supplier must be at most 20 characters')).toBeVisible();
    await form.getByLabel(/^Supplier/).fill('E2E Wholesale');
    await form.getByLabel('Quantity').fill('3');
    await form.getByRole('button', { name: 'Update Item' }).click();
    await expect(page.getByText('Stock: 3', { exact: true })).toBeVisible();
    await expect(page.getByText('Brand: E2E Wholesale')).toBeVisible();
    await shot(page, 'inventory-detail');

    // Deliver 2, then 1: the stock runs out and the refusal shows.
    await page.getByRole('button', { name: 'Delevered' }).click();
    await expect(page).toHaveURL(new RegExp(`/inventoryDetails/${item._id}$`));
    await expect(page.getByLabel('Email')).toHaveValue(user.email);
    await expect(page.getByLabel('Inventory name')).toHaveValue(name);
    await fillDeliveryForm(page, {
      name: 'Ann Receiver',
      address: '1 Harbour Road',
      phone: '+1 555 0100',
      quantity: 2,
    });
    await shot(page, 'delivery-form');
    await page.getByRole('button', { name: 'Deliver' }).click();
    await expect(page.getByText('Your delevery is successfull')).toBeVisible();
    await expect(page.getByText('Stock: 1', { exact: true })).toBeVisible();
    // Saved: the confirmation with its ways on, and a form that starts again (no half-filled duplicate).
    await expect(page.getByText(/^Delivered 2 × /)).toHaveText(`Delivered 2 × ${name} — View · Undo · Back to item`);
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue('');
    await expect(page.getByLabel('Address')).toHaveValue('');
    await shot(page, 'delivery-saved');

    await fillDeliveryForm(page, { address: '2 Harbour Road', phone: '+1 555 0101', quantity: 5 });
    await page.getByRole('button', { name: 'Deliver' }).click();
    await expect(page.getByText('Only 1 in stock')).toBeVisible();
    await page.getByLabel(/^Quantity/).fill('1');
    await page.getByRole('button', { name: 'Deliver' }).click();
    await expect(page.getByText('Out of stock', { exact: true })).toBeVisible();
    await expect(page.getByText(`${name} is out of stock`)).toBeVisible();
    await shot(page, 'delivery-out-of-stock');

    await page.goto(`/inventory/${item._id}`);
    await expect(page.getByRole('button', { name: 'Delevered' })).toBeDisabled();

    // My Item: both deliveries, then cancel one and see its stock come back.
    await page.getByRole('link', { name: 'My Item' }).click();
    const rows = page.getByTestId('delivery-row').filter({ hasText: name });
    await expect(rows).toHaveCount(2);
    await expect(page.getByTestId('delivery-count')).toHaveText('2');
    await shot(page, 'my-items');
    await rows
      .filter({ hasText: '1 Harbour Road' })
      .getByRole('button', { name: /Cancel the delivery/ })
      .click();
    await expect(page.getByRole('dialog')).toContainText('Are you sure you want to cancel this delivery?');
    await expect(page.getByRole('dialog').getByRole('button', { name: 'Keep it' })).toBeVisible();
    await page.getByRole('button', { name: 'Cancel delivery' }).click();
    // The cancelled one stays listed, marked, with when and by whom; the count is of those that stand.
    const cancelled = rows.filter({ hasText: '1 Harbour Road' });
    await expect(cancelled).toHaveAttribute('data-state', 'cancelled');
    await expect(cancelled.getByTestId('cancelled-note')).toHaveText(/^Cancelled .+ by /);
    await expect(cancelled.getByRole('button', { name: /Cancel the delivery/ })).toHaveCount(0);
    await expect(rows).toHaveCount(2);
    await expect(page.getByTestId('delivery-count')).toHaveText('1');
    await shot(page, 'my-items-cancelled');
    await page.goto(`/inventory/${item._id}`);
    await expect(page.getByText('Stock: 2', { exact: true })).toBeVisible();

    // Delete: Cancel keeps it; confirming removes it.
    await page.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByRole('dialog')).toContainText('Are you sure you want to delete?');
    await shot(page, 'delete-confirm');
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('dialog')).toBeHidden();
    await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect(page).toHaveURL(/\/inventory$/);
    await expect(page.getByText(`${name} is deleted`)).toBeVisible();
    await expect(page.getByTestId('item-card').filter({ hasText: name })).toHaveCount(0);
    expect((await request.get(`/api/inventory/${item._id}`)).status()).toBe(404);
  });

  test('the manage page deletes with confirmation and links to Add New Item', async ({ page, request }) => {
    await signedInVerifiedUser(page, 'manage');
    const name = itemName('Manage Me');
    await page.goto('/addNewItem');
    await page.getByLabel(/^Name/).fill(name);
    await page.getByLabel(/^Supplier/).fill('Acme');
    await page.getByLabel('Price ($)').fill('10');
    await page.getByLabel('Quantity').fill('1');
    await page.getByRole('button', { name: 'Add Item' }).click();
    await expect(page.getByText('Successfully Addeded your item')).toBeVisible();
    const item = await findItemByName(request, name);

    await page.getByRole('link', { name: 'Manage Inventories' }).click();
    const row = page.getByTestId('manage-row').filter({ hasText: name });
    await expect(row).toContainText('Acme');
    await row.getByRole('button', { name: `Delete ${name}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect(row).toHaveCount(0);
    expect((await request.get(`/api/inventory/${item._id}`)).status()).toBe(404);
    await page.getByRole('link', { name: 'Add New Item' }).click();
    await expect(page).toHaveURL(/\/addNewItem$/);
  });

  test('a visitor who clicks Delevered signs in and comes back to the delivery form', async ({ page, browser }) => {
    // An account made in another browser, so this page is still a visitor's.
    const other = await browser.newPage();
    const user = await signedInVerifiedUser(other, 'visitor-deliver');
    await other.close();

    await page.goto('/inventory');
    await page
      .getByTestId('item-card')
      .first()
      .getByRole('link', { name: /Details/ })
      .click();
    const detailUrl = page.url();
    await page.getByRole('button', { name: 'Delevered' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.getByLabel('Email address').fill(user.email);
    await page.getByLabel('Password').fill(user.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL(detailUrl.replace('/inventory/', '/inventoryDetails/'));
    await expect(page.getByRole('button', { name: 'Deliver', exact: true })).toBeVisible();
  });
});
