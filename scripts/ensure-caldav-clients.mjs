#!/usr/bin/env node
// Makes `npm test`'s CalDAV client tests runnable on a fresh machine: Debian's python3-caldav,
// vdirsyncer and Radicale (a reference CalDAV server), installed with apt-get when missing (as
// root on Debian, as on our CI), as scripts/ensure-chromium.mjs does for Chromium. Where they
// cannot be installed, test/caldav/ skips those tests and says why (test/caldav/support.ts).
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

const PACKAGES = ['python3-caldav', 'vdirsyncer', 'radicale'];
const python = '/usr/bin/python3';
const found = () =>
  existsSync(python) &&
  spawnSync(python, ['-c', 'import caldav, radicale'], { stdio: 'ignore' }).status === 0 &&
  existsSync('/usr/bin/vdirsyncer');

if (!found()) {
  const canApt = process.platform === 'linux' && process.getuid?.() === 0 && existsSync('/usr/bin/apt-get');
  if (canApt) {
    console.log(`Installing the CalDAV clients for the tests (apt-get install ${PACKAGES.join(' ')})…`);
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    const update = spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    const install =
      update.status === 0
        ? spawnSync('apt-get', ['install', '-y', '-qq', ...PACKAGES], { stdio: 'inherit', env })
        : update;
    if (install.status !== 0) console.warn('Could not install the CalDAV clients: their tests will be skipped.');
  } else {
    console.warn(`No CalDAV clients found (install ${PACKAGES.join(', ')}): their tests will be skipped.`);
  }
}
