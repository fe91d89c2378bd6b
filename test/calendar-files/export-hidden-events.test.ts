// Events hidden from listings in the organizer's export (issue 36's walk: the Events list shows
// them, marked; "Export → the calendar" left them out without a word). An export holds the events
// the caller may edit, hidden ones too; the CSV says which are hidden (TEC's column, read back
// here and by TEC's importer); a subscriber's export and the public feeds keep /events' rule.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createEvent, startServer, type TestServer } from '../support/server.ts';

let server: TestServer;

before(async () => {
  server = await startServer({ timezone: 'Europe/Berlin' });
  await createEvent(server, { title: 'Open rehearsal', start_date: '2027-05-03 18:00', end_date: '2027-05-03 20:00' });
  await createEvent(server, {
    title: 'Sponsors dinner',
    start_date: '2027-05-04 19:00',
    end_date: '2027-05-04 22:00',
    hide_from_listings: true,
  });
});
after(() => server.close());

test('an editor exports the events hidden from listings too, as .ics and .csv', async () => {
  const ics = await server.admin('GET', '/almanac/v1/export', { query: { format: 'ics' } });
  assert.equal(ics.status, 200);
  assert.match(ics.text, /SUMMARY:Sponsors dinner/);
  assert.match(ics.text, /SUMMARY:Open rehearsal/);
  const csv = await server.admin('GET', '/almanac/v1/export', { query: { format: 'csv' } });
  const lines = csv.text
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n');
  const headings = lines[0]!.split(',');
  const hide = headings.indexOf('Event Hide');
  assert.ok(hide >= 0, 'a column says which events are hidden');
  const dinner = lines.find((line) => line.startsWith('Sponsors dinner'))!.split(',');
  const rehearsal = lines.find((line) => line.startsWith('Open rehearsal'))!.split(',');
  assert.equal(dinner[hide], 'TRUE');
  assert.equal(rehearsal[hide], 'FALSE');
});

test('a CSV round trip keeps an event hidden from listings', async () => {
  const csv = await server.admin('GET', '/almanac/v1/export', { query: { format: 'csv' } });
  const site = server.store.sites.create({ code: 'copy', title: 'Copy', timezone: 'Europe/Berlin', language: 'en' });
  server.store.users.setRole(site.id, server.userIds.administrator!, 'administrator');
  const imported = await server.request('POST', '/copy/almanac/v1/import', {
    raw: { body: csv.text, contentType: 'text/csv' },
    token: server.tokens.administrator,
  });
  assert.equal(imported.status, 200, imported.text);
  assert.equal(imported.body.created, 2);
  // svc/events/v1 lists leave hidden events out (the contract): only the rehearsal is listed.
  const listed = await server.admin('GET', '/copy/svc/events/v1/events', { query: { start_date: '2027-05-01' } });
  assert.deepEqual(
    listed.body.events.map((e: { title: string }) => e.title),
    ['Open rehearsal'],
  );
});

test("a subscriber's export keeps the public rule: no hidden events", async () => {
  const ics = await server.request('GET', '/almanac/v1/export', {
    query: { format: 'ics' },
    token: server.tokens.subscriber,
  });
  assert.equal(ics.status, 200);
  assert.match(ics.text, /SUMMARY:Open rehearsal/);
  assert.doesNotMatch(ics.text, /Sponsors dinner/);
});
