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

  test('opens an item from the inventory: image, name, brand, price, description, stock and the update form', async ({
    page,
  }) => {
    await page.goto('/inventory');
    await expect(page).toHaveTitle('Inventory-Smart-Zone');
    await shot(page, 'inventory');
    const card = page.getByTestId('item-card').first();
    const name = (await card.getByRole('heading').textContent())?.trim() ?? '';
    await card.getByRole('link', { name: /Details/ }).click();
    await expect(page).toHaveTitle('Inventory Details-Smart-Zone');
    await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
    await expect(page.getByRole('img', { name })).toBeVisible();
    await expect(page.getByText(/^Brand: /)).toBeVisible();
    await expect(page.getByText(/^Stock: \d+$|^Out of stock$/)).toBeVisible();
    for (const button of ['Update', 'Delevered', 'Delete']) {
      await expect(page.getByRole('button', { name: button, exact: true })).toBeVisible();
    }
    // The update form is folded away under its summary.
    await page.getByText('Edit item details').click();
    await expect(page.getByRole('button', { name: 'Update Item' })).toBeVisible();
    // Every picture on the page loaded (they ship with the app; there is no internet here).
    const broken = await page
      .locator('img')
      .evaluateAll((imgs) =>
        (imgs as HTMLImageElement[]).filter((img) => !img.complete || img.naturalWidth === 0).map((img) => img.src),
      );
    expect(broken).toEqual([]);
    await shot(page, 'inventory-detail-visitor');
  });

  test('reads the four blog articles', async ({ page }) => {
    await page.goto('/blogs');
    await expect(page).toHaveTitle('Blogs-Smart-Zone');
    await expect(page.getByRole('article')).toHaveCount(4);
    for (const topic of [/JavaScript and Node/, /Node\.js and when MongoDB/, /SQL and NoSQL/, /JWT/]) {
      await expect(page.getByRole('heading', { name: topic })).toBeVisible();
    }
    await shot(page, 'blogs');
  });

  test('sees the about pages', async ({ page }) => {
    await page.goto('/about');
    await expect(page).toHaveTitle('About-Smart-Zone');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await shot(page, 'about');

    await page.getByRole('contentinfo').getByRole('link', { name: 'About us' }).click();
    await expect(page).toHaveURL(/\/aboutus$/);
    await expect(page).toHaveTitle('About Us-Smart-Zone');
    await expect(page.getByRole('heading', { name: 'Skills' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'GitHub' })).toHaveAttribute('href', 'https://github.com/');
    await shot(page, 'aboutus');
  });

  test('finds Sign in and Sign up in the navbar, and the footer says this is not a shop', async ({ page }) => {
    await page.goto('/home');
    const nav = page.getByRole('navigation');
    for (const link of ['Home', 'Inventory', 'Blogs', 'About', 'Sign in', 'Sign up']) {
      await expect(nav.getByRole('link', { name: link, exact: true })).toBeVisible();
    }
    for (const hidden of ['Manage Inventories', 'Add NewItem', 'My Item']) {
      await expect(nav.getByRole('link', { name: hidden })).toHaveCount(0);
    }
    await expect(page.getByRole('contentinfo')).toContainText('not an e-commerce site');
    await expect(page.getByRole('contentinfo')).toContainText('Sun-Fri at 10am');

    await nav.getByRole('link', { name: 'Sign in' }).click();
    await expect(page).toHaveTitle('Login-Smart-Zone');
    await expect(page.getByRole('button', { name: 'Continue with Google' })).toBeVisible();
    await shot(page, 'login');
    await page.getByRole('navigation').getByRole('link', { name: 'Sign up' }).click();
    await expect(page).toHaveTitle('Sign Up-Smart-Zone');
    await expect(page.getByRole('button', { name: 'Register' })).toBeDisabled();
    await shot(page, 'signup');
  });

  test('an unknown path shows the 404 page', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByText('Page Not Found')).toBeVisible();
    await expect(page.getByText('Sorry')).toBeVisible();
    await shot(page, 'not-found');
  });
});
