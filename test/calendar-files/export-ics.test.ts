// Export over HTTP: almanac/v1/export, {base}/events/?ical=1 and {base}/event/{slug}/ical/. The
// files are checked line by line against RFC 5545's rules and parsed by an independent parser
// (node-ical), and the subscription's visibility, Basic challenge and ETag are pinned.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import ical from 'node-ical';
import ICAL from 'ical.js';
import { createEvent, startServer, type TestServer } from '../support/server.ts';

let server: TestServer;
const EXPORT = '/almanac/v1/export';

before(async () => {
  server = await startServer({ timezone: 'America/New_York' });
  const venue = await server.admin('POST', 'venues', {
    json: {
      venue: 'Teatro Real',
      address: 'Plaza de Isabel II',
      city: 'Madrid',
      country: 'Spain',
      geo_lat: 40.418,
      geo_lng: -3.711,
    },
  });
  const organizer = await server.admin('POST', 'organizers', {
    json: { organizer: 'Ana Pérez', email: 'ana@example.org' },
  });
  await createEvent(server, {
    title: 'Opera night; Tosca, act 1',
    description:
      '<p>Doors open at 19:00.<br />Dress code: smart.</p><p>Second paragraph with a long line that is certainly going to be folded because it is longer than seventy-five octets — ñandú included.</p>',
    start_date: '2027-03-27 20:00',
    end_date: '2027-03-27 23:00',
    timezone: 'Europe/Madrid',
    venue: venue.body.id,
    organizer: [organizer.body.id],
    categories: ['Music', 'Arts, Crafts'],
  });
  await createEvent(server, { title: 'Book fair', start_date: '2027-04-10', end_date: '2027-04-12', all_day: true });
  await createEvent(server, {
    title: 'Server maintenance',
    start_date: '2027-05-01 02:00',
    end_date: '2027-05-01 03:00',
    timezone: 'UTC',
  });
  await createEvent(server, {
    title: 'Secret draft',
    start_date: '2027-05-02 10:00',
    end_date: '2027-05-02 11:00',
    status: 'draft',
  });
});
after(() => server.close());

function assertRfc5545Lines(text: string) {
  assert.ok(text.startsWith('BEGIN:VCALENDAR\r\n'));
  assert.ok(text.endsWith('END:VCALENDAR\r\n'));
  assert.doesNotMatch(text.replace(/\r\n/g, ''), /[\r\n]/, 'every line ends with CRLF');
  for (const line of text.split('\r\n')) assert.ok(Buffer.byteLength(line) <= 75, `folded at 75 octets: ${line}`);
}

/** What these tests read of node-ical's events (its own types make every property optional). */
interface ParsedEvent {
  uid: string;
  summary: string;
  description: string;
  location: string;
  geo: unknown;
  organizer: unknown;
  datetype: string;
  start: Date & { tz?: string };
  end: Date;
}

const eventsOf = (text: string) =>
  Object.values(ical.sync.parseICS(text)).filter((c) => c?.type === 'VEVENT') as unknown as ParsedEvent[];

describe('almanac/v1/export as iCalendar', () => {
  test('every event, RFC 5545 lines, readable by an independent parser', async () => {
    const response = await server.admin('GET', EXPORT, { query: { format: 'ics' } });
    assert.equal(response.status, 200);
    assert.match(response.headers.get('content-type') ?? '', /^text\/calendar/);
    assertRfc5545Lines(response.text);
    const events = eventsOf(response.text);
    assert.deepEqual(events.map((e) => e.summary).sort(), [
      'Book fair',
      'Opera night; Tosca, act 1',
      'Secret draft',
      'Server maintenance',
    ]);

    const opera = events.find((e) => e.summary.startsWith('Opera'))!;
    assert.equal(
      opera.start.toISOString(),
      '2027-03-27T19:00:00.000Z',
      '20:00 in Madrid, winter time (DST starts the next day)',
    );
    assert.equal(opera.end.toISOString(), '2027-03-27T22:00:00.000Z');
    assert.equal(opera.start.tz, 'Europe/Madrid');
    assert.equal(opera.location, 'Teatro Real, Plaza de Isabel II, Madrid, Spain');
    assert.deepEqual(opera.geo, { lat: 40.418, lon: -3.711 });
    // node-ical splits CATEGORIES at escaped commas too; ical.js reads the list as RFC 5545 says.
    const vevent = new ICAL.Component(ICAL.parse(response.text))
      .getAllSubcomponents('vevent')
      .find((c) => String(c.getFirstPropertyValue('summary')).startsWith('Opera'))!;
    assert.deepEqual(vevent.getFirstProperty('categories')!.getValues(), ['Music', 'Arts, Crafts']);
    assert.match(
      opera.description,
      /^Doors open at 19:00\.\nDress code: smart\.\n\nSecond paragraph .* ñandú included\.$/,
    );
    const organizer = opera.organizer as unknown as { params: { CN: string }; val: string };
    assert.equal(organizer.params.CN, 'Ana Pérez');
    assert.equal(organizer.val, 'mailto:ana@example.org');
    assert.match(response.text, /\r\nDTSTART;TZID=Europe\/Madrid:20270327T200000\r\n/);
    // The zone's DST rule is in the file: the change on 28 March 2027 at 02:00.
    assert.match(
      response.text,
      /BEGIN:VTIMEZONE\r\nTZID:Europe\/Madrid\r\n[\s\S]*?BEGIN:DAYLIGHT\r\nDTSTART:20270328T020000\r\nTZOFFSETFROM:\+0100\r\nTZOFFSETTO:\+0200/,
    );

    const fair = events.find((e) => e.summary === 'Book fair')!;
    assert.equal(fair.datetype, 'date');
    assert.match(
      response.text,
      /DTSTART;VALUE=DATE:20270410\r\nDTEND;VALUE=DATE:20270413\r\n/,
      'all day, DTEND exclusive',
    );
    assert.match(
      response.text,
      /DTSTART;TZID=UTC:20270501T020000\r\nDTEND;TZID=UTC:20270501T030000\r\n/,
      'UTC events in UTC',
    );
    assert.match(response.text, /BEGIN:VTIMEZONE\r\nTZID:UTC\r\nBEGIN:STANDARD\r\n/);
  });

  test('UIDs are stable from one export to the next, and DTSTAMP / LAST-MODIFIED are there', async () => {
    const uids = async () =>
      eventsOf((await server.admin('GET', EXPORT)).text)
        .map((e) => e.uid)
        .sort();
    const first = await uids();
    assert.deepEqual(await uids(), first);
    assert.equal(new Set(first).size, 4);
    const text = (await server.admin('GET', EXPORT)).text;
    assert.equal(text.match(/\r\nDTSTAMP:\d{8}T\d{6}Z\r\n/g)?.length, 4);
    assert.equal(text.match(/\r\nLAST-MODIFIED:\d{8}T\d{6}Z\r\n/g)?.length, 4);
  });

  test('filters are the /events filters; a bad one is a 400 naming it', async () => {
    const music = await server.admin('GET', EXPORT, { query: { categories: 'music' } });
    assert.deepEqual(
      eventsOf(music.text).map((e) => e.summary),
      ['Opera night; Tosca, act 1'],
    );
    const bad = await server.admin('GET', EXPORT, { query: { start_date: 'not a date' } });
    assert.equal(bad.status, 400);
    assert.equal(bad.body.code, 'rest_invalid_param');
    assert.ok(bad.body.data.params.start_date);
    const format = await server.admin('GET', EXPORT, { query: { format: 'pdf' } });
    assert.equal(format.status, 400);
    assert.ok(format.body.data.params.format);
  });

  test('anonymous callers get published events only', async () => {
    const response = await server.request('GET', EXPORT);
    assert.equal(response.status, 200);
    assert.ok(!eventsOf(response.text).some((e) => e.summary === 'Secret draft'));
  });
});

describe('the subscription address {base}/events/?ical=1', () => {
  const basic = (login: string, token: string) => `Basic ${Buffer.from(`${login}:${token}`).toString('base64')}`;

  test('published events without credentials; the wider view with HTTP Basic', async () => {
    const open = await server.request('GET', '/events/?ical=1');
    assert.equal(open.status, 200);
    assert.match(open.headers.get('content-type') ?? '', /^text\/calendar/);
    assert.equal(eventsOf(open.text).length, 3);
    const signedIn = await server.request('GET', '/events/?ical=1', {
      headers: { authorization: basic('administrator', server.tokens.administrator) },
    });
    assert.equal(eventsOf(signedIn.text).length, 4);
  });

  test('private=1 challenges an anonymous client for Basic credentials', async () => {
    const challenged = await server.request('GET', '/events/?ical=1&private=1');
    assert.equal(challenged.status, 401);
    assert.match(challenged.headers.get('www-authenticate') ?? '', /\bBasic realm="almanac"/);
    const wrong = await server.request('GET', '/events/?ical=1&private=1', {
      headers: { authorization: basic('administrator', 'nope') },
    });
    assert.equal(wrong.status, 401);
    assert.match(wrong.headers.get('www-authenticate') ?? '', /\bBasic realm=/);
  });

  test('If-None-Match: 304 while nothing changed, the new file after a write', async () => {
    const first = await server.request('GET', '/events/?ical=1');
    const etag = first.headers.get('etag')!;
    assert.match(etag, /^"ics-\d+-[0-9a-f]+"$/);
    const again = await server.request('GET', '/events/?ical=1', { headers: { 'if-none-match': etag } });
    assert.equal(again.status, 304);
    assert.equal(again.text, '');
    await createEvent(server, { title: 'Late addition', start_date: '2027-06-01 10:00', end_date: '2027-06-01 11:00' });
    const changed = await server.request('GET', '/events/?ical=1', { headers: { 'if-none-match': etag } });
    assert.equal(changed.status, 200);
    assert.notEqual(changed.headers.get('etag'), etag);
    assert.ok(eventsOf(changed.text).some((e) => e.summary === 'Late addition'));
  });

  test('without ical=1 there is no such page', async () => {
    assert.equal((await server.request('GET', '/events/')).status, 404);
  });

  test('{base}/event/{slug}/ical/ is one event; a draft is not found for anonymous callers', async () => {
    const listed = await server.admin('GET', 'events', { query: { search: 'Opera' } });
    const slug = listed.body.events[0].slug;
    const one = await server.request('GET', `/event/${slug}/ical/`);
    assert.equal(one.status, 200);
    assert.deepEqual(
      eventsOf(one.text).map((e) => e.summary),
      ['Opera night; Tosca, act 1'],
    );
    assert.match(one.headers.get('content-disposition') ?? '', new RegExp(`filename="${slug}.ics"`));
    const draft = await server.admin('GET', 'events', { query: { search: 'Secret', status: 'draft' } });
    assert.equal((await server.request('GET', `/event/${draft.body.events[0].slug}/ical/`)).status, 404);
  });
});
