import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { itemName } from './helpers/items';
import { shot } from './helpers/screenshots';
import { signedInVerifiedUser } from './helpers/users';

/**
 * Issue 32: export, receive 20 in the app, change only a price in the file, import it back: the receipt is
 * kept (98, not 78), and the check shows the stale row plainly before anything is written.
 */
test('the spreadsheet round trip with a receipt in between keeps the receipt and shows the stale row', async ({
  page,
}) => {
  test.setTimeout(150_000);
  await signedInVerifiedUser(page, 'roundtrip');
  const name = itemName('Cable');
  const sku = `E2E-RT-${randomBytes(3).toString('hex')}`;

  // The item, at 78.
  await page.goto('/manageInventories/import');
  await page.getByLabel('CSV file').setInputFiles({
    name: 'new.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`sku,name,supplier,price,quantity\r\n${sku},${name},E2E Supplies,12,78\r\n`),
  });
  await page.getByRole('button', { name: 'Check file' }).click();
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(page.getByText('Imported: 1 created, 0 updated')).toBeVisible();

  // Exported (the list searched for it), as a spreadsheet user would.
  await page.goto('/manageInventories');
  await page.getByLabel('Search by name, supplier, SKU or barcode').fill(name);
  await expect(page.getByText(name).first()).toBeVisible();
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const exported = await readFile(await (await downloading).path(), 'utf8');
  expect(exported).toContain(`,${sku},${name},E2E Supplies,12,78,`);

  // 20 received in the app meanwhile: 98.
  await page.getByLabel('Find by SKU').fill(sku);
  await page.getByLabel('Find by SKU').press('Enter');
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  await page.getByLabel('Amount').fill('20');
  await page.getByRole('button', { name: 'Change stock' }).click();
  await expect(page.getByText('Stock: 98', { exact: true })).toBeVisible();

  // Only the price changed in the file; the check shows the stale row first, with the receipt.
  const edited = exported.replace(`,${sku},${name},E2E Supplies,12,78,`, `,${sku},${name},E2E Supplies,14.5,78,`);
  await page.goto('/manageInventories/import');
  await page
    .getByLabel('CSV file')
    .setInputFiles({ name: 'edited.csv', mimeType: 'text/csv', buffer: Buffer.from(edited) });
  await page.getByRole('button', { name: 'Check file' }).click();
  await expect(
    page.getByRole('heading', { name: '1 item changed in the app since this file was exported' }),
  ).toBeVisible();
  const stale = page.getByTestId('import-stale');
  await expect(stale).toContainText(name);
  await expect(stale).toContainText('In the file 78, in the app now 98 → after the import 98');
  await expect(stale).toContainText('Restock 78 → 98 by');
  await expect(page.getByLabel(/Keep the app’s quantity/)).toBeChecked();
  await expect(page.getByTestId('import-change')).toContainText('price: $12.00 → $14.50');
  await expect(page.getByTestId('import-change')).not.toContainText('quantity');
  await shot(page, 'import-stale');

  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(page.getByText('Imported: 0 created, 1 updated')).toBeVisible();
  await page.goto('/manageInventories');
  await page.getByLabel('Find by SKU').fill(sku);
  await page.getByLabel('Find by SKU').press('Enter');
  await expect(page.getByText('Stock: 98', { exact: true })).toBeVisible();
  await expect(page.getByText('$14.50', { exact: true })).toBeVisible();
});
