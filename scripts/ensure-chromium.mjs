#!/usr/bin/env node
// Makes `npm test`'s browser tests runnable on a fresh machine: Debian's Chromium, installed with
// apt-get when missing (as root on Debian, as on our CI). Playwright never downloads a browser here.
// Where it cannot be installed, the browser tests skip and say why (test/e2e/support.ts).
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

const CANDIDATES = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
];
const found = () =>
  (process.env.CHROMIUM_PATH && existsSync(process.env.CHROMIUM_PATH)) || CANDIDATES.some((path) => existsSync(path));

if (!found()) {
  const canApt = process.platform === 'linux' && process.getuid?.() === 0 && existsSync('/usr/bin/apt-get');
  if (canApt) {
    console.log('Installing Chromium for the browser tests (apt-get install chromium)…');
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    const update = spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    const install =
      update.status === 0
        ? spawnSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env })
        : update;
    if (install.status !== 0) console.warn('Could not install Chromium: the browser tests will be skipped.');
  } else {
    console.warn('No Chromium found (install it, or set CHROMIUM_PATH): the browser tests will be skipped.');
  }
}
