import { type Page, expect, test } from '@playwright/test';
import { countOobCodes, latestOobCode, resetPasswordWithCode } from './helpers/emulator';
import { shot } from './helpers/screenshots';
import { inviteAs } from './helpers/team';
import {
  fillSignIn,
  newUser,
  signInViaUi,
  signOutViaUi,
  signUpViaUi,
  signedInVerifiedUser,
  verifyEmailOf,
} from './helpers/users';

/**
 * The signed-in name in the navbar. From 1200 to 1399 px the navbar hides it to fit the
 * team's links (Header.tsx), so it is read at 1440 px, then the viewport is put back.
 */
async function expectNameInNavbar(page: Page, name: string) {
  const before = page.viewportSize();
  await page.setViewportSize({ width: 1440, height: 900 });
  await expect(page.getByRole('navigation').getByText(name, { exact: true })).toBeVisible();
  if (before) await page.setViewportSize(before);
}

test.describe('accounts', () => {
  test('sign up: Register waits for the terms box, then the new user lands on /home', async ({ page }) => {
    const user = newUser('signup');
    await page.goto('/signup');
    await expect(page).toHaveTitle('Sign Up-Smart-Zone');
    const register = page.getByRole('button', { name: 'Register' });
    const terms = page.getByText('Accept Smart Zone Terms and Conditions');
    await page.getByLabel('Your name (optional)').fill(user.name);
    await page.getByLabel('Email address').fill(user.email);
    await page.getByLabel('Password').fill(user.password);
    await expect(register).toBeDisabled();
    await expect(terms).toHaveCSS('color', 'rgb(220, 53, 69)');
    await shot(page, 'signup');

    await page.getByRole('checkbox').check();
    await expect(register).toBeEnabled();
    await expect(terms).not.toHaveCSS('color', 'rgb(220, 53, 69)');
    await register.click();
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
    await expectNameInNavbar(page, user.name);
  });

  test('an unverified user sees the notice, can resend, and gets in once the email is verified', async ({ page }) => {
    const user = newUser('unverified');
    // Invited as a clerk: once verified, the owner's invitation gives them My Item.
    await inviteAs(user.email, 'clerk');
    await signUpViaUi(page, user);
    await expect.poll(() => countOobCodes(user.email, 'VERIFY_EMAIL')).toBe(1);

    await page.getByRole('link', { name: 'My Item' }).click();
    await expect(page.getByText('Your Email is not verified!!')).toBeVisible();
    await shot(page, 'unverified');
    await page.getByRole('button', { name: 'Send Verification Email Again' }).click();
    await expect(page.getByText('Email Sent ...')).toBeVisible();
    await expect.poll(() => countOobCodes(user.email, 'VERIFY_EMAIL')).toBe(2);

    // The link in the email is opened (through the emulator's outbox), then the person comes back.
    await verifyEmailOf(user);
    await page.getByRole('button', { name: 'I have verified my email' }).click();
    await expect(page.getByRole('heading', { name: 'My Item' })).toBeVisible();
    await expect(page.getByTestId('delivery-count')).toHaveText('0');
  });

  test('a protected page sends a visitor to /login and back after signing in', async ({ page }) => {
    const user = newUser('guard');
    await inviteAs(user.email, 'manager');
    await signUpViaUi(page, user);
    await verifyEmailOf(user);
    await signOutViaUi(page);

    await page.goto('/home');
    await page.getByRole('link', { name: 'Manage Inventories' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page).toHaveTitle('Login-Smart-Zone');
    await shot(page, 'login');

    await fillSignIn(page, user.email, user.password);
    await expect(page).toHaveURL(/\/manageinventories$/i);
    await expect(page.getByRole('heading', { name: 'Manage Inventories' })).toBeVisible();
    await expect(page.getByTestId('manage-row').first()).toBeVisible();
    await expect.poll(() => page.evaluate(() => localStorage.getItem('accessToken'))).toBeTruthy();
    await shot(page, 'manage-inventories');
  });

  test('a wrong password shows the error in red; reset password asks for the email, then really resets', async ({
    page,
  }) => {
    const user = newUser('reset');
    await signUpViaUi(page, user);
    await signOutViaUi(page);

    await page.goto('/login');
    await fillSignIn(page, user.email, 'not-the-password');
    const error = page.getByRole('alert').filter({ hasText: 'Error:' });
    await expect(error).toHaveText('Error: Wrong email or password.');
    await expect(error).toHaveCSS('color', 'rgb(220, 53, 69)');
    await shot(page, 'login-error');

    await page.getByLabel('Email address').fill('');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page.getByText('please enter your email address')).toBeVisible();

    await page.getByLabel('Email address').fill(user.email);
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page.getByText('Sent email')).toBeVisible();
    await expect.poll(async () => (await latestOobCode(user.email, 'PASSWORD_RESET')) !== undefined).toBe(true);
    const code = await latestOobCode(user.email, 'PASSWORD_RESET');
    const newPassword = `${user.password}-new`;
    await resetPasswordWithCode(code!.oobCode, newPassword);

    await fillSignIn(page, user.email, user.password);
    await expect(error).toHaveText('Error: Wrong email or password.');
    await signInViaUi(page, { ...user, password: newPassword });
  });

  // Google's popup needs Google's gapi script even against the emulator, and
  // this machine is offline: the app's emulator mode asks for the account the
  // way the emulator's own account picker does, and signs in at the emulator.
  test("Google sign-in (the emulator's Google provider) counts as verified", async ({ page }) => {
    const email = `google-${Date.now()}@example.com`;
    await inviteAs(email, 'manager');
    await page.goto('/login');
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sign in with Google (Auth emulator)' });
    await dialog.getByLabel('Google account email').fill(email);
    await dialog.getByLabel('Display name (optional)').fill('Gina Google');
    await shot(page, 'google-sign-in');
    await dialog.getByRole('button', { name: 'Sign in with Google.com' }).click();

    await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
    await expect.poll(() => page.evaluate(() => localStorage.getItem('accessToken'))).toBeTruthy();
    await page.getByRole('link', { name: 'Add NewItem' }).click();
    await expect(page.getByRole('heading', { name: 'Add New Item' })).toBeVisible();
    await expect(page.getByText('Your Email is not verified!!')).toHaveCount(0);

    await expectNameInNavbar(page, 'Gina Google');
    await signOutViaUi(page);
    await expect(page.getByRole('link', { name: 'My Item' })).toHaveCount(0);
    await expect.poll(() => page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
  });
  // The page starts from the stored accessToken while Firebase restores its session (lazy-gateway.ts).
  test('a returning user opens a protected page at once; a token the API refuses is renewed; signed out, the page is closed', async ({
    page,
  }) => {
    await signedInVerifiedUser(page, 'returning');
    const token = () => page.evaluate(() => localStorage.getItem('accessToken'));
    await page.goto('/manageInventories');
    await expect(page.getByRole('heading', { name: 'Manage Inventories' })).toBeVisible();

    // Same claims, broken signature: the API answers 401, and the app renews it through Firebase.
    const broken = `${(await token())!.slice(0, -4)}AAAA`;
    await page.evaluate((value) => localStorage.setItem('accessToken', value), broken);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Manage Inventories' })).toBeVisible();
    await expect(page.getByTestId('manage-row').first()).toBeVisible();
    await expect.poll(token).not.toBe(broken);
    await expect.poll(token).toBeTruthy();

    await signOutViaUi(page);
    await page.goto('/manageInventories');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: 'Manage Inventories' })).toHaveCount(0);
  });
});
