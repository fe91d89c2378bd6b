#!/usr/bin/env node
// `npm run bench`: every server-side benchmark in turn, each given the options it knows from the
// command line (`npm run bench -- --events 100000 --seconds 10`), so one command line drives all.
import { spawnSync } from 'node:child_process';
import { parseArgs } from 'node:util';

const BENCHES = [
  { script: 'scripts/bench.ts', options: ['events', 'seconds', 'connections', 'settle'], flags: ['keep'] },
  { script: 'scripts/bench-calendar-files.ts', options: ['events', 'import-events', 'big-mb'], node: ['--expose-gc'] },
  { script: 'scripts/bench-caldav.ts', options: ['caldav-events'], rename: { 'caldav-events': 'events' } },
];

const known = new Set(BENCHES.flatMap((bench) => [...bench.options, ...(bench.flags ?? [])]));
const { values } = parseArgs({
  options: Object.fromEntries(
    [...known].map((name) => [name, { type: BENCHES.some((b) => b.flags?.includes(name)) ? 'boolean' : 'string' }]),
  ),
});

for (const bench of BENCHES) {
  const args = [];
  for (const name of bench.options)
    if (values[name] !== undefined) args.push(`--${bench.rename?.[name] ?? name}`, String(values[name]));
  for (const name of bench.flags ?? []) if (values[name]) args.push(`--${name}`);
  const result = spawnSync(process.execPath, [...(bench.node ?? []), '--import', 'tsx', bench.script, ...args], {
    stdio: 'inherit',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
