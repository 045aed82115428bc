import path from 'node:path';
import { type Page, expect, test } from '@playwright/test';
import { ARTIFACTS_DIR } from '../paths';
import { apiUrl } from './helpers/env';
import { itemName } from './helpers/items';
import { chooseReceiveInto, runTag } from './helpers/locations';
import { PHONE, shot } from './helpers/screenshots';
import { logTiming, tapper } from './helpers/taps';
import { smallTargets } from './helpers/targets';
import { signedInVerifiedUser } from './helpers/users';

/**
 * Issue 34, stock per location, on the item page: units received into a bin, moved from Main to it, the lines
 * of where they are and the history's "→". Each click is counted (one tap on a phone) and timed.
 */

const DESK = { width: 1280, height: 900 };

/** A unique word of letters for this run's locations (the e2e app is shared by every spec; digits would split it). */
const tag = runTag('S');

/** POST as the signed-in manager; the answer's body. */
async function post<T>(page: Page, path: string, data: unknown): Promise<T> {
  const token = await page.evaluate(() => localStorage.getItem('accessToken'));
  const response = await page.request.post(`${apiUrl()}${path}`, {
    headers: { Authorization: `Bearer ${token}` },
    data,
  });
  expect(response.status(), `POST ${path}`).toBe(201);
  return (await response.json()) as T;
}

test.describe('stock per location on the item page (issue 34)', () => {
  test('a manager receives 5 into Back room / Shelf A / Bin 3, moves 2 from Main to it, and sees the lines and the history’s →', async ({
    page,
    browser,
  }) => {
    test.setTimeout(150_000);
    await signedInVerifiedUser(page, 'stock-locations');
    const name = itemName('Loc');
    const { insertedId: id } = await post<{ insertedId: string }>(page, '/inventory', {
      name,
      supplier: 'E2E Supplies',
      price: 12,
      quantity: 6,
      description: 'Kept in more than one place.',
      img: '',
    });
    const room = await post<{ _id: string }>(page, '/locations', { name: `Back room ${tag}` });
    const shelf = await post<{ _id: string }>(page, '/locations', { name: 'Shelf A', parentId: room._id });
    await post(page, '/locations', { name: 'Bin 3', parentId: shelf._id });
    const binPath = `Back room ${tag} / Shelf A / Bin 3`;

    await page.setViewportSize(PHONE);
    await page.goto(`/inventory/${id}`);
    const places = page.getByRole('region', { name: 'Stock by location' });
    const lines = places.getByTestId('stock-line');
    await expect(lines).toHaveCount(1);
    await expect(lines.first()).toContainText('Main');
    await expect(lines.first()).toContainText('6');

    // Receive 5 into the bin: Receive, Somewhere else…, its words, the bin, 5, Receive 5.
    let t = tapper();
    const receive = await chooseReceiveInto(page, t, { name, words: `${tag} a3`, path: binPath, amount: 5 });
    expect(await smallTargets(receive)).toEqual([]);
    await shot(page, 'stock-locations-receive', [PHONE]);
    await t.tap(receive.getByRole('button', { name: 'Receive 5' }));
    await expect(page.getByText(`${name} now has 11 in stock`)).toBeVisible();
    logTiming('receive 5 into Bin 3 (typing its words)', 'item page, phone', t.taps, t.seconds());
    await expect(lines).toHaveCount(2);
    await expect(lines.nth(1)).toContainText(binPath);
    await expect(lines.nth(1)).toContainText('5');

    // Move 2 from Main to the bin on a phone: Move (on Main's line), the bin (one of its lines), 2, Move 2.
    t = tapper();
    await t.tap(places.getByRole('button', { name: 'Move from Main' }));
    const move = page.getByRole('region', { name: `Move ${name}` });
    await t.tap(move.getByRole('group', { name: 'To one of its locations' }).getByRole('button', { name: binPath }));
    await t.tap(move.getByRole('button', { name: '2', exact: true }));
    expect(await smallTargets(places)).toEqual([]);
    await shot(page, 'stock-locations-move', [PHONE, DESK]);
    await places.screenshot({ path: path.join(ARTIFACTS_DIR, 'stock-locations-move-form-390.png') });
    await t.tap(move.getByRole('button', { name: 'Move 2' }));
    await expect(page.getByText(`Moved 2 of ${name}: Main → ${binPath}`)).toBeVisible();
    logTiming('move 2 from Main to Bin 3 (one of its lines)', 'item page, phone', t.taps, t.seconds());
    await expect(move).toBeHidden();
    await expect(lines.first()).toContainText('4');
    await expect(lines.nth(1)).toContainText('7');

    // At a desk, to a location found by its words: Move, the search's words, the bin, 2, Move 2.
    await page.setViewportSize(DESK);
    t = tapper();
    await t.tap(places.getByRole('button', { name: 'Move from Main' }));
    await t.tap(move.getByLabel('Or find where they go'));
    await page.keyboard.type(`${tag} bin 3`);
    await t.tap(move.getByRole('group', { name: 'Locations found' }).getByRole('button', { name: binPath }));
    await t.tap(move.getByRole('button', { name: '2', exact: true }));
    await t.tap(move.getByRole('button', { name: 'Move 2' }));
    await expect(page.getByText(`Moved 2 of ${name}: Main → ${binPath}`).last()).toBeVisible();
    logTiming('move 2 from Main to Bin 3 (typing its words)', 'item page, desk', t.taps, t.seconds());
    await expect(lines.first()).toContainText('2');
    await expect(lines.nth(1)).toContainText('9');

    // More than Main holds is refused before it is sent; the item's quantity never changed.
    await places.getByRole('button', { name: 'Move from Main' }).click();
    await move.getByRole('button', { name: binPath }).first().click();
    await move.getByLabel('Amount', { exact: true }).fill('3');
    await move.getByRole('button', { name: 'Move 3' }).click();
    await expect(move.getByText('Only 2 there')).toBeVisible();
    await move.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByText('Stock: 11', { exact: true })).toBeVisible();

    // The history: each move from → to, the receipt where it went.
    const rows = page.getByTestId('history-row');
    await expect(rows.first().getByTestId('movement-places')).toHaveText(`2 moved: Main → ${binPath}`);
    await expect(rows.nth(1).getByTestId('movement-places')).toHaveText(`2 moved: Main → ${binPath}`);
    await expect(rows.nth(2).getByTestId('movement-places')).toHaveText(`at ${binPath}`);
    await shot(page, 'stock-locations-item', [PHONE, DESK]);
    // The phone's stacked history rows, up close.
    await page.setViewportSize(PHONE);
    await page
      .locator('.card', { has: page.getByRole('heading', { name: 'Stock history' }) })
      .screenshot({ path: path.join(ARTIFACTS_DIR, 'stock-locations-history-390.png') });

    // A visitor neither sees where the units are nor asks.
    const visitor = await browser.newPage();
    const asked: string[] = [];
    visitor.on('request', (request) => {
      if (request.url().includes('/stock')) asked.push(request.url());
    });
    await visitor.goto(`/inventory/${id}`);
    await expect(visitor.getByText('Stock: 11', { exact: true })).toBeVisible();
    await expect(visitor.getByRole('heading', { name: 'Stock by location' })).toHaveCount(0);
    expect(asked).toEqual([]);
    await visitor.close();
  });
});
