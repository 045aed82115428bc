import { randomBytes } from 'node:crypto';
import { type Page, expect } from '@playwright/test';
import { applyVerificationCode, latestOobCode } from './emulator';
import { inviteAs, type Role } from './team';

export interface TestUser {
  email: string;
  password: string;
  name: string;
}

/** A new, unique person for one test. */
export function newUser(tag: string): TestUser {
  const id = randomBytes(4).toString('hex');
  return { email: `${tag}-${id}@example.com`, password: `pw-${id}-Secret1`, name: `Tester ${tag}` };
}

/** Registers through the sign-up page; the app then sends the user to /home. */
export async function signUpViaUi(page: Page, user: TestUser) {
  await page.goto('/signup');
  await page.getByLabel(/name/i).first().fill(user.name);
  await page.getByLabel(/email/i).fill(user.email);
  await page.getByLabel(/password/i).fill(user.password);
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page).toHaveURL(/\/home$/);
}

/** Fills the sign-in form of the page we are on (/login, or where a guard sent us). */
export async function fillSignIn(page: Page, email: string, password: string) {
  await page.getByLabel(/email/i).fill(email);
  await page.getByLabel(/password/i).fill(password);
  await page.getByRole('button', { name: /^(login|sign in)$/i }).click();
}

export async function signInViaUi(page: Page, user: TestUser) {
  await page.goto('/login');
  await fillSignIn(page, user.email, user.password);
  await expect(page.getByRole('button', { name: /sign ?out/i })).toBeVisible();
  await expect.poll(() => page.evaluate(() => localStorage.getItem('accessToken'))).toBeTruthy();
}

export async function signOutViaUi(page: Page) {
  await page.getByRole('button', { name: /sign ?out/i }).click();
  await expect(page.getByRole('link', { name: 'Sign in', exact: true })).toBeVisible();
}

/** Clicks the link in the verification email (read from the emulator's outbox). */
export async function verifyEmailOf(user: TestUser) {
  await expect.poll(async () => (await latestOobCode(user.email, 'VERIFY_EMAIL')) !== undefined).toBe(true);
  const code = await latestOobCode(user.email, 'VERIFY_EMAIL');
  await applyVerificationCode(code!.oobCode);
}

/**
 * A verified team member signed in through the UI: the owner invites them with
 * `role` (a manager unless said otherwise), then they sign up, verify the email,
 * sign out and in again (the session carries the verified state from then on).
 */
export async function signedInVerifiedUser(page: Page, tag: string, role: Role = 'manager') {
  const user = newUser(tag);
  await inviteAs(user.email, role);
  await signUpViaUi(page, user);
  await verifyEmailOf(user);
  await signOutViaUi(page);
  await signInViaUi(page, user);
  return user;
}
