import { randomBytes } from 'node:crypto';
import { type Page, expect, test } from '@playwright/test';
import { itemName } from './helpers/items';
import { shot } from './helpers/screenshots';
import { signedInVerifiedUser } from './helpers/users';

/** A CSV file as a spreadsheet saves one: a header, then a line per row. */
const csv = (...lines: string[]) => ({
  name: 'items.csv',
  mimeType: 'text/csv',
  buffer: Buffer.from(`${lines.join('\r\n')}\r\n`),
});

/** Chooses the file and checks it (the dry run): its counts are on screen after. */
async function checkFile(page: Page, file: ReturnType<typeof csv>) {
  await page.getByLabel('CSV file').setInputFiles(file);
  await page.getByRole('button', { name: 'Check file' }).click();
}

test.describe('CSV import and undo', () => {
  test('a manager imports a file (errors first, then a dry run, then applied), finds the new item by its SKU, and undoes a restock from its toast', async ({
    page,
  }) => {
    test.setTimeout(150_000);
    await signedInVerifiedUser(page, 'import');
    const tag = randomBytes(3).toString('hex');
    const [first, second] = [itemName('Imp A'), itemName('Imp B')];
    const [skuA, skuB] = [`E2E-A-${tag}`, `E2E-B-${tag}`];

    await page.goto('/manageInventories');
    await page.getByRole('link', { name: 'Import CSV' }).click();
    await expect(page).toHaveURL(/\/manageInventories\/import$/);
    await expect(page).toHaveTitle('Import items-Smart-Zone');

    // A file with errors: listed by row and column, and nothing to import.
    await checkFile(page, csv('name,supplier,price,quantity', `${first},E2E Supplies,abc,3`));
    await expect(page.getByRole('heading', { name: 'Problems in the file' })).toBeVisible();
    await expect(page.getByTestId('import-error').first()).toContainText('price');
    await expect(page.getByRole('button', { name: 'Import', exact: true })).toBeDisabled();
    await shot(page, 'import-errors');

    // The header in another order: the dry run says what it would do, and writes nothing.
    await checkFile(
      page,
      csv(
        'sku,quantity,price,supplier,name',
        `${skuA},3,249.5,E2E Supplies,${first}`,
        `${skuB},0,99,E2E Supplies,${second}`,
      ),
    );
    await expect(page.getByRole('heading', { name: 'What the import would do' })).toBeVisible();
    await expect(page.getByTestId('import-counts')).toHaveText(
      /Rows\s*2\s*To create\s*2\s*To update\s*0\s*Unchanged\s*0/,
    );
    await expect(page.getByTestId('import-change')).toHaveCount(2);
    await expect(page.getByTestId('import-change').first()).toContainText(first);
    await shot(page, 'import-dry-run');

    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await expect(page.getByText('Imported: 2 created, 0 updated')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Imported' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Import', exact: true })).toBeDisabled();

    // A new price and quantity for one of them is an update (found by its SKU); the quantity is a stock movement.
    await checkFile(page, csv('sku,name,supplier,price,quantity', `${skuA},${first},E2E Supplies,199,4`));
    await expect(page.getByTestId('import-counts')).toHaveText(/Rows\s*1\s*To create\s*0\s*To update\s*1/);
    await expect(page.getByTestId('import-change')).toContainText('price: $249.50 → $199.00');
    await expect(page.getByTestId('import-change')).toContainText('quantity: 3 → 4');
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await expect(page.getByText('Imported: 0 created, 1 updated')).toBeVisible();

    // Found by its SKU, with what the file said.
    await page.goto('/manageInventories');
    await page.getByLabel('Find by SKU').fill(skuA);
    await page.getByLabel('Find by SKU').press('Enter');
    await expect(page.getByRole('heading', { name: first, level: 1 })).toBeVisible();
    await expect(page.getByText(`SKU: ${skuA}`)).toBeVisible();
    await expect(page.getByText('$199.00', { exact: true })).toBeVisible();
    await expect(page.getByText('Stock: 4', { exact: true })).toBeVisible();

    // A restock of 5 taken back from its toast: the stock is 4 again, and the history shows both.
    await page.getByLabel('Amount').fill('5');
    await page.getByRole('button', { name: 'Change stock' }).click();
    const toast = page.getByRole('alert').filter({ hasText: `${first} now has 9 in stock` });
    await expect(page.getByText('Stock: 9', { exact: true })).toBeVisible();
    await toast.getByRole('button', { name: 'Undo' }).click();
    await expect(page.getByText(`Undone: ${first} has 4 in stock again`)).toBeVisible();
    await expect(page.getByText('Stock: 4', { exact: true })).toBeVisible();
    const rows = page.getByTestId('history-row');
    await expect(rows.first()).toContainText('Undo of Restock +5');
    await expect(rows.nth(1).locator('s')).toHaveText(['Restock', '+5']);
    await expect(rows.nth(1)).toContainText('(undone)');
    await expect(rows.nth(2)).toContainText('CSV import');
    await expect(rows.nth(3)).toContainText('Added');
    await shot(page, 'undo-history');
  });
});
