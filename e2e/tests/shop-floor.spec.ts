import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Page, expect, test } from '@playwright/test';
import { ARTIFACTS_DIR } from '../paths';
import { cameraPhone, codesVideo, ean13 } from './helpers/fake-camera';
import { itemWithBarcode } from './helpers/items';
import { addLocationHere, chooseReceiveInto, locationLabelText, runTag } from './helpers/locations';
import { PHONE, shot } from './helpers/screenshots';
import { type Tapper, logTiming, tapper } from './helpers/taps';
import { smallTargets } from './helpers/targets';
import { ownerApi } from './helpers/team';
import { signedInVerifiedUser } from './helpers/users';

/**
 * Issue 34's "Must show", the shop floor in one run, on a phone (390 × 844) with each screen also seen 1280
 * wide: a manager makes Back room / Shelf A / Bin 3 on the Locations page, receives 5 of an item into the bin
 * on its page; then, on a phone whose camera is Chromium's fake one, taps Scan and holds it over the bin's
 * label (its QR code: the bin's page), which opens the bin; Scan items into it, two items' codes, Move 2 items
 * here; and opens one of them from the bin to see its stock by location, the bin among its lines.
 *
 * The camera's video is made once the bin exists (its label names its id), so the camera part is a Chromium
 * of its own, launched then, signed in as the same manager. It plays, in a loop: the bin's label, the first
 * item's EAN-13, the second's label (a QR code of its SKU), then nothing for a while (the phone pointed away
 * while its person taps), so each item is read once before Move is tapped.
 */

const DESK = { width: 1280, height: 900 };
const SIZES = [PHONE, DESK];

/** The seconds of a phase and its taps, kept to log the whole flow's at the end. */
const phases: { taps: number; seconds: number }[] = [];
function done(task: string, where: string, t: Tapper) {
  const seconds = t.seconds();
  phases.push({ taps: t.taps, seconds });
  logTiming(task, where, t.taps, seconds);
}

/**
 * Every link, button and field of the screen (its content: `#main`; the header's, the same on every screen, once)
 * at least 44 px tall on the phone. Soft: a screen that has some says which, and the flow goes on to the end.
 */
async function thumbSized(page: Page, screen: string, area = '#main') {
  expect(page.viewportSize()).toEqual(PHONE);
  expect.soft(await smallTargets(page.locator(area)), `targets under 44 px on ${screen}`).toEqual([]);
}

test('the shop floor: Bin 3 made on the Locations page, 5 received into it, its label scanned, 2 items scanned and moved into it, one item’s stock by location lists it', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const tag = runTag('F');
  const room = `Back room ${tag}`;
  const binPath = `${room} / Shelf A / Bin 3`;
  const stamp = String(Date.now()).slice(-10);
  // Read by the camera: the first by its maker's EAN-13, the second by its label's QR code (of its SKU).
  const boxes = await itemWithBarcode(ean13(`21${stamp}`), 6, 'Floor');
  const tape = await itemWithBarcode(ean13(`22${stamp}`), 4, 'Floor');
  const videos = mkdtempSync(path.join(os.tmpdir(), 'smart-zone-floor-'));
  let phone: Page | undefined;
  try {
    const manager = await signedInVerifiedUser(page, 'floor');
    await page.setViewportSize(PHONE);

    // 1. The places, on the Locations page (from Manage Inventories): add, open, add, open, add, open the bin.
    await page.goto('/manageInventories');
    const build = tapper();
    await build.tap(page.getByRole('link', { name: 'Locations', exact: true }));
    await expect(page.getByTestId('location-open')).toContainText('Main');
    await build.aside(async () => {
      await thumbSized(page, 'Locations (Main)');
      await thumbSized(page, 'the header', 'nav.navbar');
    });
    await addLocationHere(page, room, build);
    await build.tap(page.getByRole('link', { name: room, exact: true }));
    await expect(page.getByTestId('location-open')).toContainText(room);
    await addLocationHere(page, 'Shelf A', build);
    await build.tap(page.getByRole('link', { name: 'Shelf A', exact: true }));
    await expect(page.getByTestId('location-open')).toContainText(`${room} / Shelf A`);
    await addLocationHere(page, 'Bin 3', build);
    await expect(page.getByTestId('locations-summary')).toHaveText('1 location inside');
    await build.aside(async () => {
      await thumbSized(page, 'Shelf A');
      await shot(page, 'shop-floor-1-shelf', SIZES);
    });
    await build.tap(page.getByRole('link', { name: 'Bin 3', exact: true }));
    await expect(page.getByTestId('location-open')).toContainText(binPath);
    await expect(page.getByTestId('location-holds-summary')).toHaveText('No stock here yet.');
    done('make Back room / Shelf A / Bin 3 and open the bin', 'Locations page, phone', build);
    await thumbSized(page, 'Bin 3, empty');
    const binId = new URL(page.url()).searchParams.get('in')!;
    expect(binId).toMatch(/^[0-9a-f]{24}$/);

    // 2. Receive 5 into the bin on the item's page: Receive, Somewhere else…, the bin (found by "a3"), 5, Receive 5.
    await page.goto(`/inventory/${boxes.id}`);
    const places = page.getByRole('region', { name: 'Stock by location' });
    const lines = places.getByTestId('stock-line');
    await expect(lines).toHaveCount(1);
    const receiving = tapper();
    const receive = await chooseReceiveInto(page, receiving, {
      name: boxes.name,
      words: `${tag} a3`,
      path: binPath,
      amount: 5,
    });
    await receiving.aside(async () => {
      await thumbSized(page, 'the item page, receiving');
      await shot(page, 'shop-floor-2-receive', SIZES);
    });
    await receiving.tap(receive.getByRole('button', { name: 'Receive 5' }));
    await expect(page.getByText(`${boxes.name} now has 11 in stock`)).toBeVisible();
    done('receive 5 into Bin 3 (typing its words)', 'item page, phone', receiving);
    await expect(lines).toHaveCount(2);
    await expect(places.getByLabel('6 at Main', { exact: true })).toBeVisible();
    await expect(places.getByLabel(`5 at ${binPath}`, { exact: true })).toBeVisible();

    // 3. A phone over the bin's label, then over two items, then pointed away.
    const video = await codesVideo(path.join(videos, 'floor.y4m'), [
      { kind: 'qrcode', text: locationLabelText(binId), seconds: 3 },
      { kind: 'ean13', text: boxes.barcode, seconds: 3 },
      { kind: 'qrcode', text: tape.sku, seconds: 3 },
      { kind: 'nothing', seconds: 10 },
    ]);
    phone = await cameraPhone(video, manager);
    await phone.goto('/dashboard');

    // Scan (in the header), and the camera reads the label: the bin's page, what it holds.
    const scanBin = tapper();
    const scan = phone.getByRole('link', { name: 'Scan', exact: true });
    expect((await scan.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await scanBin.tap(scan);
    await expect(phone).toHaveURL(new RegExp(`/locations\\?in=${binId}$`), { timeout: 20_000 });
    await expect(phone.getByTestId('location-open')).toContainText(binPath);
    const held = phone.getByTestId('location-holds');
    await expect(phone.getByTestId('location-holds-summary')).toHaveText('1 item here');
    done('open Bin 3 by scanning its label', 'Scan, camera, phone', scanBin);
    await thumbSized(phone, 'Bin 3, opened by its label');
    await shot(phone, 'shop-floor-3-bin-scanned', SIZES);

    // Scan items into it: the camera reads both items, one line each, then Move 2 items here.
    const scanItems = tapper();
    await scanItems.tap(phone.getByRole('button', { name: `Scan items into ${binPath}` }));
    // The camera starts its video again: the bin's label, still in view, is not taken for an item.
    await expect(phone.getByTestId('scan-into-status')).toHaveText(
      'That is a location’s label: scan the items’ codes.',
    );
    const scanned = phone.getByTestId('scan-into-line');
    await expect(scanned.filter({ hasText: boxes.name })).toBeVisible({ timeout: 30_000 });
    await expect(scanned.filter({ hasText: tape.name })).toBeVisible({ timeout: 30_000 });
    const move = phone.getByRole('button', { name: 'Move 2 items here' });
    await expect(move).toBeVisible();
    await scanItems.aside(async () => {
      await expect(move).toBeInViewport();
      await thumbSized(phone!, 'Bin 3, scanning items into it');
      await phone!.screenshot({ path: path.join(ARTIFACTS_DIR, 'shop-floor-4-scan-into-screen-390.png') });
      await shot(phone!, 'shop-floor-4-scan-into', SIZES);
    });
    await expect(scanned).toHaveCount(2);
    await scanItems.tap(move);
    await expect(phone.getByText(`Moved 2 items into ${binPath}`)).toBeVisible();
    await expect(phone.getByTestId('location-holds-summary')).toHaveText('2 items here');
    done('scan 2 items into Bin 3 and move them there', 'camera, phone', scanItems);
    const rowOf = (name: string) => held.getByTestId('location-holds-row').filter({ hasText: name });
    await expect(rowOf(boxes.name).getByLabel('6 there', { exact: true })).toBeVisible();
    await expect(rowOf(tape.name).getByLabel('1 there', { exact: true })).toBeVisible();
    await thumbSized(phone, 'Bin 3, after the move');
    await shot(phone, 'shop-floor-5-moved', SIZES);

    // 4. One of them, from the bin's list: its stock by location has the bin's line.
    const openItem = tapper();
    await openItem.tap(held.getByRole('link', { name: boxes.name, exact: true }));
    await expect(phone).toHaveURL(new RegExp(`/inventory/${boxes.id}$`));
    await expect(phone.getByRole('heading', { name: boxes.name, level: 1 })).toBeVisible();
    const stock = phone.getByRole('region', { name: 'Stock by location' });
    await expect(stock.getByTestId('stock-line')).toHaveCount(2);
    await expect(stock.getByLabel('5 at Main', { exact: true })).toBeVisible();
    await expect(stock.getByLabel(`6 at ${binPath}`, { exact: true })).toBeVisible();
    await expect(stock.getByRole('link', { name: binPath, exact: true })).toBeVisible();
    done('open an item from the bin and see its stock by location', 'phone', openItem);
    // Its history has loaded: the move (newest), then the receipt into the bin.
    const history = phone.getByTestId('history-row');
    await expect(history.first().getByTestId('movement-places')).toHaveText(`1 moved: Main → ${binPath}`);
    await expect(history.nth(1).getByTestId('movement-places')).toHaveText(`at ${binPath}`);
    await thumbSized(phone, 'the item page');
    await shot(phone, 'shop-floor-6-item-stock', SIZES);
    // Nothing of it came or went: the units moved, the quantities stayed.
    expect((await ownerApi<{ quantity: number }>('GET', `/inventory/${boxes.id}`)).body.quantity).toBe(11);
    const tapeStock = await ownerApi<{ path: string; quantity: number }[]>('GET', `/inventory/${tape.id}/stock`);
    expect(tapeStock.body.map(({ path: where, quantity }) => [where, quantity])).toEqual([
      ['Main', 3],
      [binPath, 1],
    ]);

    const taps = phases.reduce((sum, phase) => sum + phase.taps, 0);
    const seconds = phases.reduce((sum, phase) => sum + phase.seconds, 0);
    logTiming('the whole shop-floor flow', 'phone', taps, seconds);
  } finally {
    await phone?.context().browser()?.close();
    rmSync(videos, { recursive: true, force: true });
  }
});
