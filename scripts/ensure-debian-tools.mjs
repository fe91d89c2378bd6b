#!/usr/bin/env node
// Makes `npm test`'s checks against independent implementations and real clients runnable on a
// fresh machine, as scripts/ensure-chromium.mjs does for Chromium: Debian's Python libraries that
// read iCalendar and recurrence rules their own way (dateutil, icalendar, recurring-ical-events),
// and the CalDAV clients and reference server (python3-caldav, vdirsyncer, Radicale), installed
// with one apt-get when any is missing (as root on Debian, as on our CI; PyPI is not reachable
// here). Where they cannot be installed, the tests that need them skip and say why
// (test/support/python.ts, test/caldav/support.ts).
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

const PYTHON = '/usr/bin/python3';
const imports = (module) => () =>
  existsSync(PYTHON) && spawnSync(PYTHON, ['-c', `import ${module}`], { stdio: 'ignore' }).status === 0;

/** Debian package → how to tell it is there. */
const PACKAGES = {
  'python3-dateutil': imports('dateutil'),
  'python3-icalendar': imports('icalendar'),
  'python3-recurring-ical-events': imports('recurring_ical_events'),
  'python3-caldav': imports('caldav'),
  radicale: imports('radicale'),
  vdirsyncer: () => existsSync('/usr/bin/vdirsyncer'),
};

const missing = Object.entries(PACKAGES)
  .filter(([, present]) => !present())
  .map(([name]) => name);

if (missing.length > 0) {
  const canApt = process.platform === 'linux' && process.getuid?.() === 0 && existsSync('/usr/bin/apt-get');
  if (canApt) {
    console.log(`Installing ${missing.join(', ')} for the tests against other implementations (apt-get)…`);
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    const update = spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    const install =
      update.status === 0
        ? spawnSync('apt-get', ['install', '-y', '-qq', ...missing], { stdio: 'inherit', env })
        : update;
    if (install.status !== 0)
      console.warn(`Could not install ${missing.join(', ')}: the tests that need them will be skipped.`);
  } else {
    console.warn(`Missing ${missing.join(', ')} (Debian packages): the tests that need them will be skipped.`);
  }
}
