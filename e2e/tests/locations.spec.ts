import { expect, test } from '@playwright/test';
import { addLocationHere, runTag } from './helpers/locations';
import { PHONE, shot } from './helpers/screenshots';
import { tapper } from './helpers/taps';
import { signedInVerifiedUser } from './helpers/users';

/** A unique word of letters for this run's locations (the e2e app is shared by every spec; digits would split it). */
const tag = runTag('R');

test.describe('locations (issue 34)', () => {
  test('a manager builds Back room / Shelf A / Bin 3, finds the bin by "a3", moves and renames, and is told why a full location stays', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await signedInVerifiedUser(page, 'locations');
    await page.setViewportSize(PHONE);

    // From Manage Inventories, one tap.
    await page.goto('/manageInventories');
    const taps = tapper();
    await taps.tap(page.getByRole('link', { name: 'Locations', exact: true }));
    await expect(page.getByRole('heading', { name: 'Locations', level: 1 })).toBeVisible();
    await expect(page.getByTestId('location-open')).toContainText('Main');

    // Three levels: add, open, add, open, add.
    const room = `Back room ${tag}`;
    await addLocationHere(page, room, taps);
    await taps.tap(page.getByRole('link', { name: room, exact: true }));
    await expect(page.getByTestId('location-open')).toContainText(room);
    await addLocationHere(page, 'Shelf A', taps);
    await taps.tap(page.getByRole('link', { name: 'Shelf A', exact: true }));
    await expect(page.getByTestId('location-open')).toContainText(`${room} / Shelf A`);
    await addLocationHere(page, 'Bin 3', taps);
    await addLocationHere(page, 'Bin 4', taps);
    console.log(`[locations] three levels and two bins from Manage: ${taps.taps} taps, ${taps.seconds().toFixed(1)} s`);
    await expect(page.getByTestId('locations-summary')).toHaveText('2 locations inside');
    // The same name beside it is refused, said in place; nothing added.
    await page.getByLabel(/^Add a location inside/).fill('bin 3');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(page.getByText('A location of that name is already there')).toBeVisible();
    await expect(page.getByTestId('locations-summary')).toHaveText('2 locations inside');
    await shot(page, 'locations-shelf', [PHONE, { width: 1280, height: 900 }]);

    // Found by the words of its path: the tag and "a3".
    await page.getByLabel('Find a location: shelf a bin 3, or a3').fill(`${tag} a3`);
    await expect(page.getByTestId('locations-summary')).toHaveText(`1 location matches “${tag} a3”`);
    const found = page.getByTestId('location-row');
    await expect(found).toHaveCount(1);
    await expect(found).toContainText(`${room} / Shelf A / Bin 3`);
    await shot(page, 'locations-search', [PHONE, { width: 1280, height: 900 }]);

    // A full location cannot be deleted: the row says why.
    await page.getByLabel('Find a location: shelf a bin 3, or a3').fill(`${tag} shelf`);
    await expect(page.getByTestId('locations-summary')).toHaveText(`3 locations match “${tag} shelf”`);
    const shelfRow = found.filter({ has: page.getByRole('link', { name: `${room} / Shelf A`, exact: true }) });
    await shelfRow.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect(shelfRow.getByText('Move or delete the locations inside it first')).toBeVisible();
    await expect(page.getByTestId('locations-summary')).toHaveText(`3 locations match “${tag} shelf”`);

    // Shelf A moves to Main with its bins (their paths follow), then is renamed.
    await shelfRow.getByRole('button', { name: 'Move' }).click();
    await shelfRow.getByRole('button', { name: 'Main', exact: true }).click();
    await expect(page.getByText('Moved: Shelf A')).toBeVisible();
    await page.getByLabel('Find a location: shelf a bin 3, or a3').fill(`${tag} bin 3`);
    await expect(page.getByTestId('locations-summary')).toHaveText(`0 locations match “${tag} bin 3”`);
    await page.getByLabel('Find a location: shelf a bin 3, or a3').fill('shelf a bin 3');
    await expect(
      page
        .getByTestId('location-row')
        .filter({ hasText: /^Shelf A \/ Bin 3/ })
        .first(),
    ).toBeVisible();
    await page.goto('/locations');
    const shelf = page
      .getByTestId('location-row')
      .filter({ has: page.getByRole('link', { name: 'Shelf A', exact: true }) });
    await shelf.first().getByRole('button', { name: 'Rename' }).click();
    await shelf.first().getByLabel('New name').fill(`Shelf ${tag}`);
    await shelf.first().getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('link', { name: `Shelf ${tag}`, exact: true })).toBeVisible();
    await page.getByRole('link', { name: `Shelf ${tag}`, exact: true }).click();
    await expect(page.getByTestId('location-open')).toContainText(`Shelf ${tag}`);
    await expect(page.getByRole('link', { name: 'Bin 3', exact: true })).toBeVisible();

    // Every target on the page a 44 px tap on a phone.
    const small = await page
      .locator('.locations-page a, .locations-page button, .locations-page input')
      .evaluateAll((elements) =>
        elements
          .filter((element) => (element as HTMLElement).offsetParent !== null)
          .map((element) => ({
            text: element.textContent?.trim() || element.getAttribute('aria-label') || element.id,
            height: element.getBoundingClientRect().height,
          }))
          .filter((target) => target.height < 44),
      );
    expect(small).toEqual([]);
    await shot(page, 'locations-moved', [PHONE, { width: 1280, height: 900 }]);
  });
});
