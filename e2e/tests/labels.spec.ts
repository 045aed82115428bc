import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { ARTIFACTS_DIR } from '../paths';
import { shot } from './helpers/screenshots';
import { signedInVerifiedUser } from './helpers/users';

test.describe('labels', () => {
  test('a viewer ticks rows in Manage Inventories, prints their labels and sees the PDF previewed in the page', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await signedInVerifiedUser(page, 'labels', 'viewer');
    await page.goto('/manageInventories');
    const rows = page.getByTestId('manage-row');
    await expect(rows.first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Print labels', exact: true })).toBeDisabled();

    // Two rows by their checkboxes, then the whole page and back: a selection column plus one button.
    const boxes = rows.getByRole('checkbox');
    await boxes.nth(0).check();
    await boxes.nth(1).check();
    await expect(page.getByRole('button', { name: 'Print labels (2)' })).toBeEnabled();
    const onPage = await rows.count();
    await page.getByRole('checkbox', { name: 'Select this page' }).check();
    await expect(page.getByRole('button', { name: `Print labels (${onPage})` })).toBeVisible();
    await page.getByRole('checkbox', { name: 'Select this page' }).uncheck();
    await boxes.nth(0).check();
    await boxes.nth(1).check();

    await shot(page, 'labels-selection');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('checkbox', { name: 'Select this page' }).scrollIntoViewIfNeeded();
    await page.evaluate(() => window.scrollBy(0, -120));
    await page.screenshot({ path: `${ARTIFACTS_DIR}/labels-selection-390.png` });
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await page.setViewportSize({ width: 1280, height: 900 });

    const asked = page.waitForResponse((response) => response.url().includes('/api/labels.pdf?'));
    await page.getByRole('button', { name: 'Print labels (2)' }).click();
    const dialog = page.getByRole('dialog', { name: 'Print labels' });
    await expect(dialog).toBeVisible();
    const answer = await asked;
    expect(answer.status()).toBe(200);
    expect(answer.headers()['content-type']).toBe('application/pdf');
    expect(answer.headers()['cache-control']).toBe('private, no-store');

    // The preview is the PDF the app fetched, shown from a blob: URL (the policy allows frames of blob: only).
    const preview = dialog.getByTitle('Labels preview');
    await expect(preview).toHaveAttribute('src', /^blob:/);
    await expect(dialog.getByText('2 items: 2 labels on 1 page')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Print' })).toBeEnabled();
    // Download PDF saves the very file previewed.
    const saving = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Download PDF' }).click();
    const download = await saving;
    expect(download.suggestedFilename()).toMatch(/^labels-\d{4}-\d{2}-\d{2}\.pdf$/);
    const file = readFileSync(await download.path());
    expect(file.subarray(0, 5).toString()).toBe('%PDF-');
    expect(file.toString('latin1').match(/\/Type \/Page\n/g)).toHaveLength(1);

    // Another sheet asks again.
    const again = page.waitForResponse((response) => response.url().includes('layout=letter-3x10'));
    await dialog.getByLabel('US Letter, 3 × 10 (Avery 5160)').check();
    expect((await again).status()).toBe(200);
    await expect(preview).toHaveAttribute('src', /^blob:/);
    // Let the viewer draw the page before the screenshots.
    await page.waitForTimeout(3_000);
    await shot(page, 'labels-dialog');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.waitForTimeout(500);
    await page.screenshot({ path: `${ARTIFACTS_DIR}/labels-dialog-390.png` });
    // Nothing scrolls sideways on a phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  });
});
