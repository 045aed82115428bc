import { type Page, expect } from '@playwright/test';

/** The navbar's Work button: the team's pages (Today, Dashboard, Deliveries, Audit, Team…) are behind it. */
export const workButton = (page: Page) =>
  page.getByRole('navigation').getByRole('button', { name: 'Work', exact: true });

/** Opens the navbar's Work menu (below 1200 px, open the folded menu first) and answers its list. */
export async function openWorkMenu(page: Page) {
  const button = workButton(page);
  if ((await button.getAttribute('aria-expanded')) !== 'true') await button.click();
  await expect(button).toHaveAttribute('aria-expanded', 'true');
  return page.locator(`[id="${await button.getAttribute('aria-controls')}"]`);
}
