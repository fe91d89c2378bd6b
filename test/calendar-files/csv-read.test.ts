import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';

import { CalendarFileError } from '../../server/calendar-files/imported-event.ts';
import { FIELDS, readCsv } from '../../server/calendar-files/csv/read-csv.ts';

const fixture = (name: string): string => readFileSync(new URL(`../fixtures/csv/${name}`, import.meta.url), 'utf8');
const SITE = 'Europe/Madrid';

function events(text: string, mapping?: Record<string, string>) {
  return readCsv(text, { kind: 'events', siteTimezone: SITE, mapping });
}

function fileError(fn: () => unknown): CalendarFileError {
  try {
    fn();
  } catch (error) {
    assert.ok(error instanceof CalendarFileError, `expected a CalendarFileError, got ${String(error)}`);
    return error;
  }
  assert.fail('expected the file to be refused');
}

test('a TEC-shaped file: exact headings, MM/DD/YYYY dates, 12-hour times', () => {
  const result = events(fixture('tec-events.csv'));
  assert.equal(result.delimiter, ',');
  assert.deepEqual(result.unmapped, []);
  assert.equal(result.mapping['Event Name'], 'event_name');
  assert.equal(result.mapping['All Day Event'], 'event_all_day');
  assert.equal(result.mapping['Event Timezone'], 'event_timezone');
  assert.equal(result.mapping['Hide from Event Listings'], 'event_hide');
  assert.equal(result.mapping['Allow Comments'], 'event_comment_status');
  assert.deepEqual(result.skipped, []);
  assert.deepEqual(result.warnings, []);
  assert.deepEqual(result.series, []);
  assert.equal(result.events.length, 4);

  const [jazz, market, board, yoga] = result.events;
  assert.match(jazz!.uid, /^csv:[0-9a-f]{40}$/);
  assert.deepEqual(
    { ...jazz, uid: '' },
    {
      uid: '',
      line: 2,
      title: 'Harbour Jazz Night',
      description: '<p>Three bands on the pier.</p>\r\n<p>Bring a chair, and a "warm" coat.</p>',
      excerpt: 'Jazz by the water',
      start: '2026-07-04 19:30:00',
      end: '2026-07-04 23:00:00',
      timezone: 'America/Chicago',
      allDay: false,
      website: 'https://example.org/jazz',
      cost: '15',
      venue: { name: 'Pier 39 Stage' },
      organizers: [{ name: 'Dana Ruiz' }, { name: 'Lee Park' }],
      categories: ['Music', 'Outdoor'],
      tags: ['jazz'],
      featured: true,
      hideFromListings: false,
    },
  );

  // The quoted description spans lines 2-3, so the next row starts on line 4.
  assert.equal(market!.line, 4);
  assert.equal(market!.allDay, true);
  assert.equal(market!.start, '2026-07-11 00:00:00');
  assert.equal(market!.end, '2026-07-12 23:59:59');
  assert.equal(market!.timezone, SITE, 'an empty timezone cell is the site zone');
  assert.deepEqual(market!.tags, ['food', 'local']);
  assert.equal(market!.featured, false);
  assert.equal(market!.website, '', 'a mapped column that is empty clears the field');

  // No end date but an end time: the start's day. "UTC-5" is the tz database's Etc/GMT+5.
  assert.equal(board!.line, 5);
  assert.equal(board!.start, '2026-07-15 09:00:00');
  assert.equal(board!.end, '2026-07-15 10:30:00');
  assert.equal(board!.timezone, 'Etc/GMT+5');
  assert.equal(board!.cost, 'Free', 'cost stays text');
  assert.equal(board!.venue, undefined);

  // Two-digit year, no end at all (TEC: end = start), a half-hour offset.
  assert.equal(yoga!.start, '2026-07-16 06:15:00');
  assert.equal(yoga!.end, '2026-07-16 06:15:00');
  assert.equal(yoga!.timezone, 'UTC+5:30');
});

test('the CSV uid is stable across re-imports, and a UID / Event ID column wins', () => {
  const text = 'Title,Start,Location\nConcert,2026-05-01 20:00,Hall\n';
  const first = events(text).events[0]!.uid;
  assert.equal(events(text).events[0]!.uid, first);
  assert.equal(events(text.replace('Concert', 'CONCERT').replace('Hall', 'hall')).events[0]!.uid, first, 'lower-cased');
  assert.notEqual(events(text.replace('20:00', '21:00')).events[0]!.uid, first);
  assert.notEqual(events(text.replace('Hall', 'Park')).events[0]!.uid, first);
  assert.equal(events('Event ID,Title,Start\n42,Concert,2026-05-01\n').events[0]!.uid, '42');
  assert.equal(events('UID,Title,Start\nabc@example.org,Concert,2026-05-01\n').events[0]!.uid, 'abc@example.org');
});

test('a semicolon file with a BOM, DD.MM.YYYY dates and its own headings, mapped by the caller', () => {
  const text = fixture('es-semicolon.csv');
  assert.equal(text.charCodeAt(0), 0xfeff);
  const refused = fileError(() => events(text));
  assert.equal(refused.code, 'unknown_columns');
  assert.equal(refused.line, 1);

  // The mapping a Spanish user picks in the preview (shared with csv-stream.test.ts).
  const mapping = JSON.parse(fixture('es-semicolon.mapping.json')) as Record<string, string>;
  const result = events(text, mapping);
  assert.equal(result.delimiter, ';');
  assert.equal(result.headings[0], 'Título', 'the BOM is not part of the first heading');
  assert.deepEqual(result.unmapped, ['Notas']);
  assert.equal(result.mapping.Notas, '');
  assert.deepEqual(result.skipped, []);
  assert.deepEqual(
    result.events.map((e) => [e.line, e.title, e.start, e.end, e.timezone, e.venue?.name, e.categories, e.cost]),
    [
      [
        2,
        'Concierto de primavera',
        '2026-03-21 20:00:00',
        '2026-03-21 22:30:00',
        SITE,
        'Teatro Real',
        ['Música', 'Clásica'],
        '0,00 €',
      ],
      [4, 'Feria del libro', '2026-05-28 10:00:00', '2026-06-14 21:00:00', SITE, 'Parque del Retiro', ['Libros'], ''],
      [5, 'Verbena', '2026-08-15 22:00:00', '2026-08-16 02:00:00', SITE, 'Plaza Mayor', [], ''],
    ],
  );
  assert.equal(result.events[0]!.description, 'Orquesta municipal;\r\nentrada libre');
});

test('quoted fields: commas, doubled quotes and line breaks, with the lines of later rows tracked', () => {
  const text = [
    'Event Name,Event Description,Event Start Date',
    '"Talk, with ""quotes""","line one',
    'line two',
    '',
    'line four",2026-02-01',
    '',
    ',orphan,2026-02-02',
    'Second,"a\r\nb",2026-02-03',
    'Third,,2026-02-04',
  ].join('\n');
  const result = events(text);
  assert.deepEqual(
    result.events.map((e) => [e.line, e.title, e.description]),
    [
      [2, 'Talk, with "quotes"', 'line one\nline two\n\nline four'],
      [8, 'Second', 'a\r\nb'],
      [10, 'Third', ''],
    ],
  );
  assert.deepEqual(
    result.skipped.map((s) => [s.line, s.code]),
    [[7, 'no_title']],
  );
});

test('bad rows are skipped with their line, a code, and the column named', () => {
  const text = [
    'Event Name,Event Start Date,Event Start Time,Event End Date,Event End Time,All Day Event',
    'Good,2026-03-01,10:00,2026-03-01,11:00,',
    ',2026-03-01,10:00,,,', // 3
    'No start,,10:00,,,', // 4
    'Bad date,2026-02-30,10:00,,,', // 5
    'Bad time,2026-03-01,25:00,,,', // 6
    'Backwards,2026-03-01,10:00,2026-03-01,09:00,', // 7
    'Backwards days,2026-03-05,10:00,2026-03-01,,', // 8
    'All day backwards,2026-03-05,,2026-03-04,,yes', // 9
    'Good,2026-03-01,10:00,2026-03-01,11:00,', // 10: the same as line 2
    'Bad end date,2026-03-01,10:00,someday,,', // 11
    'Same day no time,2026-03-01,10:00,2026-03-01,,', // 12: TEC's "no end"
  ].join('\r\n');
  const result = events(text);
  assert.deepEqual(
    result.skipped.map((s) => [s.line, s.code]),
    [
      [3, 'no_title'],
      [4, 'no_start'],
      [5, 'invalid_date'],
      [6, 'invalid_time'],
      [7, 'end_before_start'],
      [8, 'end_before_start'],
      [9, 'end_before_start'],
      [10, 'duplicate_uid'],
      [11, 'invalid_date'],
    ],
  );
  const reason = (line: number) => result.skipped.find((s) => s.line === line)!.reason;
  // The line is the note's own field; its reason does not repeat it (issue 31, defect 7).
  assert.match(reason(3), /^"Event Name" is empty/);
  for (const skip of result.skipped) assert.doesNotMatch(skip.reason, /^Line \d/);
  for (const warning of result.warnings) assert.doesNotMatch(warning.message, /^Line \d/);
  assert.match(reason(4), /"Event Start Date" is empty/);
  assert.match(reason(5), /"Event Start Date" is "2026-02-30"/);
  assert.match(reason(6), /"Event Start Time" is "25:00"/);
  assert.match(reason(7), /"Event End Time"/);
  assert.match(reason(8), /"Event End Date"/);
  assert.match(reason(10), /line 2/);
  assert.match(reason(11), /"Event End Date" is "someday"/);
  assert.equal(result.skipped.find((s) => s.line === 5)!.title, 'Bad date');
  assert.deepEqual(
    result.events.map((e) => [e.line, e.start, e.end]),
    [
      [2, '2026-03-01 10:00:00', '2026-03-01 11:00:00'],
      [12, '2026-03-01 10:00:00', '2026-03-01 10:00:00'],
    ],
  );
});

test('files that cannot be read: no recognisable columns, no header, empty, unclosed quote', () => {
  let error = fileError(() => events('Foo,Bar\n1,2\n'));
  assert.equal(error.code, 'unknown_columns');
  assert.equal(error.line, 1);
  assert.match(error.message, /"Event Name" and "Event Start Date"/);
  assert.match(error.message, /"Foo", "Bar"/);

  error = fileError(() => events('Concert,2026-01-01,20:00\nParty,2026-01-02,21:00\n'));
  assert.equal(error.code, 'unknown_columns', 'data where the header should be');

  error = fileError(() => events('Title,Description\nConcert,Loud\n'));
  assert.match(error.message, /"Event Start Date"/);
  assert.doesNotMatch(error.message, /"Event Name"/);

  for (const empty of ['', '\ufeff', '\r\n\r\n', ',,,\n']) {
    assert.equal(fileError(() => events(empty)).code, 'unknown_columns');
  }

  error = fileError(() => events('Title,Start\nA,2026-01-01\n\nB,"2026-01-02\nC,2026-01-03\n'));
  assert.equal(error.code, 'unclosed_quote');
  assert.equal(error.line, 4, 'the line where the broken record starts');
});

test('delimiters, line endings, blank lines and trailing empty columns', () => {
  const expected = [
    ['A', '2026-01-01 00:00:00'],
    ['B', '2026-01-02 00:00:00'],
  ];
  const read = (text: string) => events(text).events.map((e) => [e.title, e.start]);
  assert.deepEqual(read('Title\tStart\nA\t2026-01-01\nB\t2026-01-02\n'), expected);
  assert.equal(events('Title\tStart\nA\t2026-01-01\n').delimiter, '\t');
  assert.deepEqual(read('Title;Start\rA;2026-01-01\rB;2026-01-02'), expected, 'old Mac CR line endings');
  assert.deepEqual(read('sep=;\r\nTitle;Start\r\nA;2026-01-01\r\nB;2026-01-02\r\n'), expected, "Excel's sep= line");
  assert.equal(events('sep=;\r\nTitle;Start\r\nA;2026-01-01\r\n').events[0]!.line, 3);
  const quoted = events('"Title, quoted";Start\nA;2026-01-01\nB;2026-01-02\n', { 'Title, quoted': 'event_name' });
  assert.deepEqual(
    quoted.events.map((e) => [e.title, e.start]),
    expected,
    'commas in quotes do not count',
  );

  const padded = events('\n\nTitle,Start,,\r\n\r\nA,2026-01-01,,\n,,,\n   \nB,2026-01-02,,\n\n\n');
  assert.deepEqual(padded.headings, ['Title', 'Start']);
  assert.deepEqual(padded.unmapped, []);
  assert.deepEqual(
    padded.events.map((e) => [e.line, e.title]),
    [
      [5, 'A'],
      [8, 'B'],
    ],
  );
  assert.deepEqual(padded.warnings, []);

  const extra = events('Title,Start\nA,2026-01-01,surprise\n');
  assert.deepEqual(
    extra.warnings.map((w) => [w.line, w.code]),
    [[2, 'extra_values']],
  );
  // Short rows read the missing cells as empty.
  assert.equal(events('Title,Start,Cost\nA,2026-01-01\n').events[0]!.cost, '');
});

test('date and time spellings, in one column or two', () => {
  const start = (date: string, time = '') =>
    events(`Title,Start Date,Start Time\nA,"${date}",${time}\n`).events[0]?.start;
  assert.equal(start('2026-03-09'), '2026-03-09 00:00:00');
  assert.equal(start('2026/03/09', '14:05'), '2026-03-09 14:05:00');
  assert.equal(start('03/09/2026', '2:05 pm'), '2026-03-09 14:05:00', 'slashes are month first, as in TEC');
  assert.equal(start('09.03.2026', '14:05:30'), '2026-03-09 14:05:30');
  assert.equal(start('09-03-2026', '12:00 AM'), '2026-03-09 00:00:00', 'hyphens after a day are day first, as in TEC');
  assert.equal(start('2026-03-09 18:45'), '2026-03-09 18:45:00');
  assert.equal(start('2026-03-09T18:45:10'), '2026-03-09 18:45:10');
  assert.equal(start('03/09/2026 6:45 PM'), '2026-03-09 18:45:00');
  assert.equal(start('March 9, 2026', '6pm'), '2026-03-09 18:00:00');
  assert.equal(start('9 Mar 2026'), '2026-03-09 00:00:00');
  assert.equal(start('2026-03-09 18:45', '20:00'), '2026-03-09 20:00:00', 'a time column beats the time in the date');

  // An ISO value with its own offset is moved to the event's zone.
  const zoned = events('Title,Start,End,Timezone\nA,2026-01-10T17:00:00Z,2026-01-10T19:30:00+01:00,America/New_York\n');
  assert.equal(zoned.events[0]!.start, '2026-01-10 12:00:00');
  assert.equal(zoned.events[0]!.end, '2026-01-10 13:30:00');
});

test('a file whose slashed dates cannot be month first is read day first, with a warning', () => {
  const result = events('Title,Start\nA,25/12/2026\nB,05/01/2027\n');
  assert.deepEqual(
    result.events.map((e) => e.start),
    ['2026-12-25 00:00:00', '2027-01-05 00:00:00'],
  );
  assert.deepEqual(
    result.warnings.map((w) => [w.line, w.code]),
    [[1, 'day_first_dates']],
  );
  // Evidence both ways: month first stays, and the impossible date is reported on its row.
  const mixed = events('Title,Start\nA,25/12/2026\nB,12/25/2026\n');
  assert.deepEqual(
    mixed.skipped.map((s) => [s.line, s.code]),
    [[2, 'invalid_date']],
  );
});

test('timezone cells', () => {
  const zone = (cell: string) => {
    const result = events(`Title,Start,Timezone\nA,2026-01-01,"${cell}"\n`);
    return [result.events[0]!.timezone, result.warnings.map((w) => w.code)];
  };
  assert.deepEqual(zone('Europe/Berlin'), ['Europe/Berlin', []]);
  assert.deepEqual(zone('europe/berlin'), ['Europe/Berlin', []]);
  assert.deepEqual(zone('UTC'), ['UTC', []]);
  assert.deepEqual(zone('GMT'), ['UTC', []]);
  assert.deepEqual(zone('Etc/UTC'), ['UTC', []]);
  assert.deepEqual(zone('UTC+0'), ['UTC', []]);
  assert.deepEqual(zone('UTC+2'), ['Etc/GMT-2', []], 'POSIX sign: east of UTC is Etc/GMT-');
  assert.deepEqual(zone('UTC-5'), ['Etc/GMT+5', []]);
  assert.deepEqual(zone('GMT+10:00'), ['Etc/GMT-10', []]);
  assert.deepEqual(zone('UTC+14'), ['Etc/GMT-14', []]);
  assert.deepEqual(zone('UTC-5:30'), ['UTC-5:30', []]);
  assert.deepEqual(zone('UTC+5.5'), ['UTC+5:30', []], "WordPress's decimal spelling");
  assert.deepEqual(zone('+05:45'), ['UTC+5:45', []]);
  assert.deepEqual(zone('W. Europe Standard Time'), ['Europe/Berlin', []], 'a Windows name');
  assert.deepEqual(zone('Mars/Olympus'), [SITE, ['unknown_timezone']]);
  assert.deepEqual(zone('UTC+15'), [SITE, ['unknown_timezone']]);
  assert.deepEqual(zone(''), [SITE, []]);
});

test('automatic mapping: synonyms, exact names first, caller overrides', () => {
  const text =
    'Name,Title,Date,Time,End,Location,Category,Notes\nIgnored,Concert,2026-04-01,19:00,2026-04-01 21:00,Hall,Music,x\n';
  const auto = events(text);
  assert.deepEqual(auto.mapping, {
    Name: 'event_name',
    Title: '',
    Date: 'event_start_date',
    Time: 'event_start_time',
    End: 'event_end_date',
    Location: 'event_venue_name',
    Category: 'event_category',
    Notes: '',
  });
  assert.deepEqual(auto.unmapped, ['Title', 'Notes']);
  assert.equal(auto.events[0]!.title, 'Ignored');
  assert.equal(auto.events[0]!.end, '2026-04-01 21:00:00');

  // The exact TEC name wins over a synonym, wherever it stands.
  assert.equal(events('Title,Event Name,Start\nA,B,2026-01-01\n').mapping['Event Name'], 'event_name');

  const mapped = events(text, { Title: 'event_name', Notes: 'event_description', Category: '', Date: 'nonsense' });
  assert.equal(mapped.mapping.Name, '', "the caller's choice takes the field from the guessed column");
  assert.equal(mapped.mapping.Title, 'event_name');
  assert.equal(mapped.mapping.Category, '');
  assert.equal(mapped.mapping.Date, 'event_start_date', 'an unknown field leaves the guess');
  assert.deepEqual(
    mapped.warnings.map((w) => [w.line, w.code]),
    [[1, 'unknown_field']],
  );
  assert.deepEqual(mapped.unmapped, ['Name', 'Category']);
  assert.equal(mapped.events[0]!.title, 'Concert');
  assert.equal(mapped.events[0]!.description, 'x');
  assert.deepEqual(mapped.events[0]!.categories, []);

  // Case, spaces and punctuation do not matter; "Event Organizer Name(s) or ID(s)" is TEC's label.
  const loose = events('EVENT_NAME,event start-date, Event Organizer Name(s) or ID(s) \nA,2026-01-01,Bo\n');
  assert.deepEqual(loose.headings, ['EVENT_NAME', 'event start-date', 'Event Organizer Name(s) or ID(s)']);
  assert.deepEqual(loose.unmapped, []);
  assert.deepEqual(loose.events[0]!.organizers, [{ name: 'Bo' }]);
});

test('FIELDS lists every target field with an English label', () => {
  for (const kind of ['events', 'venues', 'organizers'] as const) {
    const ids = FIELDS[kind].map((f) => f.id);
    assert.equal(new Set(ids).size, ids.length, `${kind}: ids are unique`);
    for (const field of FIELDS[kind]) assert.match(field.label, /^[A-Z][\w /()'-]+$/);
  }
  assert.deepEqual(
    FIELDS.events.filter((f) => f.required).map((f) => f.label),
    ['Event Name', 'Event Start Date'],
  );
  assert.ok(FIELDS.events.find((f) => f.id === 'event_comment_status')?.ignored);
});

test('event cells: booleans, status, organizers with e-mails, venue address, post IDs, formula guard', () => {
  const text = [
    'Event Name,Event Start Date,All Day Event,Feature Event,Event Status,Event Organizer Name,Organizer Email,Event Venue Name,Venue Address,Venue City,Venue Country,Event Category',
    '\'=cmd,2026-01-01,TRUE,1,Draft,"Ann, Bob, Cy","ann@example.org, , cy@example.org",Hall,1 Main St,Springfield,US,"A, B, A"',
    'Two,2026-01-02,maybe,no,archived,42,,17,,,,',
  ].join('\n');
  const result = events(text);
  const [first, second] = result.events;
  assert.equal(first!.title, '=cmd', "the export's formula guard is undone");
  assert.equal(first!.allDay, true);
  assert.equal(first!.featured, true);
  assert.equal(first!.status, 'draft');
  assert.deepEqual(first!.organizers, [
    { name: 'Ann', email: 'ann@example.org' },
    { name: 'Bob' },
    { name: 'Cy', email: 'cy@example.org' },
  ]);
  assert.deepEqual(first!.venue, { name: 'Hall', address: '1 Main St', city: 'Springfield', country: 'US' });
  assert.deepEqual(first!.categories, ['A', 'B']);

  assert.equal(second!.allDay, false);
  assert.equal(second!.featured, false);
  assert.equal(second!.status, undefined);
  assert.deepEqual(second!.organizers, []);
  assert.equal(second!.venue, undefined);
  assert.deepEqual(
    result.warnings.map((w) => [w.line, w.code]),
    [
      [3, 'invalid_boolean'],
      [3, 'venue_id'],
      [3, 'organizer_id'],
      [3, 'unknown_status'],
    ],
  );
});

test('a venues file', () => {
  const result = readCsv(fixture('tec-venues.csv'), { kind: 'venues', siteTimezone: SITE });
  assert.equal(result.kind, 'venues');
  assert.deepEqual(result.unmapped, []);
  assert.deepEqual(result.venues, [
    {
      line: 2,
      name: 'Pier 39 Stage',
      description: '<p>Open-air stage.</p>',
      address: 'Beach Street Pier 39',
      city: 'San Francisco',
      state: 'CA',
      zip: '94133',
      country: 'United States',
      phone: '+1-415-555-0100',
      website: 'https://example.org/pier',
      latitude: 37.8087,
      longitude: -122.4098,
    },
    {
      line: 3,
      name: 'Town Square',
      description: '',
      address: '1 Main St',
      city: 'Springfield',
      state: 'IL',
      zip: '62701',
      country: 'United States',
      phone: '',
      website: '',
    },
    {
      line: 6,
      name: 'Beach Hut',
      description: '',
      address: '',
      city: 'Goa',
      state: '',
      zip: '',
      country: 'India',
      phone: '',
      website: '',
      longitude: 73.8,
    },
  ]);
  assert.deepEqual(
    result.skipped.map((s) => [s.line, s.code]),
    [
      [4, 'no_name'],
      [5, 'duplicate_name'],
    ],
  );
  assert.deepEqual(
    result.warnings.map((w) => [w.line, w.code]),
    [[6, 'invalid_coordinate']],
  );
  // Decimal commas, from a semicolon file.
  const comma = readCsv('Venue Name;Venue Latitude;Venue Longitude\nA;40,4168;-3,7038\n', {
    kind: 'venues',
    siteTimezone: SITE,
  });
  assert.deepEqual(comma.venues, [{ line: 2, name: 'A', latitude: 40.4168, longitude: -3.7038 }]);
  assert.equal(
    fileError(() => readCsv('Address\nx\n', { kind: 'venues', siteTimezone: SITE })).code,
    'unknown_columns',
  );
});

test('an organizers file', () => {
  const result = readCsv(fixture('tec-organizers.csv'), { kind: 'organizers', siteTimezone: SITE });
  assert.equal(result.kind, 'organizers');
  assert.deepEqual(result.organizers, [
    {
      line: 2,
      name: 'Dana Ruiz',
      email: 'dana@example.org',
      website: 'https://dana.example.org',
      phone: '(555) 010-2000',
    },
    { line: 3, name: 'Lee Park', email: '', website: '', phone: '' },
  ]);
  assert.deepEqual(
    result.skipped.map((s) => [s.line, s.code]),
    [[4, 'no_name']],
  );
  const plain = readCsv('Name,Email\nAnn,ann@example.org\n', { kind: 'organizers', siteTimezone: SITE });
  assert.deepEqual(plain.organizers, [{ line: 2, name: 'Ann', email: 'ann@example.org' }]);
});

// Issue 31, defect 3, in a spreadsheet: a website or an organizer e-mail the API would refuse
// costs the row only that value, with a warning.
test('defect 3: a bad website or organizer e-mail keeps the row without it', () => {
  const result = events(
    [
      'Event Name,Event Start Date,Event Website,Event Organizer Name,Organizer Email',
      'Meetup,2027-03-01,/c/machbar/calendar,"Árpád, Bea","arpad.toth@lisbon, bea@example.org"',
    ].join('\n'),
  );
  assert.deepEqual(result.skipped, []);
  const [meetup] = result.events;
  assert.equal(meetup?.website, undefined);
  assert.deepEqual(meetup?.organizers, [{ name: 'Árpád' }, { name: 'Bea', email: 'bea@example.org' }]);
  assert.deepEqual(
    result.warnings.map((w) => [w.line, w.code, w.params]),
    [
      [2, 'invalid_email', { value: 'arpad.toth@lisbon', name: 'Árpád' }],
      [2, 'invalid_url', { heading: 'Event Website', value: '/c/machbar/calendar' }],
    ],
  );
});
