// Issue 36: a calendar app's LOCATION came back reworded. python3-caldav PUT
// "Kulturbrauerei, Schönhauser Allee 36, 10435 Berlin, Germany" and read back "…, Berlin, 10435,
// Germany": Almanac made a venue of it (street, ZIP, city, country) and wrote LOCATION from the
// venue's fields. What a client writes reads back as written, while the venue is still found and
// linked — through CalDAV, and the same for a calendar file's import and export. Once the venue
// itself changes, LOCATION is the venue's again.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, type TestServer } from '../support/server.ts';
import { clientStep, missingClients, type DavTarget } from './support.ts';

const skip = await missingClients();

let server: TestServer;
before(async () => {
  server = await startServer({ timezone: 'America/Montevideo' });
});
after(() => server?.close());

const LOCATIONS = [
  'Kulturbrauerei, Schönhauser Allee 36, 10435 Berlin, Germany',
  'Centro Cultural Latino, Av. Ámsterdam, 1512',
  'Sala 2 – Teatro Solís,  Buenos Aires s/n, 11000 Montevideo, Uruguay',
  'Deventer Schouwburg, Netherlands',
];

const target = (): DavTarget => ({
  name: 'Almanac',
  url: `${server.url}/.well-known/caldav`,
  user: 'editor',
  password: server.tokens.editor,
  calendar: 'default',
});

/** The event a client's UID became, as the REST API shows it. */
async function eventOf(uid: string) {
  const id = server.store.importUids.postOf(server.store.sites.byCode('default')!.id, uid);
  assert.ok(id, `no event for ${uid}`);
  const response = await server.admin('GET', `events/${id}`);
  assert.equal(response.status, 200, response.text);
  return response.body;
}

describe('python3-caldav: LOCATION reads back as written', { skip }, () => {
  test('each LOCATION comes back as the client wrote it, and the event is linked to its venue', async () => {
    for (const [index, location] of LOCATIONS.entries()) {
      const uid = `location-${index}-${Date.now()}@tests`;
      await clientStep(target(), 'create', uid, `Show ${index}`, '20270320T220000Z', '20270320T233000Z', location);
      const read = await clientStep<{ location: string }>(target(), 'read', uid);
      assert.equal(read.location, location);
      const event = await eventOf(uid);
      assert.equal(event.venue.venue, location.split(',')[0]!.trim(), location);
    }
    // The venue still holds its parts: found and linked, not a copy of the text.
    const kulturbrauerei = await eventOf(
      (
        server.store.db
          .prepare("SELECT uid FROM import_uids WHERE uid LIKE 'location-0-%' ORDER BY post_id DESC LIMIT 1")
          .get() as { uid: string }
      ).uid,
    );
    assert.deepEqual(
      [kulturbrauerei.venue.address, kulturbrauerei.venue.zip, kulturbrauerei.venue.city, kulturbrauerei.venue.country],
      ['Schönhauser Allee 36', '10435', 'Berlin', 'Germany'],
    );
  });

  test('an update that keeps LOCATION keeps the venue; once the venue changes, LOCATION is the venue’s', async () => {
    const uid = `location-update-${Date.now()}@tests`;
    const location = LOCATIONS[0]!;
    await clientStep(target(), 'create', uid, 'Concert', '20270410T220000Z', '20270410T233000Z', location);
    const first = await clientStep<{ url: string; etag: string }>(target(), 'read', uid);
    const venueId = (await eventOf(uid)).venue.id;
    // The client changes the title only (its put-if-match step writes no LOCATION: a removed one).
    // Through the REST API instead: the title changes, LOCATION stays as written.
    const event = await eventOf(uid);
    const retitled = await server.admin('POST', `events/${event.id}`, { json: { title: 'Concert (sold out)' } });
    assert.equal(retitled.status, 200, retitled.text);
    const second = await clientStep<{ location: string; etag: string }>(target(), 'read', uid);
    assert.equal(second.location, location);
    assert.notEqual(second.etag, first.etag);
    assert.equal((await eventOf(uid)).venue.id, venueId);
    // The venue moves: the event shows where it is now.
    const moved = await server.admin('POST', `venues/${venueId}`, { json: { address: 'Knaackstraße 97' } });
    assert.equal(moved.status, 200, moved.text);
    const third = await clientStep<{ location: string }>(target(), 'read', uid);
    assert.equal(third.location, 'Kulturbrauerei, Knaackstraße 97, Berlin, 10435, Germany');
  });
});

describe('a calendar file: LOCATION survives import → export', () => {
  test('the export writes each LOCATION as the file wrote it, the venues matched as before', async () => {
    const site = server.store.sites.create({
      code: 'loc-file',
      title: 'Files',
      timezone: 'Europe/Berlin',
      language: 'en',
    });
    for (const [login, id] of Object.entries(server.userIds))
      server.store.users.setRole(site.id, id, login === 'author2' ? 'author' : (login as 'administrator'));
    const escape = (text: string) => text.replace(/[\\;,]/g, (c) => `\\${c}`);
    const file = [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//Test//EN',
      ...LOCATIONS.flatMap((location, index) => [
        'BEGIN:VEVENT',
        `UID:file-${index}@tests`,
        `SUMMARY:Event ${index}`,
        `DTSTART;TZID=Europe/Berlin:2027050${index + 1}T190000`,
        `DTEND;TZID=Europe/Berlin:2027050${index + 1}T210000`,
        `LOCATION:${escape(location)}`,
        'END:VEVENT',
      ]),
      // The same hall written the venue's way: linked to the same venue.
      'BEGIN:VEVENT',
      'UID:file-again@tests',
      'SUMMARY:Again',
      'DTSTART;TZID=Europe/Berlin:20270520T190000',
      `LOCATION:${escape('kulturbrauerei, Schönhauser Allee 36, 10435 Berlin, Germany')}`,
      'END:VEVENT',
      // A weekly series: each occurrence keeps the text.
      'BEGIN:VEVENT',
      'UID:file-series@tests',
      'SUMMARY:Weekly',
      'DTSTART;TZID=Europe/Berlin:20270601T190000',
      'DTEND;TZID=Europe/Berlin:20270601T200000',
      'RRULE:FREQ=WEEKLY;COUNT=4',
      `LOCATION:${escape(LOCATIONS[1]!)}`,
      'END:VEVENT',
      'END:VCALENDAR',
      '',
    ].join('\r\n');
    const imported = await server.request('POST', '/loc-file/almanac/v1/import', {
      raw: { body: file, contentType: 'text/calendar' },
      token: server.tokens.administrator,
    });
    assert.equal(imported.status, 200, imported.text);
    assert.equal(imported.body.related.venues.created, LOCATIONS.length);
    const exported = await server.request('GET', '/loc-file/almanac/v1/export', {
      query: { format: 'ics' },
      token: server.tokens.administrator,
    });
    assert.equal(exported.status, 200, exported.text);
    const unfolded = exported.text.replace(/\r\n[ \t]/g, '');
    const locations = [...unfolded.matchAll(/^LOCATION:(.*)$/gm)].map((m) =>
      m[1]!.replace(/\r$/, '').replace(/\\([\\;,])/g, '$1'),
    );
    for (const location of LOCATIONS)
      assert.ok(locations.includes(location), `${location} in ${locations.join(' | ')}`);
    assert.ok(locations.includes('kulturbrauerei, Schönhauser Allee 36, 10435 Berlin, Germany'));
  });
});
