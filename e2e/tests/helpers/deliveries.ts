import type { Page } from '@playwright/test';

export interface Recipient {
  name?: string;
  address: string;
  phone: string;
  quantity?: number;
}

/** Fills the delivery form's own fields (email and item name come pre-filled; the recipient starts empty). */
export async function fillDeliveryForm(page: Page, recipient: Recipient) {
  await page.getByLabel('Name', { exact: true }).fill(recipient.name ?? 'Dock Receiver');
  await page.getByLabel('Address').fill(recipient.address);
  await page.getByLabel('Phone').fill(recipient.phone);
  if (recipient.quantity !== undefined) await page.getByLabel(/^Quantity/).fill(String(recipient.quantity));
}

/** From the inventory, opens the nth card's details, clicks Delevered, fills the form and sends it. */
export async function deliverFromInventory(page: Page, nth: number, recipient: Recipient) {
  await page.goto('/inventory');
  await page
    .getByTestId('item-card')
    .nth(nth)
    .getByRole('link', { name: /Details/ })
    .click();
  await page.getByRole('button', { name: 'Delevered' }).click();
  await fillDeliveryForm(page, recipient);
  await page.getByRole('button', { name: 'Deliver' }).click();
}
