import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { ARTIFACTS_DIR } from '../paths';
import { shot } from './helpers/screenshots';
import { inviteAs } from './helpers/team';
import { newUser, signUpViaUi } from './helpers/users';

/** The app's start log, as `pnpm start` prints it (global-setup writes the launcher's output there). */
const startLog = () => readFileSync(path.join(ARTIFACTS_DIR, 'server.log'), 'utf8').split('\n');

/** The start log's verification-link lines for `email`. */
const linkLines = (email: string) =>
  startLog().filter((line) => line.startsWith(`[auth] Email verification link for ${email} `));

test.describe('day one on a local install', () => {
  test('a password sign-up verifies from the link in the start log, as the not-verified page says', async ({
    page,
    context,
  }) => {
    const user = newUser('dayone');
    // Invited as a clerk, so that once verified they may open My Item.
    await inviteAs(user.email, 'clerk');
    await signUpViaUi(page, user);

    await page.getByRole('link', { name: 'My Item' }).click();
    await expect(page.getByText('Your Email is not verified!!')).toBeVisible();
    const where = page.getByTestId('link-in-start-log');
    await expect(where).toContainText(
      'Your verification link for ' + user.email + ' is in the terminal window where Smart Zone is running',
    );
    await expect(page.getByText('We sent a verification link')).toHaveCount(0);
    await shot(page, 'unverified-local');

    // The start log has the link on one line, once, the link last.
    await expect.poll(() => linkLines(user.email).length).toBe(1);
    // "Send Verification Email Again" prints one more line, each link once.
    await page.getByRole('button', { name: 'Send Verification Email Again' }).click();
    await expect(page.getByText('Email Sent ...')).toBeVisible();
    await expect.poll(() => linkLines(user.email).length).toBe(2);
    const links = linkLines(user.email).map((line) => line.split(' ').at(-1)!);
    expect(new Set(links).size).toBe(2);
    const link = links[1]!;
    expect(link).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/emulator\/action\?mode=verifyEmail&/);

    // The person opens it in the browser, as they would by clicking it in the terminal.
    const linkPage = await context.newPage();
    const opened = await linkPage.goto(link);
    expect(opened?.status()).toBe(200);
    await linkPage.close();

    await page.getByRole('button', { name: 'I have verified my email' }).click();
    await expect(page.getByRole('heading', { name: 'My Item' })).toBeVisible();
    await expect(page.getByText('Your Email is not verified!!')).toHaveCount(0);
    expect(linkLines(user.email)).toHaveLength(2);
  });
});
