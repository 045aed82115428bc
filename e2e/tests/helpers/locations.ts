import { type Page, expect } from '@playwright/test';
import type { Tapper } from './taps';

/**
 * A unique word of letters for this run's locations, beginning with `letter` (the e2e app is shared by every
 * spec, so each puts it in its top location's name; digits would split it into two words for the search).
 */
export const runTag = (letter: string) =>
  `${letter}${Date.now()
    .toString(36)
    .slice(-5)
    .replace(/\d/g, (digit) => 'abcdefghij'[Number(digit)]!)}`;

/** What a location's label QR code says: its page (the API's `locationPageUrl`, at the app's origin). */
export const locationLabelText = (locationId: string) =>
  `${process.env.SMART_ZONE_URL!}/locations?in=${encodeURIComponent(locationId)}`;

/** On the Locations page, adds `name` inside the location open, by the page's form. */
export async function addLocationHere(page: Page, name: string, taps: Tapper) {
  await page.getByLabel(/^Add a location inside/).fill(name);
  await taps.tap(page.getByRole('button', { name: 'Add', exact: true }));
  await expect(page.getByRole('link', { name, exact: true })).toBeVisible();
}

/**
 * On an item's page: Receive, Somewhere else…, `words` typed into its search, the location found (`path`), then
 * the amount: the Receive form, ready for its `Receive <amount>`, answered.
 */
export async function chooseReceiveInto(
  page: Page,
  taps: Tapper,
  item: { name: string; words: string; path: string; amount: number },
) {
  const actions = page.getByRole('group', { name: `Stock actions for ${item.name}` });
  await taps.tap(actions.getByRole('button', { name: 'Receive' }));
  const receive = page.getByRole('region', { name: `Receive ${item.name}` });
  await taps.tap(receive.getByRole('button', { name: 'Somewhere else…' }));
  await receive.getByLabel('Find where they go').fill(item.words);
  await taps.tap(receive.getByRole('button', { name: item.path }));
  await expect(receive.getByText(`Into ${item.path}`)).toBeVisible();
  await taps.tap(receive.getByRole('button', { name: String(item.amount), exact: true }));
  return receive;
}
