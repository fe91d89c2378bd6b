// Fuzzing, for longer runs than the ones in `npm test`:
//
//   npm run fuzz -- [--target api|files|all|hostile] [--seed S] [--stop] [--verbose]
//                   [--requests N]                                   (api)
//                   [--files N] [--minutes M] [--route-every K] [--out DIR]   (files)
//                   [--seconds S] [--only TEXT]                      (hostile)
//
// api (engine: test/support/fuzz.ts): starts the real server on 127.0.0.1:0 with a fresh data dir
// in a temp folder, seeds a small data set through the API, sends N generated requests (default
// 5000) and checks every response and, at the end, the database.
//
// files (engine: test/support/fuzz-files/): the calendar-file readers (iCalendar and CSV), on
// mutations of every calendar file in test/fixtures (exports shaped as Google, Outlook, Apple and
// Thunderbird write them, and real files from ical.js, python-icalendar, ical4j, libical and The
// Events Calendar: test/fixtures/wild/SOURCES.md). Each input (default 3000, or as many as fit in
// --minutes) is read in a worker thread with a time limit and a capped heap; every K-th (default
// 4) also goes to POST almanac/v1/import of a real service in a child process (a preview, and
// every 10th of those an import). A finding is written, reduced to its fewest lines, to DIR
// (default: a temp folder) for replay; test/fixtures/hostile/ is where the ones fixed are kept.
//
// hostile (engine: scripts/hostile-load/, issue 37): the service in a child process while a victim
// client measures its own requests and attackers send each hostile request of attacks.ts (one at
// a time, then eight at once, then all mixed), S seconds a phase (default 5). A phase fails when an
// attack gets an answer it should not (a 5xx among them), an answer breaks off, the victim gets an
// error, or the service's RSS passes 500 MB; the run fails too when a victim's write is lost or a
// 5xx has no line in the service's log; a 429 (the caller's turn, caldav/admission.ts) is expected
// of any attack. Victim latencies (p50/p99/max) are printed beside the floor (the same victim with
// no attack, measured again just before each attack) and the load, with the kinds of victim
// request that took over 100 ms; they are measured, not asserted. HOSTILE_LOAD_CPU_PROF=DIR writes
// the service's CPU profiles; ALMANAC_CALDAV_WORKER_NICENESS=N runs CalDAV's worker N steps below.
//
// Default target: all (api and files). --stop stops at the first failure. The last line is `N passed, N failed`.
import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { startServer } from '../test/support/server.ts';
import { formatFailure, formatSummary, groupFailures, runFuzz } from '../test/support/fuzz.ts';
import { findingFileName, formatFileSummary, formatFinding, runFileFuzz } from '../test/support/fuzz-files/run.ts';
import { formatSummary as formatHostileSummary, runHostileLoad } from './hostile-load/run.ts';

const { values } = parseArgs({
  options: {
    target: { type: 'string', default: 'all' },
    requests: { type: 'string', default: '5000' },
    files: { type: 'string', default: '3000' },
    minutes: { type: 'string' },
    'route-every': { type: 'string', default: '4' },
    out: { type: 'string' },
    seed: { type: 'string' },
    seconds: { type: 'string', default: '5' },
    only: { type: 'string' },
    stop: { type: 'boolean', default: false },
    verbose: { type: 'boolean', default: false },
  },
});

const target = values.target;
const requests = Number(values.requests);
const files = Number(values.files);
const minutes = values.minutes === undefined ? undefined : Number(values.minutes);
const routeEvery = Number(values['route-every']);
const seed = values.seed === undefined ? Math.floor(Math.random() * 2 ** 31) : Number(values.seed);
if (
  !['api', 'files', 'all', 'hostile'].includes(target) ||
  !(Number(values.seconds) > 0) ||
  !Number.isInteger(requests) ||
  requests < 1 ||
  !Number.isInteger(files) ||
  files < 1 ||
  (minutes !== undefined && !(minutes > 0)) ||
  !Number.isInteger(routeEvery) ||
  routeEvery < 0 ||
  !Number.isInteger(seed)
) {
  console.error(
    'usage: npm run fuzz -- [--target api|files|all|hostile] [--seed S] [--stop] [--verbose] [--requests N] [--files N] [--minutes M] [--route-every K] [--out DIR] [--seconds S] [--only TEXT]',
  );
  process.exit(2);
}

let passed = 0;
let failed = 0;

if (target === 'api' || target === 'all') {
  console.log(
    `fuzzing ${requests} requests with seed ${seed}${values.stop ? ' (stop and shrink at the first failure)' : ''}`,
  );
  const server = await startServer();
  let summary;
  try {
    summary = await runFuzz(server, {
      requests,
      seed,
      stopOnFailure: values.stop,
      onRequest: (index, request, response) => {
        if (values.verbose)
          console.log(
            `${index} ${response.status} ${(response.body as { code?: string })?.code ?? ''} ${request.role} ${request.method} ${request.url.slice(0, 200)}`,
          );
        else if (index % 5000 === 0) console.log(`  … ${index} requests`);
      },
    });
  } finally {
    await server.close();
  }

  console.log('');
  console.log(formatSummary(summary));
  const groups = groupFailures(summary.failures);
  if (groups.length) {
    console.log('');
    console.log(`${summary.failedRequests} failing requests; ${groups.length} distinct failures:`);
    for (const { example, count } of groups) {
      console.log('');
      console.log(`[${count}×] ${formatFailure(example, summary.seed)}`);
    }
    if (summary.firstFailure && summary.firstFailure !== summary.counterexample) {
      console.log('');
      console.log(`first failing request, before shrinking:\n${formatFailure(summary.firstFailure, summary.seed)}`);
    }
  }
  if (summary.database.length) console.log(`\ndatabase checks failed:\n${summary.database.join('\n')}`);
  failed += summary.failedRequests + summary.database.length;
  passed += summary.requests - summary.failedRequests + (2 - summary.database.length);
}

if (target === 'files' || target === 'all') {
  console.log('');
  console.log(
    `fuzzing calendar files with seed ${seed}: ${minutes === undefined ? `${files} inputs` : `${minutes} minutes`}, every ${routeEvery || '–'}th through the import route`,
  );
  const summary = await runFileFuzz({
    seed,
    inputs: minutes === undefined ? files : Number.MAX_SAFE_INTEGER,
    seconds: minutes === undefined ? undefined : minutes * 60,
    timeLimitMs: 20_000,
    routeEvery,
    importEvery: 10,
    minimize: true,
    stopOnFailure: values.stop,
    onInput: (index, name) => {
      if (values.verbose) console.log(`${index} ${name}`);
      else if (index % 500 === 0) console.log(`  … ${index} inputs`);
    },
    onFinding: (finding) => {
      const out = values.out ?? join(tmpdir(), `almanac-fuzz-files-${seed}`);
      mkdirSync(out, { recursive: true });
      if (finding.text) writeFileSync(join(out, findingFileName(finding)), finding.text);
      console.log(
        `  found: ${findingFileName(finding)} — ${finding.kind}, ${finding.detail.split('\n')[0]?.slice(0, 160)}`,
      );
    },
  });
  console.log('');
  console.log(formatFileSummary(summary));
  if (summary.findings.length > 0) {
    const out = values.out ?? join(tmpdir(), `almanac-fuzz-files-${seed}`);
    mkdirSync(out, { recursive: true });
    console.log('');
    console.log(`${summary.findings.length} distinct findings (files in ${out}):`);
    for (const finding of summary.findings) {
      if (finding.text) writeFileSync(join(out, findingFileName(finding)), finding.text);
      console.log('');
      console.log(`${findingFileName(finding)}: ${formatFinding(finding)}`);
    }
  }
  if (summary.unforeseenExamples.size > 0) {
    const out = values.out ?? join(tmpdir(), `almanac-fuzz-files-${seed}`);
    mkdirSync(out, { recursive: true });
    let n = 0;
    for (const [reason, example] of summary.unforeseenExamples) {
      const name = `unforeseen-${++n}.${example.format}`;
      writeFileSync(join(out, name), example.text);
      console.log(`${name}: ${reason} (from ${example.seed})`);
    }
  }
  failed += summary.findings.length;
  passed += Math.max(0, summary.inputs - summary.findings.length);
}

if (target === 'hostile') {
  console.log(`hostile load: ${values.seconds} s a phase${values.only ? `, attacks named "${values.only}"` : ''}`);
  const summary = await runHostileLoad({
    seconds: Number(values.seconds),
    concurrency: [1, 8],
    only: values.only,
    progress: (line) => console.log(`  ${line}`),
  });
  console.log('');
  console.log(formatHostileSummary(summary));
  const MAX_RSS_MB = 500;
  for (const phase of summary.phases) {
    const bad =
      phase.attacks.unexpected > 0 ||
      phase.attacks.broken > 0 ||
      phase.victim.failures.length > 0 ||
      phase.peakRssMb > MAX_RSS_MB;
    if (bad) failed++;
    else passed++;
  }
  const endChecks = [summary.lost.length === 0, summary.loggedErrors >= summary.serverErrors, summary.serverAlive];
  passed += endChecks.filter(Boolean).length;
  failed += endChecks.filter((ok) => !ok).length;
}

console.log('');
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
