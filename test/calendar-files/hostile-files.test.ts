// Calendar files that cost too much to read (issue 31, defect 1 and what the fuzz target found):
// each is read by the import's reader in a worker thread (test/support/isolated-read.ts), so that a
// read that never ends fails this test instead of freezing it, and through the real service in a
// child process, which must go on answering.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { IsolatedReader, type IsolatedOutcome } from '../support/isolated-read.ts';
import { openDataDir } from '../../server/data-dir.ts';
import { startChildServer, type ChildServer } from '../reliability/child-server.ts';

/** Far above any of these reads (they take milliseconds): only a read that does not end reaches it. */
const TIME_LIMIT_MS = 60_000;

const reader = new IsolatedReader({ timeoutMs: TIME_LIMIT_MS, maxHeapMb: 512 });
after(() => reader.close());

function calendar(...lines: string[]): string {
  return ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Test//Test//EN', ...lines, 'END:VCALENDAR', ''].join('\r\n');
}

function event(uid: string, ...lines: string[]): string[] {
  return ['BEGIN:VEVENT', `UID:${uid}`, `SUMMARY:${uid}`, ...lines, 'END:VEVENT'];
}

/** The outcome of a read that must have ended: its events' UIDs and its skips and warnings by code. */
function notes(outcome: IsolatedOutcome) {
  assert.equal(outcome.kind, 'read', JSON.stringify(outcome).slice(0, 500));
  if (outcome.kind !== 'read') throw new Error('unreachable');
  const { file } = outcome.result;
  return {
    events: file.events.length,
    skipped: file.skipped.map((s) => [s.uid, s.code]),
    warnings: file.warnings.map((w) => w.code),
  };
}

// The issue's own file: 252 bytes that kept the event loop busy forever, even on a dry run.
const DEFECT_1 = [
  'BEGIN:VCALENDAR',
  'VERSION:2.0',
  'PRODID:-//Hostile//EN',
  'BEGIN:VEVENT',
  'UID:forever@example.com',
  'DTSTAMP:20261120T100000Z',
  'DTSTART:20270101T000000Z',
  'DURATION:P999999999999999999W',
  'SUMMARY:Forever',
  'END:VEVENT',
  'END:VCALENDAR',
  '',
].join('\r\n');

test('defect 1: an absurd DURATION is refused at once, for that event only', async () => {
  const outcome = await reader.read('ics', DEFECT_1);
  assert.deepEqual(notes(outcome), {
    events: 0,
    skipped: [['forever@example.com', 'invalid_duration']],
    warnings: [],
  });
  if (outcome.kind === 'read') {
    const [skip] = outcome.result.file.skipped;
    assert.equal(skip?.line, 8);
    assert.equal(skip?.reason, 'DURATION P999999999999999999W is longer than 100 years.');
  }
});

test('absurd durations, years, counts and intervals are refused or bounded', async () => {
  const cases: [string, string[], ReturnType<typeof notes>][] = [
    [
      'a negative duration is dropped with a warning',
      event('neg', 'DTSTART:20270101T000000Z', 'DURATION:-P999999999999999W'),
      { events: 0, skipped: [['neg', 'invalid_duration']], warnings: [] },
    ],
    [
      'an RDATE period of a billion weeks',
      event('period', 'DTSTART:20270101T000000Z', 'RDATE;VALUE=PERIOD:20270102T000000Z/P999999999W'),
      { events: 0, skipped: [['period', 'invalid_date']], warnings: [] },
    ],
    [
      'year 0',
      event('year0', 'DTSTART:00000101T000000Z'),
      { events: 0, skipped: [['year0', 'invalid_date']], warnings: [] },
    ],
    [
      'a daily rule every trillion days',
      event('interval', 'DTSTART:20270101T000000Z', 'RRULE:FREQ=DAILY;INTERVAL=999999999999'),
      { events: 0, skipped: [['interval', 'invalid_rrule']], warnings: [] },
    ],
    [
      'a COUNT of a trillion, secondly: cut at 1,000',
      event('count', 'DTSTART:20270101T000000Z', 'RRULE:FREQ=SECONDLY;COUNT=999999999999'),
      { events: 1000, skipped: [], warnings: ['series_truncated'] },
    ],
    [
      'every February 30th, daily: never, and ical.js would look for it forever',
      event('never', 'DTSTART:20270101T000000Z', 'RRULE:FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30'),
      { events: 0, skipped: [['never', 'series_too_costly']], warnings: [] },
    ],
    [
      'a rule with a COUNT from year 100 (no fast-forward): stopped, not stepped through 1,900 years',
      event('ancient', 'DTSTART:01000101T000000Z', 'RRULE:FREQ=DAILY;COUNT=99999999;BYHOUR=1,2'),
      { events: 0, skipped: [['ancient', 'series_too_costly']], warnings: [] },
    ],
    [
      // Date.UTC and ical.js read years 0–99 as 1900–1999: year 1 was stored as 1901 (issue 37).
      'a date before year 100: refused, not read as 19xx',
      event('year1', 'DTSTART:00010101T000000Z'),
      { events: 0, skipped: [['year1', 'invalid_date']], warnings: [] },
    ],
  ];
  for (const [what, lines, expected] of cases) {
    assert.deepEqual(notes(await reader.read('ics', calendar(...lines))), expected, what);
  }
});

test('a day a rule names that does not exist is no occurrence (ical.js rolled February 30 over to March 2)', async () => {
  const outcome = await reader.read(
    'ics',
    calendar(...event('thirtieth', 'DTSTART:20250130T120000Z', 'RRULE:FREQ=YEARLY;BYMONTH=1,2;BYMONTHDAY=30')),
  );
  assert.equal(outcome.kind, 'read');
  if (outcome.kind !== 'read') return;
  const days = [...outcome.result.file.events].map((e) => e.start.slice(5, 10));
  assert.ok(days.length >= 2, JSON.stringify(days));
  assert.deepEqual([...new Set(days)], ['01-30']);
});

test('a VTIMEZONE whose rule repeats every second is not expanded (its times are read in the site zone)', async () => {
  const outcome = await reader.read(
    'ics',
    calendar(
      'BEGIN:VTIMEZONE',
      'TZID:Hostile',
      'BEGIN:STANDARD',
      'DTSTART:16010101T000000',
      'TZOFFSETFROM:+0100',
      'TZOFFSETTO:+0200',
      'RRULE:FREQ=SECONDLY',
      'END:STANDARD',
      'END:VTIMEZONE',
      ...event('zoned', 'DTSTART;TZID=Hostile:20270101T100000'),
    ),
  );
  assert.deepEqual(notes(outcome), { events: 1, skipped: [], warnings: ['unknown_timezone'] });
});

test("a file of many endless series: the file's events are capped, its reading bounded", async () => {
  const series = Array.from({ length: 150 }, (_, i) =>
    event(`minutely-${i}`, 'DTSTART:20270101T000000Z', 'RRULE:FREQ=MINUTELY'),
  ).flat();
  const outcome = await reader.read('ics', calendar(...series));
  const read = notes(outcome);
  assert.equal(read.events, 100_000);
  assert.ok(read.warnings.filter((code) => code === 'series_truncated').length > 0);
  assert.ok(read.skipped.every(([, code]) => code === 'series_too_costly'));
});

test("a file of rules that (almost) never match: the file's allowance stops them, each series skipped with why", async () => {
  // Found by the fuzz target (seed 4242): ical.js's RDATE before DTSTART makes it start from year 1,
  // and an hourly rule then steps through two millennia; 600 of them took 12 s before this bound.
  // (Year 1 is refused as a date since issue 37; year 100, the first one read, steps as far.)
  const series = Array.from({ length: 600 }, (_, i) =>
    event(
      `costly-${i}`,
      'DTSTART;TZID=America/Los_Angeles:20120911T103000',
      'RRULE:FREQ=HOURLY;BYSECOND=2,17',
      'RRULE:FREQ=DAILY;BYDAY=MO,TU,WE,TH,FR',
      'RDATE:01000101T000000Z',
    ),
  ).flat();
  const outcome = await reader.read('ics', calendar(...series));
  assert.equal(outcome.kind, 'read');
  if (outcome.kind !== 'read') return;
  const { skipped, events } = outcome.result.file;
  assert.equal(events.length, 0);
  assert.equal(skipped.length, 600);
  assert.ok(skipped.every((s) => s.code === 'series_too_costly'));
  // The first series spend their own allowance; the file's runs out long before the 600th.
  assert.ok(
    skipped.some((s) => /the file’s|the file's/.test(s.reason)),
    skipped.at(-1)?.reason,
  );
});

test('the fuzz target’s findings of seed 4242: an end past year 9999, a VALUE typo — each event skipped with why', async () => {
  const read = async (name: string) => {
    const outcome = await reader.read(
      'ics',
      readFileSync(new URL(`../fixtures/hostile/${name}`, import.meta.url), 'utf8'),
    );
    assert.equal(outcome.kind, 'read');
    return outcome.kind === 'read' ? outcome.result.file : undefined;
  };
  // DTSTART a date, DTEND a date-time in 9999: every daily occurrence "ended" in year 10000 (times
  // like "10000-01-0 23:59:59" reached the plan).
  const farEnd = await read('end-past-year-9999.ics');
  assert.deepEqual(
    farEnd?.skipped.map((s) => [s.code, s.params?.why]),
    [['invalid_date', 'out_of_range']],
  );
  assert.deepEqual(farEnd?.events, []);
  // "DTEND;VALUE=DA<tab>E:…": ical.js read it as no time at all ("0NaN-NaN-N").
  const typo = await read('value-type-typo.ics');
  assert.deepEqual(
    typo?.skipped.map((s) => [s.line, s.code, s.params?.why]),
    [[3, 'invalid_date', 'date_type']],
  );
});

/** Hostile files the fuzz target found (test/fixtures/hostile/): each read must end and not crash. */
test('the fuzz target’s findings are read without a crash', async () => {
  const folder = new URL('../fixtures/hostile/', import.meta.url);
  for (const name of readdirSync(folder).sort()) {
    if (!/\.(ics|csv)$/.test(name)) continue;
    const text = readFileSync(new URL(name, folder), 'utf8');
    const outcome = await reader.read(name.endsWith('.csv') ? 'csv' : 'ics', text);
    assert.ok(
      outcome.kind === 'read' || outcome.kind === 'refused',
      `${name}: ${JSON.stringify(outcome).slice(0, 500)}`,
    );
  }
});

// Through the service: the import route answers, and so does every other route afterwards.
let server: ChildServer;
let token: string;
let dataDir: string;
before(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'almanac-hostile-'));
  const store = openDataDir(dataDir, { timezone: 'Europe/Berlin' });
  token = store.users.createToken(store.users.byLogin('admin')!.id, 'hostile-files');
  store.close();
  server = await startChildServer(dataDir);
});
after(async () => {
  await server?.stop('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

test('defect 1 through the service: the preview answers at once and the service keeps answering', async () => {
  const origin = server.apiRoot.replace(/\/svc\/events\/v1$/, '');
  const headers = { authorization: `Bearer ${token}` };
  const preview = await fetch(`${origin}/almanac/v1/import?dry_run=true`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'text/calendar' },
    body: DEFECT_1,
    signal: AbortSignal.timeout(TIME_LIMIT_MS),
  });
  assert.equal(preview.status, 200);
  const summary = (await preview.json()) as { skipped: number; skipped_items: { code: string }[] };
  assert.deepEqual(
    summary.skipped_items.map((s) => s.code),
    ['invalid_duration'],
  );
  const events = await fetch(`${server.apiRoot}/events`, { headers, signal: AbortSignal.timeout(TIME_LIMIT_MS) });
  assert.equal(events.status, 200);
});
