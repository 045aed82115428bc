import { expect, test } from '@playwright/test';
import { shot } from './helpers/screenshots';

test.describe('a visitor', () => {
  test('sees the home page: carousel, Inventory heading and the first six items', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveTitle(/-Smart-Zone$/);
    for (const caption of ['Iphone', 'Samsung Smart PHone', 'One Plus']) {
      await expect(page.getByText(caption, { exact: true }).first()).toBeAttached();
    }
    await expect(page.getByRole('heading', { name: 'Inventory', exact: true })).toBeVisible();
    await expect(page.getByTestId('item-card')).toHaveCount(6);
    await shot(page, 'home');
  });

  test('the API answers /api/health', async ({ request }) => {
    const response = await request.get('/api/health');
    expect(response.status()).toBe(200);
    expect(await response.json()).toMatchObject({ ok: true });
  });

  test('opens /inventory as a deep link', async ({ page }) => {
    await page.goto('/inventory');
    await expect(page).toHaveTitle(/-Smart-Zone$/);
    await expect(page.getByTestId('item-card').first()).toBeVisible();
    expect(await page.getByTestId('item-card').count()).toBeGreaterThan(6);
  });

  test('an unknown path shows the 404 page', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByText('Page Not Found')).toBeVisible();
    await expect(page.getByText('Sorry')).toBeVisible();
    await shot(page, 'not-found');
  });
});
