import path from 'node:path';
import { type Page, expect, test } from '@playwright/test';
import { ARTIFACTS_DIR } from '../paths';
import { apiUrl } from './helpers/env';
import { itemName } from './helpers/items';
import { tapper } from './helpers/taps';
import { signedInVerifiedUser } from './helpers/users';

/**
 * Issue 33, "act in three taps": the stock actions on Manage Inventories' rows and on the item page, a
 * removal's reason in the stock history, and the Undo on its row. Each click is counted (one tap on a phone);
 * each task is timed from its first tap to the screen showing the new stock.
 */

const PHONE = { width: 390, height: 844 };
const DESK = { width: 1280, height: 900 };

async function createItem(page: Page, quantity: number) {
  const name = itemName('Act');
  const token = await page.evaluate(() => localStorage.getItem('accessToken'));
  const response = await page.request.post(`${apiUrl()}/inventory`, {
    headers: { Authorization: `Bearer ${token}` },
    data: { name, supplier: 'E2E Supplies', price: 19.5, quantity, description: 'Three taps.', img: '' },
  });
  expect(response.status()).toBe(201);
  const { insertedId } = (await response.json()) as { insertedId: string };
  return { name, id: insertedId };
}

/** The viewport as it is (no full page): what the first screen shows. */
const screen = (page: Page, name: string) =>
  page.screenshot({ path: path.join(ARTIFACTS_DIR, `${name}.png`), animations: 'disabled' });

/** Nothing scrolls sideways at this width. */
async function expectNoSidewaysScroll(page: Page, width: number) {
  await page.setViewportSize({ width, height: 800 });
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth))
    .toBeLessThanOrEqual(0);
}

const log = (task: string, where: string, taps: number, seconds: number) =>
  console.log(`[timing] ${task} (${where}): ${taps} taps, ${seconds.toFixed(2)} s`);

test.describe('stock actions in three taps', () => {
  test('receive 5 from a Manage Inventories row and from the item page, remove 2 as damaged, undo it from the history', async ({
    page,
  }) => {
    test.setTimeout(150_000);
    await signedInVerifiedUser(page, 'stock-actions');
    const { name, id } = await createItem(page, 3);

    // Manage Inventories at a desk: the row's Receive, 5, Receive 5.
    await page.setViewportSize(DESK);
    await page.goto(`/manageInventories?q=${encodeURIComponent(name)}`);
    const row = page.getByTestId('manage-row').filter({ hasText: name });
    await expect(row).toHaveCount(1);
    let t = tapper();
    await t.tap(row.getByRole('button', { name: `Receive ${name}` }));
    const dialog = page.getByRole('dialog', { name: `Receive ${name}` });
    await t.tap(dialog.getByRole('button', { name: '5', exact: true }));
    await t.tap(dialog.getByRole('button', { name: 'Receive 5' }));
    await expect(page.getByText(`${name} now has 8 in stock`)).toBeVisible();
    await expect(row.locator('td[data-label="Quantity"]')).toContainText('8');
    expect(t.taps).toBeLessThanOrEqual(3);
    log('receive 5', 'Manage Inventories, desk', t.taps, t.seconds());
    await expect(dialog).toBeHidden();
    // Delete is still there, after the stock actions.
    await expect(row.getByRole('button', { name: `Delete ${name}` })).toBeVisible();
    await page.getByRole('button', { name: `Remove ${name}` }).click();
    await page.screenshot({ path: path.join(ARTIFACTS_DIR, 'stock-actions-manage-remove-1280.png') });
    await page.keyboard.press('Escape');
    await page.screenshot({ path: path.join(ARTIFACTS_DIR, 'stock-actions-manage-1280.png'), fullPage: true });

    // On a phone: the row is a card, its dialog a sheet at the bottom.
    await page.setViewportSize(PHONE);
    await row.getByRole('button', { name: `Receive ${name}` }).scrollIntoViewIfNeeded();
    await screen(page, 'stock-actions-manage-390');
    t = tapper();
    await t.tap(row.getByRole('button', { name: `Receive ${name}` }));
    await screen(page, 'stock-actions-manage-sheet-390');
    await t.tap(dialog.getByRole('button', { name: 'Receive 1' }));
    await expect(page.getByText(`${name} now has 9 in stock`)).toBeVisible();
    log('receive 1', 'Manage Inventories, phone', t.taps, t.seconds());
    await expectNoSidewaysScroll(page, 360);

    // The item page on a phone: the actions are on the first screen.
    await page.setViewportSize(PHONE);
    await page.goto(`/inventory/${id}`);
    await expect(page.getByText('Stock: 9', { exact: true })).toBeVisible();
    const actions = page.getByRole('group', { name: `Stock actions for ${name}` });
    await expect(actions.getByRole('button', { name: 'Receive' })).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, 0));
    await screen(page, 'stock-actions-item-390');
    for (const action of ['Receive', 'Remove', 'Deliver']) {
      const box = (await actions.getByRole('button', { name: action }).boundingBox())!;
      expect(box.y + box.height, `${action} is above the fold`).toBeLessThanOrEqual(PHONE.height);
      expect(box.height, `${action} is a 44 px target`).toBeGreaterThanOrEqual(44);
    }
    // The edit form is folded away: the page is not screens tall with it.
    await expect(page.getByRole('button', { name: 'Update Item' })).toBeHidden();

    t = tapper();
    await t.tap(actions.getByRole('button', { name: 'Receive' }));
    const receive = page.getByRole('region', { name: `Receive ${name}` });
    await t.tap(receive.getByRole('button', { name: '5', exact: true }));
    await screen(page, 'stock-actions-item-receive-390');
    const confirm = receive.getByRole('button', { name: 'Receive 5' });
    const confirmBox = (await confirm.boundingBox())!;
    expect(confirmBox.y + confirmBox.height, 'Receive 5 is on the screen').toBeLessThanOrEqual(PHONE.height);
    await t.tap(confirm);
    await expect(page.getByText('Stock: 14', { exact: true })).toBeVisible();
    expect(t.taps).toBeLessThanOrEqual(3);
    log('receive 5', 'item page, phone', t.taps, t.seconds());

    // Remove 2 as damaged, with a note: it is in the history with its reason.
    t = tapper();
    await t.tap(actions.getByRole('button', { name: 'Remove' }));
    const remove = page.getByRole('region', { name: `Remove ${name}` });
    await t.tap(remove.getByRole('button', { name: '2', exact: true }));
    await t.tap(remove.locator('label').filter({ hasText: 'Damaged' }));
    await remove.getByLabel('Note (optional)').fill('Dropped in the van');
    await screen(page, 'stock-actions-item-remove-390');
    await t.tap(remove.getByRole('button', { name: 'Remove 2' }));
    await expect(page.getByText('Stock: 12', { exact: true })).toBeVisible();
    log('remove 2 as damaged with a note', 'item page, phone', t.taps, t.seconds());
    const history = page.getByTestId('history-row');
    const removal = history.filter({ hasText: 'Dropped in the van' });
    await expect(removal).toHaveCount(1);
    await expect(removal.locator('td[data-label="Reason"]')).toContainText('Damaged');
    await expect(removal.locator('td[data-label="Change"]')).toHaveText('−2');

    // Undo it from its row of the history (not the toast).
    await removal.getByRole('button', { name: 'Undo Adjustment −2' }).click();
    await expect(page.getByText(`Undone: ${name} has 14 in stock again`)).toBeVisible();
    await expect(page.getByText('Stock: 14', { exact: true })).toBeVisible();
    await expect(removal.locator('td[data-label="Reason"] s')).toHaveText('Adjustment');
    await expect(removal.locator('td[data-label="Reason"]')).toContainText('Damaged');
    await expect(removal.getByRole('button', { name: /^Undo/ })).toHaveCount(0);
    await expect(history.first().locator('td[data-label="Reason"]')).toContainText('Undo of Adjustment −2');
    await removal.scrollIntoViewIfNeeded();
    await screen(page, 'stock-actions-history-390');

    // Deliver one from the item card: the delivery form's fields, then the stock.
    await page.evaluate(() => window.scrollTo(0, 0));
    t = tapper();
    await t.tap(actions.getByRole('button', { name: 'Deliver' }));
    const deliver = page.getByRole('region', { name: `Deliver ${name}` });
    // The recipient starts empty (whoever receives the goods, not the person recording it); all three are typed.
    await expect(deliver.getByLabel('Name', { exact: true })).toHaveValue('');
    await deliver.getByLabel('Name', { exact: true }).fill('Harbour Cafe');
    await deliver.getByLabel('Address').fill('1 Harbour Road');
    await deliver.getByLabel('Phone').fill('+1 555 0100');
    await t.tap(deliver.getByRole('button', { name: 'Deliver' }));
    await expect(page.getByText('Your delevery is successfull')).toBeVisible();
    await expect(page.getByText('Stock: 13', { exact: true })).toBeVisible();
    log('deliver 1 (recipient, address and phone typed)', 'item page, phone', t.taps, t.seconds());
    await expectNoSidewaysScroll(page, 360);

    // At a desk: receive one is two clicks.
    await page.setViewportSize(DESK);
    await page.evaluate(() => window.scrollTo(0, 0));
    t = tapper();
    await t.tap(actions.getByRole('button', { name: 'Receive' }));
    await t.tap(page.getByRole('region', { name: `Receive ${name}` }).getByRole('button', { name: 'Receive 1' }));
    await expect(page.getByText('Stock: 14', { exact: true })).toBeVisible();
    log('receive 1', 'item page, desk', t.taps, t.seconds());
    await screen(page, 'stock-actions-item-1280');
    await page.screenshot({ path: path.join(ARTIFACTS_DIR, 'stock-actions-item-full-1280.png'), fullPage: true });

    // At a desk, from the row: remove one as lost, deliver one.
    await page.goto(`/manageInventories?q=${encodeURIComponent(name)}`);
    t = tapper();
    await t.tap(row.getByRole('button', { name: `Remove ${name}` }));
    const removeDialog = page.getByRole('dialog', { name: `Remove ${name}` });
    await t.tap(removeDialog.locator('label').filter({ hasText: 'Lost' }));
    await t.tap(removeDialog.getByRole('button', { name: 'Remove 1' }));
    await expect(page.getByText(`${name} now has 13 in stock`)).toBeVisible();
    log('remove 1 as lost', 'Manage Inventories, desk', t.taps, t.seconds());
    t = tapper();
    await t.tap(row.getByRole('button', { name: `Deliver ${name}` }));
    const deliverDialog = page.getByRole('dialog', { name: `Deliver ${name}` });
    await deliverDialog.getByLabel('Name', { exact: true }).fill('Harbour Cafe');
    await deliverDialog.getByLabel('Address').fill('2 Harbour Road');
    await deliverDialog.getByLabel('Phone').fill('+1 555 0101');
    await t.tap(deliverDialog.getByRole('button', { name: 'Deliver' }));
    await expect(page.getByText('Your delevery is successfull')).toBeVisible();
    await expect(row.locator('td[data-label="Quantity"]')).toContainText('12');
    log('deliver 1 (recipient, address and phone typed)', 'Manage Inventories, desk', t.taps, t.seconds());
  });
});
