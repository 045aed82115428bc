import { existsSync } from 'node:fs';

export const NO_CHROMIUM_MESSAGE =
  "No Chromium found. Install Debian's: sudo apt-get install -y chromium, or set CHROME_PATH";

/** Debian's Chromium (or CHROME_PATH). The e2e run never downloads a browser. */
export function findChromium(): string | undefined {
  const fromEnv = process.env.CHROME_PATH;
  if (fromEnv) return existsSync(fromEnv) ? fromEnv : undefined;
  return ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((candidate) => existsSync(candidate));
}
