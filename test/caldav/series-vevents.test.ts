// series-vevents.ts, the writer of a series as iCalendar that CalDAV and the file export share:
// read back by two independent parsers (ical.js, and node-ical with rrule.js), a series gives the
// occurrences it has — UNTIL through its last local day, excluded dates left out, extra dates in,
// the exception at its own time — timed and all-day.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import ICAL from 'ical.js';
import ical from 'node-ical';
import type { ExportRow } from '../../server/db/repositories/event-export.ts';
import {
  rruleValue,
  seriesVevents,
  seriesZones,
  type SeriesExport,
} from '../../server/calendar-files/ics-export/series-vevents.ts';
import { vtimezone } from '../../server/calendar-files/ics-export/vtimezone.ts';

function row(id: number, fields: Partial<ExportRow> = {}): ExportRow {
  return Object.assign(
    {
      id,
      title: 'Choir',
      content: '<p>Bring water</p>',
      excerpt: '',
      slug: `choir-${id}`,
      status: 'publish',
      password: '',
      start_local: '2027-03-02 19:00:00',
      end_local: '2027-03-02 21:00:00',
      timezone: 'America/New_York',
      all_day: 0,
      website: null,
      cost_raw: null,
      featured: 0,
      hide_from_listings: null,
      date_utc: '2027-01-01 10:00:00',
      modified_utc: '2027-01-02 10:00:00',
      uid: null,
      venue: null,
      organizers: [],
      categories: [],
      tags: [],
    },
    fields,
  );
}

const context = { calendarKey: 'default-abc', baseUrl: 'http://127.0.0.1:8940', stamp: '20270102T100000Z' };

/** A whole file: the series' VTIMEZONEs and VEVENTs. */
function file(series: SeriesExport): string {
  const zones = seriesZones(series)
    .map((zone) => vtimezone(zone.timezone, zone.from, zone.to))
    .join('');
  return `BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//tests//EN\r\n${zones}${seriesVevents(series, context)}END:VCALENDAR\r\n`;
}

/** The occurrences' starts as ical.js expands the file (exceptions applied), ISO with offset. */
function icalJsStarts(text: string): string[] {
  const calendar = new ICAL.Component(ICAL.parse(text) as unknown[]);
  for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(new ICAL.Timezone(zone));
  const events = calendar.getAllSubcomponents('vevent').map((e) => new ICAL.Event(e));
  const master = events.find((e) => !e.isRecurrenceException())!;
  for (const exception of events.filter((e) => e.isRecurrenceException())) master.relateException(exception);
  const starts: string[] = [];
  const iterator = master.iterator();
  for (let next = iterator.next(); next; next = iterator.next()) {
    const details = master.getOccurrenceDetails(next);
    starts.push(details.startDate.toJSDate().toISOString());
  }
  return starts;
}

const timed: SeriesExport = {
  series: {
    uid: 'choir@example.org',
    rule: 'FREQ=WEEKLY;UNTIL=20270330;BYDAY=TU',
    rdates: '2027-03-04',
    exdates: '2027-03-16',
    timezone: 'America/New_York',
    start_local: '2027-03-02 19:00:00',
    end_local: '2027-03-02 21:00:00',
    all_day: 0,
    horizon: '2028-11-26',
  },
  master: row(10),
  exceptions: [
    {
      date: '2027-03-23',
      row: row(13, { title: 'Choir (moved)', start_local: '2027-03-24 19:00:00', end_local: '2027-03-24 21:00:00' }),
    },
  ],
};

test('a timed series: UNTIL in UTC through its last local day, RDATE and EXDATE at its time, the exception by RECURRENCE-ID', () => {
  // The end of 30 March in New York (EDT, UTC−4) is 03:59:59 UTC on the 31st.
  assert.equal(rruleValue(timed.series), 'FREQ=WEEKLY;UNTIL=20270331T035959Z;BYDAY=TU');
  const text = file(timed);
  assert.match(text, /^RRULE:FREQ=WEEKLY;UNTIL=20270331T035959Z;BYDAY=TU\r$/m);
  assert.match(text, /^RDATE;TZID=America\/New_York:20270304T190000\r$/m);
  assert.match(text, /^EXDATE;TZID=America\/New_York:20270316T190000\r$/m);
  assert.match(text, /^RECURRENCE-ID;TZID=America\/New_York:20270323T190000\r$/m);
  assert.equal((text.match(/^UID:choir@example\.org\r$/gm) ?? []).length, 2);
  // 2, 4 (extra) and 9 in EST (UTC−5), then EDT from the 14th: 16 excluded, 23 moved to the 24th, 30.
  const expected = [
    '2027-03-03T00:00:00.000Z',
    '2027-03-05T00:00:00.000Z',
    '2027-03-10T00:00:00.000Z',
    '2027-03-24T23:00:00.000Z',
    '2027-03-30T23:00:00.000Z',
  ];
  assert.deepEqual(icalJsStarts(text).sort(), expected);

  // node-ical (rrule.js) reads the same rule, exclusions and exception.
  const parsed = Object.values(ical.sync.parseICS(text)).find((c) => c?.type === 'VEVENT') as unknown as {
    rrule: { between(a: Date, b: Date, inc: boolean): Date[] };
    exdate: Record<string, Date>;
    recurrences: Record<string, { summary: string; start: Date }>;
  };
  const ruled = parsed.rrule
    .between(new Date('2027-01-01'), new Date('2028-01-01'), true)
    .map((date) => date.toISOString());
  // The rule's dates at 19:00 New York time, across the DST change, UNTIL's last day included.
  assert.deepEqual(ruled, [
    '2027-03-03T00:00:00.000Z',
    '2027-03-10T00:00:00.000Z',
    '2027-03-16T23:00:00.000Z',
    '2027-03-23T23:00:00.000Z',
    '2027-03-30T23:00:00.000Z',
  ]);
  // (node-ical files each EXDATE under two keys: its date and its date-time.)
  assert.deepEqual(
    [...new Set(Object.values(parsed.exdate).map((date) => date.toISOString()))],
    ['2027-03-16T23:00:00.000Z'],
  );
  const [moved] = Object.values(parsed.recurrences);
  assert.equal(moved!.summary, 'Choir (moved)');
  assert.equal(moved!.start.toISOString(), '2027-03-24T23:00:00.000Z');
});

test('an all-day series: dates throughout, UNTIL a date, no VTIMEZONE for it', () => {
  const allDay: SeriesExport = {
    series: {
      ...timed.series,
      rule: 'FREQ=DAILY;UNTIL=20270305T045959Z',
      rdates: '',
      exdates: '2027-03-03',
      start_local: '2027-03-01 00:00:00',
      end_local: '2027-03-01 23:59:59',
      all_day: 1,
    },
    master: row(20, { all_day: 1, start_local: '2027-03-01 00:00:00', end_local: '2027-03-01 23:59:59' }),
    exceptions: [],
  };
  // A stored UTC UNTIL on an all-day series becomes its local date (RFC 5545: the same value type as DTSTART).
  assert.equal(rruleValue(allDay.series), 'FREQ=DAILY;UNTIL=20270304');
  assert.deepEqual(seriesZones(allDay), []);
  const text = file(allDay);
  assert.match(text, /^DTSTART;VALUE=DATE:20270301\r$/m);
  assert.match(text, /^EXDATE;VALUE=DATE:20270303\r$/m);
  const calendar = new ICAL.Component(ICAL.parse(text) as unknown[]);
  const event = new ICAL.Event(calendar.getFirstSubcomponent('vevent')!);
  const dates: string[] = [];
  const iterator = event.iterator();
  for (let next = iterator.next(); next; next = iterator.next()) dates.push(next.toString());
  assert.deepEqual(dates, ['2027-03-01', '2027-03-02', '2027-03-04']);
});

test('extra lines per VEVENT, hidden dates left out, zones for the series and each timed exception', () => {
  const withExtras = seriesVevents({ ...timed, hidden: ['2027-03-09'] }, context, {
    extraLines: (r) => `X-TEST:${r.id}\r\n`,
  });
  assert.match(withExtras, /^EXDATE;TZID=America\/New_York:20270309T190000,20270316T190000\r$/m);
  assert.deepEqual(
    [...withExtras.matchAll(/^X-TEST:(\d+)\r$/gm)].map((m) => m[1]),
    ['10', '13'],
  );
  const berlin = { ...timed.exceptions[0]!, row: { ...timed.exceptions[0]!.row, timezone: 'Europe/Berlin' } };
  assert.deepEqual(seriesZones({ ...timed, exceptions: [berlin] }), [
    { timezone: 'America/New_York', from: 2027, to: 2028 },
    { timezone: 'Europe/Berlin', from: 2027, to: 2027 },
  ]);
});
