import { test } from 'node:test';
import assert from 'node:assert/strict';

import type { ExportableEvent } from '../../server/calendar-files/csv/write-csv.ts';
import {
  CSV_BOM,
  csvRow,
  EVENT_EXPORT_HEADINGS,
  eventCsvRecord,
  eventsCsv,
} from '../../server/calendar-files/csv/write-csv.ts';
import { readCsv } from '../../server/calendar-files/csv/read-csv.ts';

test('csvRow: RFC 4180 quoting, CRLF, plain values left bare', () => {
  assert.equal(csvRow(['a', 'b c', '']), 'a,b c,\r\n');
  assert.equal(csvRow(['x,y', 'say "hi"', 'two\nlines', 'cr\rlf']), '"x,y","say ""hi""","two\nlines","cr\rlf"\r\n');
  assert.equal(csvRow([' lead', 'trail ', '\tx']), '" lead","trail ","\'\tx"\r\n');
  assert.equal(csvRow([1.5, 0, true, false, null, undefined, Number.NaN]), '1.5,0,TRUE,FALSE,,,\r\n');
  assert.equal(CSV_BOM, '\ufeff');
});

test('csvRow: text that a spreadsheet would run as a formula is prefixed with an apostrophe', () => {
  assert.equal(csvRow(['=HYPERLINK("http://evil","x")']), '"\'=HYPERLINK(""http://evil"",""x"")"\r\n');
  assert.equal(csvRow(['+1 555', '-2', '@SUM(A1)']), '"\'+1 555","\'-2","\'@SUM(A1)"\r\n');
  assert.equal(csvRow([-2]), '-2\r\n', 'a number is no formula');
  assert.equal(csvRow(['a=b', 'x-y']), 'a=b,x-y\r\n', 'only a leading sign counts');
});

test("the export headings are TEC's, spelled so TEC's screen pre-selects them, and all read back here", () => {
  // aggregator-fields.js: heading → lower case, spaces → '_', drop the rest; selected when it is a field id.
  const tecSlug = (heading: string) =>
    heading
      .toLowerCase()
      .trim()
      .replace(/\s/g, '_')
      .replace(/[^a-z0-9_]/g, '');
  const tecIds = new Set([
    'event_name',
    'event_description',
    'event_excerpt',
    'event_start_date',
    'event_start_time',
    'event_end_date',
    'event_end_time',
    'event_timezone',
    'event_all_day',
    'event_venue_name',
    'event_organizer_name',
    'event_cost',
    'event_category',
    'event_tags',
    'event_website',
    'feature_event',
  ]);
  const preselected = EVENT_EXPORT_HEADINGS.map(tecSlug).filter((slug) => tecIds.has(slug));
  assert.deepEqual(new Set(preselected), tecIds);

  const read = readCsv(eventsCsv([]), { kind: 'events', siteTimezone: 'UTC' });
  assert.deepEqual(read.headings, EVENT_EXPORT_HEADINGS);
  assert.deepEqual(read.unmapped, ['Event Permalink']);
  for (const heading of EVENT_EXPORT_HEADINGS) {
    if (tecIds.has(tecSlug(heading))) assert.equal(read.mapping[heading], tecSlug(heading), heading);
  }
});

const base: ExportableEvent = {
  id: 7,
  title: 'Plain',
  description: '',
  excerpt: '',
  startLocal: '2026-06-01 09:00:00',
  endLocal: '2026-06-01 10:30:00',
  timezone: 'Europe/Berlin',
  allDay: false,
  organizers: [],
  categories: [],
  tags: [],
  cost: '',
  website: '',
  featured: false,
  hidden: false,
  status: 'publish',
  url: 'http://127.0.0.1/event/plain/',
};

test('eventCsvRecord: ISO dates, 24-hour times, all-day without times', () => {
  const record = eventCsvRecord(base);
  assert.equal(record.length, EVENT_EXPORT_HEADINGS.length);
  const cell = (r: string[], heading: string) => r[EVENT_EXPORT_HEADINGS.indexOf(heading)];
  assert.equal(cell(record, 'Event Start Date'), '2026-06-01');
  assert.equal(cell(record, 'Event Start Time'), '09:00');
  assert.equal(cell(record, 'Event End Time'), '10:30');
  assert.equal(cell(record, 'Event All Day'), 'FALSE');
  assert.equal(cell(record, 'Event ID'), '7');
  assert.equal(cell(eventCsvRecord({ ...base, startLocal: '2026-06-01 09:00:15' }), 'Event Start Time'), '09:00:15');

  const allDay = eventCsvRecord({
    ...base,
    allDay: true,
    startLocal: '2026-06-01 00:00:00',
    endLocal: '2026-06-03 23:59:59',
  });
  assert.deepEqual(
    ['Event Start Date', 'Event Start Time', 'Event End Date', 'Event End Time', 'Event All Day'].map((h) =>
      cell(allDay, h),
    ),
    ['2026-06-01', '', '2026-06-03', '', 'TRUE'],
  );
});

test('round trip: what write-csv writes, read-csv reads back as the same events', () => {
  const exported: ExportableEvent[] = [
    {
      ...base,
      id: 101,
      title: 'Bach, Händel & "friends"\nan evening',
      description: '<p>First, "quoted"</p>\r\n<p>Second; line</p>',
      excerpt: ' padded excerpt ',
      venue: {
        name: 'Hall, East',
        address: '1 Main St',
        city: 'Springfield',
        state: 'IL',
        zip: '62701',
        country: 'US',
      },
      organizers: [
        { name: 'Ann', email: 'ann@example.org' },
        { name: 'Bob', email: '' },
      ],
      categories: ['Music', 'Classical'],
      tags: ['baroque'],
      cost: '10 – 20',
      website: 'https://example.org/bach',
      featured: true,
      hidden: true,
    },
    {
      ...base,
      id: 102,
      title: '=1+2',
      startLocal: '2026-06-05 00:00:00',
      endLocal: '2026-06-07 23:59:59',
      allDay: true,
      timezone: 'Etc/GMT-2',
      status: 'draft',
    },
    {
      ...base,
      id: 103,
      title: '-5 °C night walk',
      timezone: 'UTC+5:30',
      startLocal: '2026-12-31 23:00:00',
      endLocal: '2027-01-01 01:15:00',
    },
    { ...base, id: 104, title: '@home', timezone: 'UTC' },
  ];
  const text = eventsCsv(exported);
  assert.ok(text.startsWith(CSV_BOM));
  assert.ok(text.endsWith('\r\n'));

  const read = readCsv(text, { kind: 'events', siteTimezone: 'America/New_York' });
  assert.deepEqual(read.skipped, []);
  assert.deepEqual(read.warnings, []);
  assert.deepEqual(
    read.events.map((e) => {
      const { line: _line, ...rest } = e;
      return rest;
    }),
    exported.map((e) => {
      const event: Record<string, unknown> = {
        uid: String(e.id),
        title: e.title,
        description: e.description,
        excerpt: e.excerpt,
        start: e.startLocal,
        end: e.endLocal,
        timezone: e.timezone,
        allDay: e.allDay,
        website: e.website,
        cost: e.cost,
        organizers: e.organizers.map((o) => (o.email ? o : { name: o.name })),
        categories: e.categories,
        tags: e.tags,
        status: e.status,
        featured: e.featured,
        hideFromListings: e.hidden,
      };
      if (e.venue) event.venue = e.venue;
      return event;
    }),
  );
  // The first record's title holds a line break: the next record starts a line later.
  assert.deepEqual(
    read.events.map((e) => e.line),
    [2, 5, 6, 7],
  );
});
