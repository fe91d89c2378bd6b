// Issue 31, "memory stays flat": an import job keeps the events it has read in a temporary
// database (event-spill.ts) instead of the heap. What it reads back, and so the preview, must be
// exactly what the in-memory read gives: the same events in the same order (a series' occurrences
// at its first line, an override read before its series, an event waiting for a later VTIMEZONE),
// the same skips and warnings.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { startServer, type TestServer } from '../support/server.ts';
import { readCalendarFile, releaseRead, type ReadResult } from '../../server/calendar-files/read-calendar-file.ts';
import { runImport } from '../../server/calendar-files/import-plan.ts';
import { CalendarFileError } from '../../server/calendar-files/imported-event.ts';
import type { OperationContext } from '../../server/operations/context.ts';

let server: TestServer;
before(async () => {
  server = await startServer({ timezone: 'Europe/Berlin' });
});
after(() => server.close());

/** A file that puts events out of file order: overrides before and after their series, a late VTIMEZONE. */
const SHUFFLED = [
  'BEGIN:VCALENDAR',
  'VERSION:2.0',
  'PRODID:-//Almanac tests//EN',
  'BEGIN:VEVENT',
  'UID:weekly@example.org',
  'RECURRENCE-ID:20270111T090000Z',
  'DTSTART:20270111T150000Z',
  'DURATION:PT1H',
  'SUMMARY:Moved before its series',
  'END:VEVENT',
  'BEGIN:VEVENT',
  'UID:early@example.org',
  'DTSTART;TZID=Late/Zone:20270105T100000',
  'DURATION:PT1H',
  'SUMMARY:Waits for its zone',
  'END:VEVENT',
  'BEGIN:VEVENT',
  'UID:weekly@example.org',
  'DTSTART:20270104T090000Z',
  'DURATION:PT1H',
  'RRULE:FREQ=WEEKLY;COUNT=5',
  'SUMMARY:Weekly',
  'LOCATION:Room 1',
  'END:VEVENT',
  'BEGIN:VEVENT',
  'UID:hourly@example.org',
  'DTSTART:20270104T090000Z',
  'DURATION:PT10M',
  'RRULE:FREQ=HOURLY;COUNT=3',
  'SUMMARY:Hourly (expanded: a series cannot repeat by the hour)',
  'END:VEVENT',
  'BEGIN:VEVENT',
  'UID:single@example.org',
  'DTSTART:20270106T090000Z',
  'SUMMARY:Single',
  'CATEGORIES:Talks',
  'END:VEVENT',
  'BEGIN:VEVENT',
  'UID:weekly@example.org',
  'RECURRENCE-ID:20270125T090000Z',
  'DTSTART:20270125T100000Z',
  'DURATION:PT1H',
  'SUMMARY:Moved after its series',
  'END:VEVENT',
  'BEGIN:VEVENT',
  'UID:orphan@example.org',
  'RECURRENCE-ID:20270301T090000Z',
  'DTSTART:20270301T090000Z',
  'SUMMARY:Override without its series',
  'END:VEVENT',
  'BEGIN:VEVENT',
  'UID:single@example.org',
  'DTSTART:20270107T090000Z',
  'SUMMARY:Same UID again',
  'END:VEVENT',
  'BEGIN:VTIMEZONE',
  'TZID:Late/Zone',
  'BEGIN:STANDARD',
  'DTSTART:19700101T000000',
  'TZOFFSETFROM:+0300',
  'TZOFFSETTO:+0300',
  'END:STANDARD',
  'END:VTIMEZONE',
  'END:VCALENDAR',
  '',
].join('\r\n');

const FILES: [string, string][] = [
  ['shuffled', SHUFFLED],
  ...['apple', 'google', 'outlook', 'thunderbird'].map((name): [string, string] => [
    name,
    readFileSync(`test/fixtures/ics/${name}.ics`, 'utf8'),
  ]),
];

async function* chunks(text: string): AsyncGenerator<string> {
  for (let from = 0; from < text.length; from += 97) yield text.slice(from, from + 97);
}

const read = (text: string, spill: boolean) =>
  readCalendarFile('ics', chunks(text), { siteTimezone: 'Europe/Berlin', spill });

/** Everything a read holds, its events as an array. */
function plain(result: ReadResult) {
  return { ...result.file, events: [...result.file.events] };
}

function context(): OperationContext {
  const admin = server.store.users.byLogin('admin')!;
  return {
    store: server.store,
    site: server.store.sites.byCode('default')!,
    actor: { userId: admin.id, login: admin.login, role: 'administrator' },
  };
}

test('spilled to disk, a read gives back the very events, in the same order, and the same notes', async () => {
  for (const [name, text] of FILES) {
    const inMemory = await read(text, false);
    const spilled = await read(text, true);
    try {
      assert.ok(!Array.isArray(spilled.file.events), `${name}: spilled, not an array`);
      assert.ok(spilled.file.events.length > 0, name);
      assert.equal(spilled.file.events.length, inMemory.file.events.length, name);
      assert.deepEqual(plain(spilled), plain(inMemory), name);
      // Read twice (the plan reads the series' occurrences, then every event): the same again.
      assert.deepEqual([...spilled.file.events], [...inMemory.file.events], `${name}, read again`);
      assert.deepEqual(
        [...spilled.file.events.ofSeries!()],
        [...inMemory.file.events].filter((event) => event.seriesUid !== undefined),
        `${name}: the occurrences of its series`,
      );
    } finally {
      releaseRead(spilled);
    }
  }
});

test('the preview of a spilled read is the preview of the in-memory read', async () => {
  for (const [name, text] of FILES) {
    const inMemory = await read(text, false);
    const spilled = await read(text, true);
    try {
      const plan = (result: ReadResult) =>
        server.store.snapshot(() => runImport(context(), result.file, { dryRun: true, calendarKey: 'spill-test' }));
      const expected = plan(inMemory);
      assert.ok(expected.created > 0, name);
      assert.deepEqual(plan(spilled), expected, name);
    } finally {
      releaseRead(spilled);
    }
  }
  // The shuffled file's own outcome, so that a reader handing nothing on could not pass.
  const shuffled = plain(await read(SHUFFLED, false));
  assert.deepEqual(
    shuffled.events.map((event) => event.title),
    [
      'Waits for its zone',
      'Weekly',
      'Moved before its series',
      'Weekly',
      'Moved after its series',
      'Weekly',
      'Hourly (expanded: a series cannot repeat by the hour)',
      'Hourly (expanded: a series cannot repeat by the hour)',
      'Hourly (expanded: a series cannot repeat by the hour)',
      'Single',
      'Override without its series',
    ],
  );
});

test('once released, the spill is gone; a file that cannot be read is refused as before', async () => {
  const spilled = await read(SHUFFLED, true);
  releaseRead(spilled);
  assert.throws(() => [...spilled.file.events], /not open/);
  await assert.rejects(read(readFileSync('test/fixtures/ics/bad-no-vcalendar.ics', 'utf8'), true), CalendarFileError);
});
