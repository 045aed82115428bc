import path from 'node:path';
import { expect, test } from '@playwright/test';
import { ARTIFACTS_DIR } from '../paths';
import { shot } from './helpers/screenshots';
import { signedInVerifiedUser } from './helpers/users';

/**
 * Issue 33, any code finds the item: a USB scanner's burst of keys (8 ms apart, then Enter) on the
 * dashboard, with no field focused, opens the item that has the code as a barcode; the header's search
 * finds it by a part of its SKU.
 */
test('a scanner burst on the dashboard opens the item; the header search finds it by a part of its SKU', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await signedInVerifiedUser(page, 'codes');
  const tag = Math.random().toString(36).slice(2, 8).toUpperCase();
  const sku = `SP-${tag}-BLK`;
  const barcode = `20${String(Date.now()).slice(-11)}`;
  const name = `Case ${tag}`;
  const token = await page.evaluate(() => localStorage.getItem('accessToken'));
  const created = await request.post('/api/inventory', {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      name,
      supplier: 'Spigen',
      price: 19.5,
      quantity: 7,
      description: 'A phone case.',
      img: '',
      sku,
      barcodes: [barcode],
    },
  });
  expect(created.status()).toBe(201);
  const { insertedId: id } = (await created.json()) as { insertedId: string };

  // The scanner: keys 8 ms apart on the dashboard, no field focused.
  await page.goto('/dashboard');
  await expect(page.getByRole('region', { name: 'Items', exact: true })).toBeVisible();
  // The scanner's watch lives with the header's search, which loads after the page: a key before it is not seen.
  await expect(page.getByRole('searchbox', { name: 'Find an item by name or code' })).toBeVisible();
  await page.evaluate(() => {
    (document.activeElement as HTMLElement | null)?.blur();
    // The keys' times as the page sees them: said in the log, to tell a slow machine from a broken rule.
    const times: number[] = [];
    (window as unknown as { scanTimes: number[] }).scanTimes = times;
    window.addEventListener('keydown', () => times.push(performance.now()), true);
  });
  const started = Date.now();
  await page.keyboard.type(barcode, { delay: 8 });
  await page.keyboard.press('Enter');
  const gaps = await page.evaluate(() =>
    (window as unknown as { scanTimes: number[] }).scanTimes
      .map((at, index, all) => at - (all[index - 1] ?? at))
      .slice(1),
  );
  console.log(
    `[codes] scanner keys as the page saw them: mean gap ${(gaps.reduce((a, b) => a + b, 0) / gaps.length).toFixed(1)} ms, max ${Math.max(...gaps).toFixed(1)} ms`,
  );
  await expect(page).toHaveURL(new RegExp(`/inventory/${id}$`));
  await expect(page.getByRole('heading', { name })).toBeVisible();
  console.log(`[codes] scan to item page: ${Date.now() - started} ms`);

  // Typing by hand on the page (120 ms apart) is not a scan: nothing opens.
  await page.goto('/dashboard');
  await expect(page.getByRole('region', { name: 'Items', exact: true })).toBeVisible();
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.type(barcode.slice(0, 5), { delay: 120 });
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/dashboard$/);

  // The header's search: a part of the SKU lists the item on Manage Inventories.
  const search = page.getByRole('searchbox', { name: 'Find an item by name or code' });
  await search.fill(`SP-${tag}`);
  await search.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/manageInventories\\?q=SP-${tag}$`));
  await expect(page.getByText(name).first()).toBeVisible();
  await expect(page.getByTestId('list-summary')).toHaveText('Showing 1–1 of 1 items');
  await shot(page, 'codes-header-search');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: path.join(ARTIFACTS_DIR, 'codes-header-search-390.png') });

  // The whole code typed in the header opens the item at once.
  await search.fill(sku);
  await search.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/inventory/${id}$`));
  await page.screenshot({ path: path.join(ARTIFACTS_DIR, 'codes-item-390.png') });
});
