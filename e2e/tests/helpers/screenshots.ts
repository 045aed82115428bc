import path from 'node:path';
import type { Page } from '@playwright/test';
import { ARTIFACTS_DIR } from '../../paths';

const WIDTHS = [
  { width: 1280, height: 900 },
  { width: 360, height: 800 },
];

/** A phone of today (390 × 844), for the screens issue 34 on asks to see there. */
export const PHONE = { width: 390, height: 844 };

/**
 * Saves the current screen as artifacts/<name>-1280.png and <name>-360.png
 * (full page; `sizes` others), then puts the viewport back as it was.
 */
export async function shot(page: Page, name: string, sizes: readonly { width: number; height: number }[] = WIDTHS) {
  const before = page.viewportSize();
  for (const size of sizes) {
    await page.setViewportSize(size);
    // Images that the narrower layout makes load (or re-lay out) must be done.
    await page.waitForFunction(() => Array.from(document.images).every((image) => image.complete));
    // The navbar is sticky: from a scrolled page a full-page shot would paint it mid-page.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({
      path: path.join(ARTIFACTS_DIR, `${name}-${size.width}.png`),
      fullPage: true,
      animations: 'disabled',
    });
  }
  if (before) await page.setViewportSize(before);
}
