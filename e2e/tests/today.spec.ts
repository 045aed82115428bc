import { type Locator, expect, test } from '@playwright/test';
import { createVerifiedAccount } from './helpers/emulator';
import { itemName } from './helpers/items';
import { PHONE, shot } from './helpers/screenshots';
import { E2E_OWNER, inviteAs, ownerApi } from './helpers/team';
import { fillSignIn, newUser, signInViaUi } from './helpers/users';
import { openWorkMenu, workButton } from './helpers/work-menu';

/** A desk's screen, for the Today page's and the Work menu's screenshots. */
const DESK = { width: 1280, height: 800 };

/** The navbar's links and buttons a person can see that are smaller than a thumb (44 × 44 px). */
const smallerThanAThumb = (area: Locator) =>
  area.locator('a, button').evaluateAll((elements) =>
    elements
      .filter((element) => element.checkVisibility())
      .map((element) => {
        const { width, height } = element.getBoundingClientRect();
        return { text: element.textContent?.trim() || element.getAttribute('aria-label'), width, height };
      })
      .filter(({ width, height }) => width < 44 || height < 44),
  );

test.describe('Today (issue 36)', () => {
  test('the owner signs in from /login and lands on Today; the Work menu opens, closes and navigates, on a desk and a phone', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(DESK);
    await signInViaUi(page, { ...E2E_OWNER, name: 'Owner' });
    await expect(page).toHaveURL(/\/today$/);
    await expect(page).toHaveTitle('Today-Smart-Zone');
    await expect(page.getByRole('heading', { name: 'Today', level: 1 })).toBeVisible();
    await expect(page.getByRole('region', { name: /^Today's movements/ }).getByRole('list')).toBeVisible();
    // First steps show exactly while no person has added an item (the newest item.create is the seed's).
    const steps = page.getByRole('region', { name: 'First steps' });
    const created = await ownerApi<{ actor: { email: string } }[]>('GET', '/audit?action=item.create&limit=1');
    if (created.body[0]?.actor.email === 'system') {
      await expect(steps.getByRole('link', { name: 'Add your first item' })).toBeVisible();
      await expect(steps.getByRole('link', { name: 'Invite your team' })).toBeVisible();
      await shot(page, 'today-first-steps', [DESK, PHONE]);
    } else {
      await expect(steps).toHaveCount(0);
    }

    // An item born below its reorder point: an open alert and a movement of today; the first steps are done.
    const name = itemName('E2E Today');
    const made = await ownerApi<{ insertedId: string }>('POST', '/inventory', {
      name,
      supplier: 'E2E Supplies',
      price: 25,
      quantity: 2,
      minStock: 5,
      description: 'Low from the start.',
      img: '',
    });
    expect(made.status).toBe(201);
    await page.reload();
    const alerts = page.getByRole('region', { name: /^Open alerts/ });
    await expect(alerts.getByRole('link', { name, exact: true })).toBeVisible();
    await expect(alerts.getByRole('link', { name: 'All alerts' })).toHaveAttribute('href', '/alerts');
    const movements = page.getByRole('region', { name: /^Today's movements/ });
    await expect(movements.getByTestId('today-movement').filter({ hasText: `Item added ${name}` })).toContainText(
      '2 in stock',
    );
    await expect(steps).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Find an item' }).getByRole('searchbox')).toBeVisible();
    // One search on the page: the header's stands aside here.
    await expect(page.getByRole('searchbox')).toHaveCount(1);
    // Who is signed in, and as what, beside the bell.
    await expect(page.getByTestId('signed-in-as')).toContainText(E2E_OWNER.email);
    await expect(page.locator('#signed-in-role')).toHaveText('owner');
    await expect(page.getByRole('contentinfo')).toHaveText(/^This is not an e-commerce site/);
    await shot(page, 'today', [DESK, PHONE]);

    // The Work menu: a disclosure, closed by Escape (the focus back on its button), opened again, then a page.
    const work = workButton(page);
    await expect(work).toHaveAttribute('aria-expanded', 'false');
    const list = await openWorkMenu(page);
    for (const label of ['Today', 'Dashboard', 'Deliveries', 'Alerts', 'Counts', 'Locations', 'Audit', 'Team']) {
      await expect(list.getByRole('link', { name: label, exact: true })).toBeVisible();
    }
    await shot(page, 'today-work-menu', [DESK]);
    await page.keyboard.press('Escape');
    await expect(list).toBeHidden();
    await expect(work).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(list).toBeVisible();
    await list.getByRole('link', { name: 'Dashboard', exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    await expect(work).toHaveAttribute('aria-expanded', 'false');

    // On a phone: the name and role with the menu closed; the Work menu inside the folded menu; every target 44 px.
    await page.setViewportSize(PHONE);
    await page.goto('/today');
    // One row: the brand, the name and role, the bell and Menu side by side.
    const brand = (await page.getByRole('link', { name: 'Smart Zone' }).boundingBox())!;
    for (const beside of [page.getByTestId('signed-in-as'), page.getByRole('button', { name: 'Menu' })]) {
      const box = (await beside.boundingBox())!;
      expect(Math.abs(box.y + box.height / 2 - (brand.y + brand.height / 2))).toBeLessThan(10);
    }
    await expect(page.locator('#signed-in-role')).toBeVisible();
    await page.getByRole('button', { name: 'Menu' }).click();
    // A new page load: the list's id is the new page's.
    const phoneList = await openWorkMenu(page);
    await expect(phoneList.getByRole('link', { name: 'Team', exact: true })).toBeVisible();
    expect(await smallerThanAThumb(page.locator('nav.navbar'))).toEqual([]);
    await shot(page, 'today-work-menu', [PHONE]);
    await phoneList.getByRole('link', { name: 'Alerts', exact: true }).click();
    await expect(page).toHaveURL(/\/alerts$/);

    // Leave the warehouse as it was: the scale spec counts every item.
    const removed = await page.evaluate(async (id) => {
      const response = await fetch(`/api/inventory/${id}`, {
        method: 'DELETE',
        headers: { authorization: `Bearer ${localStorage.getItem('accessToken') ?? ''}` },
      });
      return response.status;
    }, made.body.insertedId);
    expect(removed).toBe(200);
  });

  test('a visitor keeps the home page and its footer; a page that asked for sign-in gets the person back; no team, home', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'Sign in', exact: true })).toBeVisible();
    await expect(workButton(page)).toHaveCount(0);
    await expect(page.getByRole('contentinfo').getByRole('heading', { name: 'Contact' })).toBeVisible();

    // A clerk sent to sign in by Manage Inventories goes back there, not to Today.
    const clerk = newUser('today-clerk');
    await inviteAs(clerk.email, 'clerk');
    await createVerifiedAccount(clerk.email, clerk.password);
    await page.getByRole('link', { name: 'Manage Inventories' }).first().click();
    await expect(page).toHaveURL(/\/login$/);
    await fillSignIn(page, clerk.email, clerk.password);
    await expect(page).toHaveURL(/\/manageinventories$/i);
    await expect(page.getByRole('heading', { name: 'Manage Inventories' })).toBeVisible();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page.getByRole('link', { name: 'Sign in', exact: true })).toBeVisible();

    // Someone on no team who signs in from the navbar's Sign in goes home, as the product always did.
    const outsider = newUser('today-outsider');
    await createVerifiedAccount(outsider.email, outsider.password);
    await page.getByRole('link', { name: 'Sign in', exact: true }).click();
    await fillSignIn(page, outsider.email, outsider.password);
    await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: 'Inventory', exact: true })).toBeVisible();
    await expect(workButton(page)).toHaveCount(0);
  });
});
