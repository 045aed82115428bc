import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { findChromium } from './chromium';
import { ARTIFACTS_DIR } from './paths';

// globalSetup fails the run with a clear message when no Chromium is found;
// the workers read the app's URL it leaves in the environment.
export default defineConfig({
  testDir: 'tests',
  globalSetup: './global-setup.ts',
  workers: 1,
  fullyParallel: false,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  forbidOnly: !!process.env.CI,
  reporter: 'list',
  outputDir: path.join(ARTIFACTS_DIR, 'test-results'),
  use: {
    baseURL: process.env.SMART_ZONE_URL,
    headless: true,
    viewport: { width: 1280, height: 900 },
    actionTimeout: 15_000,
    navigationTimeout: 30_000,
    screenshot: 'only-on-failure',
    // The app's service worker (the offline shell) only where a test asks for it (offline.spec.ts, budget.spec.ts):
    // elsewhere each new context would fetch the whole shell to precache it, and a worker between the page and
    // the network would hide requests from page.route.
    serviceWorkers: 'block',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: findChromium(),
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-dev-shm-usage',
      ],
    },
  },
});
