// Debian's Chromium driven by playwright-core, for the end-to-end tests, the screenshots and the UI
// benchmark. Never a downloaded browser: `chromiumPath()` finds the system's (scripts/ensure-chromium.mjs
// installs it on Debian), and the flags keep Chromium off the network (background services would
// otherwise try to reach Google at every start).
import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContextOptions } from 'playwright-core';

const CANDIDATES = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
];

export function chromiumPath(): string | undefined {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv && existsSync(fromEnv)) return fromEnv;
  return CANDIDATES.find((path) => existsSync(path));
}

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

export async function launchBrowser(): Promise<Browser> {
  const executablePath = chromiumPath();
  if (!executablePath) throw new Error('no Chromium found (set CHROMIUM_PATH, or apt-get install chromium)');
  return chromium.launch({ executablePath, args: CHROMIUM_ARGS, headless: true });
}

export const DEFAULT_CONTEXT: BrowserContextOptions = {
  viewport: { width: 1400, height: 900 },
  locale: 'en-US',
  timezoneId: 'America/New_York',
};
