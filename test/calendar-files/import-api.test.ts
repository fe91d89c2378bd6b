// Import over HTTP (almanac/v1/import): the preview writes nothing, the import writes all or
// nothing, a re-import updates in place, and a whole site survives export → import into a fresh
// site (titles, times and zones, all-day, venues, organizers, categories equal), as .ics and .csv.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createEvent, startServer, type TestServer } from '../support/server.ts';

let server: TestServer;
const IMPORT = 'almanac/v1/import';

/** A new empty site where the test users have the same roles. */
function newSite(code: string) {
  const site = server.store.sites.create({ code, title: `Copy ${code}`, timezone: 'America/New_York', language: 'en' });
  for (const [login, id] of Object.entries(server.userIds))
    server.store.users.setRole(site.id, id, login === 'author2' ? 'author' : (login as 'administrator'));
  return site;
}

async function upload(
  site: string,
  body: string,
  contentType: string,
  query: Record<string, string> = {},
  token = server.tokens.administrator,
) {
  return server.request('POST', `/${site === 'default' ? '' : `${site}/`}${IMPORT}`.replace('//', '/'), {
    raw: { body, contentType },
    query,
    token,
  });
}

/** What must survive a round trip, per event, in a stable order. */
async function calendarOf(site: string) {
  const prefix = site === 'default' ? '' : `/${site}`;
  const events: Record<string, unknown>[] = [];
  for (let page = 1; ; page++) {
    const response = await server.admin('GET', `${prefix}/svc/events/v1/events`, {
      query: { start_date: '2000-01-01', end_date: '2100-01-01', per_page: 50, page, status: 'publish' },
    });
    for (const e of response.body.events)
      events.push({
        title: e.title,
        start: e.start_date,
        end: e.end_date,
        timezone: e.timezone,
        all_day: e.all_day,
        venue: Array.isArray(e.venue) ? null : (e.venue?.venue ?? null),
        organizers: (e.organizer ?? []).map((o: { organizer: string; email?: string }) => o.organizer).sort(),
        categories: (e.categories ?? []).map((c: { name: string }) => c.name).sort(),
      });
    if (page >= Number(response.headers.get('x-tec-totalpages') ?? 1)) break;
  }
  return events.sort((a, b) => `${a.start}${a.title}`.localeCompare(`${b.start}${b.title}`));
}

before(async () => {
  server = await startServer({ timezone: 'America/New_York' });
  const venue = await server.admin('POST', 'venues', {
    json: { venue: 'Blue Hall', address: '1 Main St', city: 'Springfield', geo_lat: 40.1, geo_lng: -75.2 },
  });
  const ana = await server.admin('POST', 'organizers', { json: { organizer: 'Ana', email: 'ana@example.org' } });
  const bo = await server.admin('POST', 'organizers', { json: { organizer: 'Bo' } });
  await createEvent(server, {
    title: 'Jazz & wine, "live"',
    description: '<p>Line one<br />line two</p>',
    start_date: '2027-03-14 19:30',
    end_date: '2027-03-14 22:00',
    timezone: 'America/Los_Angeles',
    venue: venue.body.id,
    organizer: [ana.body.id, bo.body.id],
    categories: ['Music', 'Food; drink'],
  });
  await createEvent(server, {
    title: 'Harvest fair',
    start_date: '2027-09-10',
    end_date: '2027-09-12',
    all_day: true,
    categories: ['Fairs'],
  });
  await createEvent(server, {
    title: 'Night shift',
    start_date: '2027-10-31 01:30',
    end_date: '2027-10-31 03:30',
    timezone: 'Europe/Madrid',
    venue: venue.body.id,
  });
  await createEvent(server, {
    title: 'Call',
    start_date: '2027-01-05 15:00',
    end_date: '2027-01-05 15:30',
    timezone: 'UTC',
  });
});
after(() => server.close());

describe('almanac/v1/import', () => {
  test('round trip as .ics: export a site, preview, import into a fresh site, the calendars are equal', async () => {
    const exported = await server.admin('GET', '/almanac/v1/export', { query: { format: 'ics' } });
    newSite('ics-copy');
    const preview = await upload('ics-copy', exported.text, 'text/calendar', { dry_run: 'true' });
    assert.equal(preview.status, 200, preview.text);
    assert.equal(preview.body.dry_run, true);
    assert.equal(preview.body.created, 4);
    assert.equal(preview.body.updated, 0);
    assert.deepEqual(await calendarOf('ics-copy'), [], 'the preview wrote nothing');

    const imported = await upload('ics-copy', exported.text, 'text/calendar');
    assert.equal(imported.status, 200, imported.text);
    assert.equal(imported.body.created, 4);
    assert.deepEqual(await calendarOf('ics-copy'), await calendarOf('default'));

    // The same file again updates what it created: nothing doubles.
    const again = await upload('ics-copy', exported.text, 'text/calendar');
    assert.equal(again.body.created, 0);
    assert.equal(again.body.updated, 4);
    assert.equal((await calendarOf('ics-copy')).length, 4);
    // Venues are reused, not copied per event.
    const venues = await server.admin('GET', '/ics-copy/svc/events/v1/venues');
    assert.equal(venues.body.venues.length, 1);
  });

  test('round trip as .csv', async () => {
    const exported = await server.admin('GET', '/almanac/v1/export', { query: { format: 'csv' } });
    assert.equal(exported.status, 200);
    // fetch's text() drops a BOM: look at the bytes.
    const bytes = new Uint8Array(
      await (
        await fetch(`${server.url}/almanac/v1/export?format=csv`, {
          headers: { authorization: `Bearer ${server.tokens.administrator}` },
        })
      ).arrayBuffer(),
    );
    assert.deepEqual([...bytes.slice(0, 3)], [0xef, 0xbb, 0xbf], 'UTF-8 BOM for Excel');
    newSite('csv-copy');
    const imported = await upload('csv-copy', exported.text, 'text/csv');
    assert.equal(imported.status, 200, imported.text);
    assert.equal(imported.body.created, 4);
    const strip = (events: Record<string, unknown>[]) => events.map(({ organizers: _o, ...rest }) => rest);
    assert.deepEqual(strip(await calendarOf('csv-copy')), strip(await calendarOf('default')));
  });

  test('importing a calendar into itself updates its own events', async () => {
    const exported = await server.admin('GET', '/almanac/v1/export', { query: { format: 'ics' } });
    const preview = await upload('default', exported.text, 'text/calendar', { dry_run: 'true' });
    assert.equal(preview.body.created, 0);
    assert.equal(preview.body.updated, 4);
  });

  test('defect 6: a file with one broken event imports the rest and says which line it skipped', async () => {
    newSite('bad');
    const broken =
      'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\nUID:a\r\nSUMMARY:Fine\r\nDTSTART:20270101T100000Z\r\nEND:VEVENT\r\nBEGIN:VEVENT\r\nUID:b\r\nSUMMARY:Broken\r\nDTSTART:2027-13-45\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n';
    const response = await upload('bad', broken, 'text/calendar');
    assert.equal(response.status, 200, response.text);
    assert.equal(response.body.created, 1);
    assert.deepEqual(
      response.body.skipped_items.map((s: { line: number; code: string; title: string; reason: string }) => [
        s.line,
        s.code,
        s.title,
        s.reason,
      ]),
      [[11, 'invalid_date', 'Broken', 'DTSTART value "2027-13-45" is not a valid date.']],
    );
    assert.deepEqual(
      (await calendarOf('bad')).map((e) => e.title),
      ['Fine'],
    );
  });

  test('defect 7: a file that is not iCalendar is a 400 that says its line once; nothing is written', async () => {
    newSite('not-ical');
    const notCalendar = await upload('not-ical', 'hello', 'text/calendar');
    assert.equal(notCalendar.status, 400);
    assert.equal(notCalendar.body.code, 'almanac_invalid_file');
    assert.equal(
      notCalendar.body.message,
      'Line 1: The file does not start with BEGIN:VCALENDAR, so it is not an iCalendar (.ics) file.',
    );
    assert.equal(notCalendar.body.data.line, 1);
    const csv = await upload('not-ical', 'Event Name,Event Start Date\n"unclosed,2027-01-01\n', 'text/csv');
    assert.equal(csv.status, 400);
    assert.equal(csv.body.message, 'Line 2: A quoted value is never closed.');
    assert.deepEqual(await calendarOf('not-ical'), []);
  });

  // Issue 31, defect 3: a bad optional property (a relative URL as Discourse writes, an ORGANIZER
  // e-mail without a top-level domain as an Exchange export had) skipped the whole event as invalid.
  test('defect 3: a relative URL or an e-mail without domain keeps the event, without that value, with a warning', async () => {
    newSite('optional');
    const file = [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'BEGIN:VEVENT',
      'UID:discourse-1',
      'SUMMARY:Machbar meetup',
      'DTSTART:20270301T180000Z',
      'URL:/c/machbar/calendar',
      'ORGANIZER;CN=Árpád Tóth:mailto:arpad.toth@lisbon',
      'END:VEVENT',
      'END:VCALENDAR',
      '',
    ].join('\r\n');
    const response = await upload('optional', file, 'text/calendar');
    assert.equal(response.status, 200, response.text);
    assert.equal(response.body.created, 1);
    assert.equal(response.body.skipped, 0);
    assert.deepEqual(
      response.body.warnings.map((w: { line: number; code: string; params: unknown }) => [w.line, w.code, w.params]),
      [
        [3, 'invalid_email', { value: 'arpad.toth@lisbon', name: 'Árpád Tóth' }],
        [3, 'invalid_url', { heading: 'URL', value: '/c/machbar/calendar' }],
      ],
    );
    const [event] = (
      await server.admin('GET', '/optional/svc/events/v1/events', { query: { start_date: '2027-01-01' } })
    ).body.events;
    assert.equal(event.title, 'Machbar meetup');
    assert.equal(event.website, '');
    assert.equal(event.organizer[0].organizer, 'Árpád Tóth');
    assert.ok(!event.organizer[0].email, 'no e-mail stored');
  });

  test('cancelled events and events the API would refuse are skipped with their reason', async () => {
    newSite('skips');
    const text = readFileSync('test/fixtures/ics/thunderbird.ics', 'utf8');
    const response = await upload('skips', text, 'text/calendar', { dry_run: 'true' });
    assert.equal(response.status, 200, response.text);
    const codes = response.body.skipped_items.map((s: { code: string }) => s.code);
    assert.ok(codes.includes('cancelled'), JSON.stringify(response.body.skipped_items));
    assert.ok(
      response.body.skipped_items.every((s: { reason: string; line: number }) => s.reason !== '' && s.line > 0),
    );
  });

  test('skips and warnings carry what their message names (params), for a client that words them itself', async () => {
    newSite('notes');
    const csv = [
      'Event Name,Event Start Date,Event Start Time,Event Time Zone,Feature Event',
      'Good one,2027-03-01,10:00,Europe/Madrid,yes',
      'Bad date,2027-13-45,10:00,,',
      'Odd zone,2027-03-02,10:00,Mars/Olympus,maybe',
    ].join('\n');
    const response = await upload('notes', csv, 'text/csv', { dry_run: 'true' });
    assert.equal(response.status, 200, response.text);
    const skip = response.body.skipped_items.find((s: { code: string }) => s.code === 'invalid_date');
    assert.deepEqual(skip.params, { heading: 'Event Start Date', value: '2027-13-45' });
    const warnings = Object.fromEntries(
      response.body.warnings.map((w: { code: string; params: unknown }) => [w.code, w.params]),
    );
    assert.deepEqual(warnings.unknown_timezone, { value: 'Mars/Olympus', zone: 'America/New_York', how: 'read_in' });
    assert.deepEqual(warnings.invalid_boolean, { heading: 'Feature Event', value: 'maybe' });

    const ics = readFileSync('test/fixtures/ics/thunderbird.ics', 'utf8');
    const fromIcs = await upload('notes', ics, 'text/calendar', { dry_run: 'true' });
    const cancelled = fromIcs.body.skipped_items.find((s: { code: string }) => s.code === 'cancelled');
    assert.ok(['event', 'series', 'occurrence'].includes(cancelled.params.of), JSON.stringify(cancelled));
  });

  test('a spreadsheet of venues: created, then updated by name on a second import', async () => {
    newSite('venues-csv');
    const text = readFileSync('test/fixtures/csv/tec-venues.csv', 'utf8');
    const first = await upload('venues-csv', text, 'text/csv', { kind: 'venues' });
    assert.equal(first.status, 200, first.text);
    assert.equal(first.body.kind, 'venues');
    assert.ok(first.body.created > 0);
    assert.equal(first.body.updated, 0);
    const venues = await server.admin('GET', '/venues-csv/svc/events/v1/venues', { query: { per_page: 50 } });
    assert.equal(venues.body.venues.length, first.body.created);
    const pier = venues.body.venues.find((v: { venue: string }) => v.venue === 'Pier 39 Stage');
    assert.deepEqual([pier.city, pier.zip, pier.geo_lat], ['San Francisco', '94133', 37.8087]);
    const again = await upload('venues-csv', text, 'text/csv', { kind: 'venues' });
    assert.deepEqual([again.body.created, again.body.updated], [0, first.body.created]);
    const after = await server.admin('GET', '/venues-csv/svc/events/v1/venues', { query: { per_page: 50 } });
    assert.equal(after.body.venues.length, first.body.created, 'nothing doubled');
  });

  test('a spreadsheet with its own headings: 400 with its columns, then imported with a mapping', async () => {
    newSite('mapped');
    const text = readFileSync('test/fixtures/csv/es-semicolon.csv', 'utf8');
    const refused = await upload('mapped', text, 'text/csv', { dry_run: 'true' });
    assert.equal(refused.status, 400);
    assert.equal(refused.body.code, 'almanac_invalid_file');
    const columns = refused.body.data.columns;
    assert.ok(columns.headings.includes('Título'), JSON.stringify(columns));
    assert.ok(columns.fields.some((f: { id: string; required: boolean }) => f.id === 'event_name' && f.required));
    const mapping = {
      Título: 'event_name',
      'Fecha inicio': 'event_start_date',
      'Hora inicio': 'event_start_time',
      'Fecha fin': 'event_end_date',
      'Hora fin': 'event_end_time',
    };
    const preview = await upload('mapped', text, 'text/csv', { dry_run: 'true', mapping: JSON.stringify(mapping) });
    assert.equal(preview.status, 200, preview.text);
    assert.ok(preview.body.created > 0);
    assert.equal(preview.body.columns.mapping['Título'], 'event_name');
    const badMapping = await upload('mapped', text, 'text/csv', { mapping: '[1,2]' });
    assert.equal(badMapping.status, 400);
    assert.ok(badMapping.body.data.params.mapping);
  });

  test('only editors and administrators may import; no body is a 400', async () => {
    const author = await upload(
      'default',
      'BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n',
      'text/calendar',
      {},
      server.tokens.author,
    );
    assert.equal(author.status, 403);
    const anonymous = await server.request('POST', `/${IMPORT}`, { raw: { body: 'x', contentType: 'text/calendar' } });
    assert.equal(anonymous.status, 401);
    const noFile = await server.admin('POST', `/${IMPORT}`, { json: {} });
    assert.equal(noFile.status, 400);
    assert.equal(noFile.body.code, 'almanac_no_file');
  });
});
