import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Browser, type Page, expect, test } from '@playwright/test';
import { ARTIFACTS_DIR } from '../paths';
import { cameraPhone, codesVideo, ean13 } from './helpers/fake-camera';
import { itemWithBarcode } from './helpers/items';
import { runTag } from './helpers/locations';
import { PHONE, shot } from './helpers/screenshots';
import { tapper } from './helpers/taps';
import { ownerApi } from './helpers/team';
import { type TestUser, signInViaUi, signedInVerifiedUser } from './helpers/users';

/**
 * Issue 34 part 4, "scan a bin, then its items": a clerk opens Back room / Shelf A / Bin 3, taps Scan items
 * into it, and the camera (Chromium's fake one, playing a video this test makes of two items' codes) adds
 * both; one tap moves them there (POST /transfers) and the bin's contents list them. At a desk, the codes
 * are typed into the field as a USB scanner types them (then Enter).
 */

const DESK = { width: 1280, height: 900 };

test.describe.configure({ mode: 'serial' });

/** A unique word of letters for this run's locations (the e2e app is shared by every spec). */
const tag = runTag('S');

let clerk: TestUser;
let videos: string;
const browsers: Browser[] = [];
let bin: { _id: string; path: string };
let first: { id: string; name: string; sku: string; barcode: string };
let second: { id: string; name: string; sku: string; barcode: string };

async function location(name: string, parentId?: string) {
  const made = await ownerApi<{ _id: string; path: string }>('POST', '/locations', { name, parentId });
  expect(made.status).toBe(201);
  return made.body;
}

test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000);
  videos = mkdtempSync(path.join(os.tmpdir(), 'smart-zone-bin-'));
  const room = await location(`Back room ${tag}`);
  const shelf = await location('Shelf A', room._id);
  bin = await location('Bin 3', shelf._id);
  const stamp = String(Date.now()).slice(-10);
  first = await itemWithBarcode(ean13(`23${stamp}`), 5, 'Bin');
  second = await itemWithBarcode(ean13(`24${stamp}`), 5, 'Bin');
  const page = await browser.newPage();
  clerk = await signedInVerifiedUser(page, 'bin', 'clerk');
  await page.close();
});

test.afterAll(async () => {
  await Promise.all(browsers.map((browser) => browser.close()));
  rmSync(videos, { recursive: true, force: true });
});

const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

/** Every button and field of the scan-into panel: at least 44 px high (a thumb's target). */
const smallTargets = (page: Page) =>
  page
    .getByTestId('scan-into')
    .locator('button:visible, input:visible')
    .evaluateAll((elements) =>
      elements
        .filter((element) => element.getBoundingClientRect().height < 44)
        .map((element) => element.getAttribute('aria-label') ?? element.textContent),
    );

test('phone: the camera reads two items in Bin 3, one tap moves them there, and the bin lists them', async () => {
  test.setTimeout(120_000);
  // Four seconds of each, in a loop: the first item's EAN-13, then the second's SKU as a QR code (as our labels).
  const video = await codesVideo(path.join(videos, 'two.y4m'), [
    { kind: 'ean13', text: first.barcode, seconds: 4 },
    { kind: 'qrcode', text: second.sku, seconds: 4 },
  ]);
  const page = await cameraPhone(video, clerk);
  browsers.push(page.context().browser()!);

  await page.goto(`/locations?in=${bin._id}`);
  await expect(page.getByTestId('location-open')).toContainText(bin.path);
  await expect(page.getByTestId('location-holds-summary')).toHaveText('No stock here yet.');
  // The way in: on the first screen of a phone, under the bin's path.
  await expect(page.getByRole('button', { name: `Scan items into ${bin.path}` })).toBeInViewport();
  await shot(page, 'scan-into-bin-start', [PHONE]);
  const act = tapper();
  await act.tap(page.getByRole('button', { name: `Scan items into ${bin.path}` }));
  const lines = page.getByTestId('scan-into-line');
  await expect(lines.filter({ hasText: first.name })).toBeVisible({ timeout: 20_000 });
  await expect(lines.filter({ hasText: second.name })).toBeVisible({ timeout: 20_000 });
  // What the phone's screen shows (the Move button stays at its bottom while the list grows), then the whole page.
  await expect(page.getByRole('button', { name: /^Move \d+ items here$/ })).toBeInViewport();
  await page.screenshot({ path: path.join(ARTIFACTS_DIR, 'scan-into-bin-phone-screen-390.png') });
  await shot(page, 'scan-into-bin-lines', [PHONE]);
  expect(await smallTargets(page)).toEqual([]);
  expect(await noSidewaysScroll(page)).toBe(true);

  const move = page.getByRole('button', { name: /^Move \d+ items here$/ });
  const count = Number((await move.textContent())!.match(/\d+/)![0]);
  await act.tap(move);
  await expect(page.getByText(`Moved ${count} items into ${bin.path}`)).toBeVisible();
  const seconds = act.seconds();
  console.log(
    `[scan-into-bin] phone: two items read by the camera and moved into the bin: ${act.taps} taps, ${seconds.toFixed(1)} s`,
  );
  expect(act.taps).toBe(2);

  const held = page.getByTestId('location-holds');
  await expect(page.getByTestId('location-holds-summary')).toHaveText('2 items here');
  await expect(held.getByRole('link', { name: first.name })).toBeVisible();
  await expect(held.getByRole('link', { name: second.name })).toBeVisible();
  const stock = await ownerApi<{ path: string; quantity: number }[]>('GET', `/inventory/${first.id}/stock`);
  expect(stock.body.find((line) => line.path === bin.path)?.quantity).toBeGreaterThanOrEqual(1);
  await shot(page, 'scan-into-bin-moved', [PHONE, DESK]);
});

test('desk: codes typed as a USB scanner types them, then the move; a refusal keeps the list', async ({ page }) => {
  test.setTimeout(120_000);
  await signInViaUi(page, clerk);
  await page.setViewportSize(DESK);
  await page.goto(`/locations?in=${bin._id}`);
  await expect(page.getByTestId('location-holds-summary')).toHaveText('2 items here');
  const act = tapper();
  await act.tap(page.getByRole('button', { name: `Scan items into ${bin.path}` }));
  const field = page.getByRole('textbox', { name: 'Item code' });
  const lines = page.getByTestId('scan-into-line');
  for (const code of [first.barcode, second.sku, second.sku]) {
    await field.fill(code);
    await field.press('Enter');
  }
  await expect(lines).toHaveCount(2);
  await expect(page.getByRole('spinbutton', { name: `Quantity of ${second.name}` })).toHaveValue('2');
  await shot(page, 'scan-into-bin-desk-lines', [DESK]);
  await act.tap(page.getByRole('button', { name: 'Move 3 items here' }));
  await expect(page.getByText(`Moved 3 items into ${bin.path}`)).toBeVisible();
  console.log(
    `[scan-into-bin] desk: two items by typed (USB scanner) codes moved into the bin: ${act.taps} taps, ${act.seconds().toFixed(1)} s`,
  );
  await expect(lines).toHaveCount(0);
  await expect(page.getByTestId('location-holds-summary')).toHaveText('2 items here');

  // More than there is outside the bin: the API's message, the lines kept.
  await field.fill(first.barcode);
  await field.press('Enter');
  await expect(lines).toHaveCount(1);
  await page.getByRole('spinbutton', { name: `Quantity of ${first.name}` }).fill('50');
  await page.getByRole('button', { name: 'Move 50 items here' }).click();
  await expect(page.getByTestId('scan-into-refusal')).toContainText(`Line 1 (item ${first.id})`);
  await expect(lines).toHaveCount(1);
  await shot(page, 'scan-into-bin-refused', [DESK, PHONE]);
});
