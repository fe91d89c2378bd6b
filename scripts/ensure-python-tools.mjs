#!/usr/bin/env node
// Makes `npm test`'s checks against independent implementations runnable on a fresh machine:
// Debian's Python libraries that read iCalendar and recurrence rules their own way (dateutil's
// rrule, icalendar, recurring-ical-events), installed with apt-get when missing (as root on
// Debian, as on our CI; PyPI is not reachable here). Where they cannot be installed, the tests
// that need them skip and say why (test/support/python.ts).
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

/** Debian package → the Python module that shows it is there. */
const PACKAGES = {
  'python3-dateutil': 'dateutil',
  'python3-icalendar': 'icalendar',
  'python3-recurring-ical-events': 'recurring_ical_events',
};
const PYTHON = '/usr/bin/python3';

const has = (module) => existsSync(PYTHON) && spawnSync(PYTHON, ['-c', `import ${module}`]).status === 0;
const missing = Object.entries(PACKAGES)
  .filter(([, module]) => !has(module))
  .map(([name]) => name);

if (missing.length > 0) {
  const canApt = process.platform === 'linux' && process.getuid?.() === 0 && existsSync('/usr/bin/apt-get');
  if (canApt) {
    console.log(`Installing ${missing.join(', ')} for the tests against independent implementations (apt-get)…`);
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    const update = spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    const install =
      update.status === 0
        ? spawnSync('apt-get', ['install', '-y', '-qq', ...missing], { stdio: 'inherit', env })
        : update;
    if (install.status !== 0) console.warn(`Could not install ${missing.join(', ')}: those tests will be skipped.`);
  } else {
    console.warn(`Missing ${missing.join(', ')} (Debian packages): the tests that need them will be skipped.`);
  }
}
