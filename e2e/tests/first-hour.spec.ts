import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { API_NODE_FLAGS, PROJECT_ID, ROOT_DIR, freePort } from '../../scripts/lib/launch.cjs';
import { authUrl } from './helpers/env';
import { PHONE, shot } from './helpers/screenshots';
import { fillSignIn, newUser, signOutViaUi, signUpViaUi, verifyEmailOf } from './helpers/users';

/**
 * The owner's first hour (issue 36) on a shop of its own: a second app on a fresh data folder (the demo phones
 * only, as a first `pnpm start` has them), sharing the run's Auth emulator, so that clearing the demo items
 * touches none of the other specs' data. The owner is the one the OWNER_EMAILS setting names.
 */
const owner = newUser('first-hour-owner');
let dataDir: string;
let server: ChildProcess;
let url: string;

test.beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'smart-zone-first-hour-'));
  const port = await freePort();
  url = `http://localhost:${port}`;
  server = spawn(process.execPath, [...API_NODE_FLAGS, path.join(ROOT_DIR, 'apps/api/dist/server.js')], {
    cwd: ROOT_DIR,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      DATA_DIR: dataDir,
      MONGODB_URI: '',
      HOST: '',
      WEB_DIST: '',
      CORS_ORIGINS: '',
      STAFF: '',
      SEED_DEMO_DATA: 'true',
      OWNER_EMAILS: owner.email,
      JWT_SECRET: randomBytes(32).toString('hex'),
      FIREBASE_AUTH_EMULATOR_HOST: new URL(authUrl()).host,
      FIREBASE_PROJECT_ID: PROJECT_ID,
    },
    stdio: 'ignore',
  });
  await expect
    .poll(
      () =>
        fetch(`${url}/api/health`).then(
          (answer) => answer.status,
          () => 0,
        ),
      { timeout: 30_000 },
    )
    .toBe(200);
});

test.afterAll(async () => {
  server?.kill('SIGTERM');
  await new Promise((resolve) => (server.exitCode !== null ? resolve(null) : server.once('exit', resolve)));
  rmSync(dataDir, { recursive: true, force: true });
});

test('the owner of a new shop signs in to the Today page and starts with an empty warehouse, once asked', async ({
  browser,
}) => {
  const context = await browser.newContext({ baseURL: url });
  const page = await context.newPage();
  await signUpViaUi(page, owner);
  await verifyEmailOf(owner);
  await signOutViaUi(page);
  // The rest on a phone.
  await page.setViewportSize(PHONE);

  // A sign-in that came from nowhere takes staff to their work: the Today page, the first steps on it.
  await page.goto('/login');
  await fillSignIn(page, owner.email, owner.password);
  await expect(page).toHaveURL(/\/today$/);
  const card = page.getByTestId('empty-warehouse');
  await expect(card).toBeVisible();
  await shot(page, 'first-hour-today', [PHONE, { width: 1280, height: 900 }]);

  // One question, and "Keep them" keeps them.
  await card.getByRole('button', { name: 'Start with an empty warehouse' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Delete the 10 demo items?');
  await dialog.getByRole('button', { name: 'Keep them' }).click();
  await expect(dialog).toBeHidden();
  expect(Number((await fetch(`${url}/api/inventory?limit=1`)).headers.get('x-total-count'))).toBe(10);

  await card.getByRole('button', { name: 'Start with an empty warehouse' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Start empty' }).click();
  await expect(page.getByText('The demo items are gone: add your first item')).toBeVisible();
  await expect(card).toHaveCount(0);
  expect(Number((await fetch(`${url}/api/inventory?limit=1`)).headers.get('x-total-count'))).toBe(0);

  // Each demo item's deletion is in the audit, by the owner, with the action as its reason.
  await page.goto('/audit');
  const newest = page.getByTestId('audit-row').first();
  await expect(newest).toContainText('Item deleted');
  await expect(newest).toContainText('Start with an empty warehouse');
  await expect(newest).toContainText(owner.email);
  await context.close();
});
