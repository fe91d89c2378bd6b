// CalDAV over HTTP, request by request: what each role may do, what a round trip through a client
// keeps, and bad input answered with the status the RFCs name — never a 500, nothing half-written.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { rawRequest, startServer, type TestServer } from '../support/server.ts';
import { basic, davRequests } from './dav-request.ts';

let server: TestServer;
const CAL = '/caldav/calendars/editor/default/';

const dav = davRequests(() => server);

function ics(uid: string, summary: string, extra = ''): string {
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//tests//EN',
    'BEGIN:VEVENT',
    `UID:${uid}`,
    'DTSTAMP:20260101T000000Z',
    'DTSTART;TZID=Europe/Berlin:20270601T100000',
    'DTEND;TZID=Europe/Berlin:20270601T120000',
    `SUMMARY:${summary}`,
    ...(extra ? [extra] : []),
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n');
}

const put = (name: string, body: string, headers: Record<string, string> = {}, as?: string) =>
  dav('PUT', `${CAL.replace('editor', as ?? 'editor')}${name}`, {
    body,
    headers: { 'content-type': 'text/calendar', ...headers },
    as,
  });

const eventCount = () =>
  (server.store.db.prepare("SELECT count(*) AS n FROM posts WHERE type = 'event'").get() as { n: number }).n;

before(async () => {
  server = await startServer({ timezone: 'Europe/Berlin' });
});
after(() => server?.close());

describe('discovery and properties', () => {
  test('/.well-known/caldav redirects to the service, OPTIONS names the DAV classes', async () => {
    const wellKnown = await dav('PROPFIND', '/.well-known/caldav', { body: '' });
    assert.equal(wellKnown.status, 301);
    assert.equal(wellKnown.headers.get('location'), '/caldav/');
    const options = await fetch(`${server.url}/caldav/`, { method: 'OPTIONS' });
    assert.equal(options.status, 200);
    assert.match(options.headers.get('dav') ?? '', /calendar-access/);
    assert.match(options.headers.get('allow') ?? '', /REPORT/);
  });

  test('a subscriber sees a read-only calendar; an editor may write', async () => {
    const body =
      '<d:propfind xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav" xmlns:cs="http://calendarserver.org/ns/"><d:prop><d:current-user-privilege-set/><c:supported-calendar-component-set/><d:supported-report-set/><cs:getctag/><d:sync-token/></d:prop></d:propfind>';
    const editor = await dav('PROPFIND', CAL, { body, headers: { depth: '0' } });
    assert.equal(editor.status, 207);
    assert.match(editor.text, /<d:write-content\/>/);
    assert.match(editor.text, /<c:comp name="VEVENT"\/>/);
    assert.match(editor.text, /<c:calendar-multiget\/>/);
    assert.match(editor.text, /<d:sync-collection\/>/);
    assert.match(editor.text, /<cs:getctag>/);
    const reader = await dav('PROPFIND', '/caldav/calendars/subscriber/default/', {
      body,
      headers: { depth: '0' },
      as: 'subscriber',
    });
    assert.equal(reader.status, 207);
    assert.doesNotMatch(reader.text, /write-content|<d:bind\/>/);
    const refused = await put('by-subscriber.ics', ics('sub@tests', 'No'), {}, 'subscriber');
    assert.equal(refused.status, 403);
    assert.match(refused.text, /need-privileges/);
  });

  test('PROPPATCH keeps a display name and colour per user; other properties are refused, all or nothing', async () => {
    const ok = await dav('PROPPATCH', CAL, {
      body: '<d:propertyupdate xmlns:d="DAV:" xmlns:i="http://apple.com/ns/ical/"><d:set><d:prop><d:displayname>Work</d:displayname><i:calendar-color>#FF0000FF</i:calendar-color></d:prop></d:set></d:propertyupdate>',
    });
    assert.equal(ok.status, 207);
    assert.match(ok.text, /200 OK/);
    const read = await dav('PROPFIND', CAL, {
      body: '<d:propfind xmlns:d="DAV:" xmlns:i="http://apple.com/ns/ical/"><d:prop><d:displayname/><i:calendar-color/></d:prop></d:propfind>',
      headers: { depth: '0' },
    });
    assert.match(read.text, /<d:displayname>Work<\/d:displayname>/);
    assert.match(read.text, /#FF0000FF/);
    const mixed = await dav('PROPPATCH', CAL, {
      body: '<d:propertyupdate xmlns:d="DAV:"><d:set><d:prop><d:displayname>Other</d:displayname><d:getetag>x</d:getetag></d:prop></d:set></d:propertyupdate>',
    });
    assert.match(mixed.text, /403 Forbidden/);
    assert.match(mixed.text, /424 Failed Dependency/);
    const unchanged = await dav('PROPFIND', CAL, {
      body: '<d:propfind xmlns:d="DAV:"><d:prop><d:displayname/></d:prop></d:propfind>',
      headers: { depth: '0' },
    });
    assert.match(unchanged.text, /<d:displayname>Work<\/d:displayname>/);
  });
});

describe('objects', () => {
  test('a round trip keeps the venue, organizers, categories, cost and website by id', async () => {
    const created = await server.admin('POST', 'events', {
      json: {
        title: 'Jazz night',
        description: '<p>With <strong>bold</strong> HTML</p>',
        start_date: '2027-03-05 19:30',
        end_date: '2027-03-05 22:00',
        timezone: 'Europe/Berlin',
        cost: '35',
        website: 'https://jazz.example/',
        categories: ['Music'],
        tags: ['Outdoor'],
        venue: { venue: 'Berlin Club', address: 'Alexanderplatz 1', city: 'Berlin', country: 'Germany' },
        organizer: [{ organizer: 'Alice Promotions', email: 'alice@example.com' }, { organizer: 'Bob' }],
      },
    });
    assert.equal(created.status, 201, created.text);
    const id = created.body.id as number;
    const path = `${CAL}almanac-${id}.ics`;
    const got = await dav('GET', path);
    assert.equal(got.status, 200);
    assert.match(got.text, /X-ALMANAC-VENUE;X-ALMANAC-ID=/);
    // The calendar app changes only the title, keeping the rest as it was.
    const edited = got.text.replace('SUMMARY:Jazz night', 'SUMMARY:Jazz night (sold out)');
    const saved = await put(`almanac-${id}.ics`, edited, { 'if-match': got.headers.get('etag')! });
    assert.equal(saved.status, 204, saved.text);
    const after = (await server.admin('GET', `events/${id}`)).body;
    assert.equal(after.title, 'Jazz night (sold out)');
    assert.equal(after.venue.id, created.body.venue.id, 'the same venue, not a copy');
    assert.deepEqual(
      after.organizer.map((o: { id: number }) => o.id),
      created.body.organizer.map((o: { id: number }) => o.id),
    );
    assert.equal(after.description, created.body.description, 'the HTML description is untouched');
    assert.deepEqual(
      after.tags.map((t: { name: string }) => t.name),
      ['Outdoor'],
      'tags, which the object does not show, are kept',
    );
    assert.equal(after.cost, created.body.cost);
    assert.equal(after.website, 'https://jazz.example/');
  });

  test('an unchanged PUT changes nothing (the ETag stays)', async () => {
    const created = await put('steady.ics', ics('steady@tests', 'Steady'));
    assert.equal(created.status, 201);
    const first = await dav('GET', `${CAL}steady.ics`);
    const again = await put('steady.ics', first.text, { 'if-match': first.headers.get('etag')! });
    assert.equal(again.status, 204);
    const second = await dav('GET', `${CAL}steady.ics`);
    assert.equal(second.headers.get('etag'), first.headers.get('etag'));
  });

  test('a change through the REST API moves the CTag and shows in sync-collection', async () => {
    const ctagOf = async () =>
      /<cs:getctag>([^<]+)</.exec(
        (
          await dav('PROPFIND', CAL, {
            body: '<d:propfind xmlns:d="DAV:" xmlns:cs="http://calendarserver.org/ns/"><d:prop><cs:getctag/></d:prop></d:propfind>',
            headers: { depth: '0' },
          })
        ).text,
      )?.[1];
    const before = await ctagOf();
    const created = await server.admin('POST', 'events', {
      json: { title: 'From REST', start_date: '2027-05-01 10:00', end_date: '2027-05-01 11:00' },
    });
    assert.notEqual(await ctagOf(), before);
    const sync = await dav('REPORT', CAL, {
      body: '<d:sync-collection xmlns:d="DAV:"><d:sync-token/><d:sync-level>1</d:sync-level><d:prop><d:getetag/></d:prop></d:sync-collection>',
    });
    assert.match(sync.text, new RegExp(`almanac-${created.body.id}\\.ics`));
  });

  test('calendar-query with a time range, with and without expand', async () => {
    await put('query.ics', ics('query@tests', 'In June'));
    const query = (expand: string) =>
      dav('REPORT', CAL, {
        headers: { depth: '1' },
        body: `<c:calendar-query xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"><d:prop><d:getetag/><c:calendar-data>${expand}</c:calendar-data></d:prop><c:filter><c:comp-filter name="VCALENDAR"><c:comp-filter name="VEVENT"><c:time-range start="20270601T000000Z" end="20270602T000000Z"/></c:comp-filter></c:comp-filter></c:filter></c:calendar-query>`,
      });
    const plain = await query('');
    assert.equal(plain.status, 207);
    assert.match(plain.text, /SUMMARY:In June/);
    assert.match(plain.text, /DTSTART;TZID=Europe\/Berlin:20270601T100000/);
    assert.doesNotMatch(plain.text, /Jazz night/);
    const expanded = await query('<c:expand start="20270601T000000Z" end="20270602T000000Z"/>');
    assert.match(expanded.text, /DTSTART:20270601T080000Z/);
    assert.doesNotMatch(expanded.text, /BEGIN:VTIMEZONE/);
  });
});

describe('what reports serve is never stale', () => {
  test('a change to an event or to its venue reaches the next query and multiget (ETag included)', async () => {
    const created = await server.admin('POST', 'events', {
      json: {
        title: 'Stale?',
        start_date: '2027-08-14 19:00',
        end_date: '2027-08-14 21:00',
        venue: { venue: 'Old Hall', city: 'Berlin' },
      },
    });
    assert.equal(created.status, 201, created.text);
    const href = `${CAL}almanac-${created.body.id}.ics`;
    const query = () =>
      dav('REPORT', CAL, {
        body: '<c:calendar-query xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"><d:prop><d:getetag/><c:calendar-data/></d:prop><c:filter><c:comp-filter name="VCALENDAR"><c:comp-filter name="VEVENT"><c:time-range start="20270814T000000Z" end="20270815T000000Z"/></c:comp-filter></c:comp-filter></c:filter></c:calendar-query>',
      });
    const multiget = () =>
      dav('REPORT', CAL, {
        body: `<c:calendar-multiget xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"><d:prop><d:getetag/><c:calendar-data/></d:prop><d:href>${href}</d:href></c:calendar-multiget>`,
      });
    const etagIn = (text: string) => /<d:getetag>([^<]+)</.exec(text)?.[1];
    const first = await query();
    assert.match(first.text, /LOCATION:Old Hall/);
    assert.equal((await multiget()).text.includes('LOCATION:Old Hall'), true);

    const renamed = await server.admin('PATCH', `venues/${created.body.venue.id}`, { json: { venue: 'New Hall' } });
    assert.equal(renamed.status, 200, renamed.text);
    const second = await query();
    assert.match(second.text, /LOCATION:New Hall/);
    assert.notEqual(etagIn(second.text), etagIn(first.text));
    assert.match((await multiget()).text, /LOCATION:New Hall/);

    await server.admin('PATCH', `events/${created.body.id}`, { json: { title: 'Fresh' } });
    const third = await query();
    assert.match(third.text, /SUMMARY:Fresh/);
    assert.match((await multiget()).text, /SUMMARY:Fresh/);
    // And what the reports serve is what GET serves.
    assert.equal(etagIn(third.text), (await dav('GET', href)).headers.get('etag')?.replace(/"/g, '&quot;'));
  });
});

describe('bad input', () => {
  const statusOf = async (method: string, path: string, options: Parameters<typeof dav>[2]) =>
    (await dav(method, path, options)).status;

  test('each gets the status the RFCs name, and nothing is written', async () => {
    const before = eventCount();
    assert.equal(
      await statusOf('PROPFIND', CAL, { body: '<d:propfind xmlns:d="DAV:"><d:prop>', headers: { depth: '0' } }),
      400,
    );
    assert.equal(
      await statusOf('PROPFIND', CAL, {
        body: '<!DOCTYPE x [<!ENTITY a "aaaa">]><d:propfind xmlns:d="DAV:"><d:allprop/></d:propfind>',
        headers: { depth: '0' },
      }),
      400,
    );
    assert.equal(await statusOf('PROPFIND', CAL, { body: '', headers: { depth: 'infinity' } }), 403);
    const unknownReport = await dav('REPORT', CAL, { body: '<x:frobnicate xmlns:x="urn:x"/>' });
    assert.equal(unknownReport.status, 403);
    assert.match(unknownReport.text, /supported-report/);
    assert.equal(
      await statusOf('PROPFIND', CAL, { body: '{"a":1}', headers: { 'content-type': 'application/json', depth: '0' } }),
      415,
    );
    assert.equal((await put('huge.ics', ics('huge@tests', 'x'.repeat(1_100_000)))).status, 413);
    assert.equal((await put('big.ics', 'x'.repeat(5 * 1024 * 1024))).status, 413);
    const todo = await put(
      'todo.ics',
      'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:x\r\nBEGIN:VTODO\r\nUID:todo@tests\r\nSUMMARY:A task\r\nEND:VTODO\r\nEND:VCALENDAR\r\n',
    );
    assert.equal(todo.status, 403);
    assert.match(todo.text, /supported-calendar-component/);
    const twoUids = ics('a@tests', 'A').replace(
      'END:VCALENDAR',
      'BEGIN:VEVENT\r\nUID:b@tests\r\nDTSTAMP:20260101T000000Z\r\nDTSTART:20270601T100000Z\r\nSUMMARY:B\r\nEND:VEVENT\r\nEND:VCALENDAR',
    );
    assert.equal((await put('two.ics', twoUids)).status, 400);
    assert.equal((await put('garbage.ics', 'this is not iCalendar')).status, 400);
    assert.equal((await put('json.ics', '{}', { 'content-type': 'application/json' })).status, 415);
    const badDates = await put(
      'dates.ics',
      ics('dates@tests', 'Backwards').replace(
        'DTEND;TZID=Europe/Berlin:20270601T120000',
        'DTEND;TZID=Europe/Berlin:20270601T080000',
      ),
    );
    assert.ok([201, 403].includes(badDates.status), badDates.text); // the reader clamps an end before the start
    // Sent byte for byte (fetch would resolve dot segments before sending).
    for (const name of ['..%2F..%2Fetc%2Fpasswd', '%2e%2e', '..', 'a%5Cb.ics', 'a%00b.ics', '%E0%A4%A.ics']) {
      const response = await rawRequest(server.port, {
        method: 'PUT',
        path: `${CAL}${name}`,
        headers: { authorization: basic('editor', server.tokens.editor), 'content-type': 'text/calendar' },
        body: ics(`${name}@tests`, 'Traversal'),
      });
      assert.equal(response.status, 400, `${name}: ${response.body}`);
    }
    assert.equal(
      (
        await dav('PUT', '/caldav/calendars/editor/default/x/y.ics', {
          body: ics('y@tests', 'Deep'),
          headers: { 'content-type': 'text/calendar' },
        })
      ).status,
      404,
    );
    assert.equal((await put('almanac-999999.ics', ics('reserved@tests', 'Reserved'))).status, 403);
    assert.equal((await dav('MKCALENDAR', '/caldav/calendars/editor/new/', {})).status, 403);
    assert.equal(
      (await dav('PROPFIND', '/caldav/calendars/author/default/', { body: '', headers: { depth: '0' } })).status,
      403,
    );
    assert.equal(
      (await dav('PROPFIND', '/caldav/calendars/editor/nosuchsite/', { body: '', headers: { depth: '0' } })).status,
      404,
    );
    assert.equal(eventCount(), before + (/201/.test(String(badDates.status)) ? 1 : 0), 'nothing half-written');
  });

  test('a UID that another object has is a conflict, and a UID cannot change', async () => {
    assert.equal((await put('first.ics', ics('same@tests', 'First'))).status, 201);
    const conflict = await put('second.ics', ics('same@tests', 'Second'));
    assert.equal(conflict.status, 403);
    assert.match(conflict.text, /no-uid-conflict/);
    assert.match(conflict.text, /first\.ics/);
    const changed = await put('first.ics', ics('other@tests', 'First'));
    assert.equal(changed.status, 400);
  });

  test('a stale sync token is refused with valid-sync-token', async () => {
    const response = await dav('REPORT', CAL, {
      body: '<d:sync-collection xmlns:d="DAV:"><d:sync-token>urn:almanac:sync:999999999</d:sync-token><d:sync-level>1</d:sync-level><d:prop/></d:sync-collection>',
    });
    assert.equal(response.status, 403);
    assert.match(response.text, /valid-sync-token/);
  });

  test('wrong credentials get 401 with a Basic challenge, then 429 once throttled', async () => {
    const wrong = await fetch(`${server.url}${CAL}`, {
      method: 'PROPFIND',
      headers: { authorization: basic('editor', 'alm_000000000000_wrongwrongwrongwrongwrongwrongwr'), depth: '0' },
    });
    assert.equal(wrong.status, 401);
    assert.match(wrong.headers.get('www-authenticate') ?? '', /^Basic/);
    const anonymous = await fetch(`${server.url}${CAL}`, { method: 'PROPFIND', headers: { depth: '0' } });
    assert.equal(anonymous.status, 401);
    let last = 0;
    for (let i = 0; i < 12; i++)
      last = (
        await fetch(`${server.url}${CAL}`, {
          method: 'PROPFIND',
          headers: { authorization: basic('author2', 'nope'), depth: '0' },
        })
      ).status;
    assert.equal(last, 429);
  });
});

test('a calendar app’s PUT and DELETE are seen by the next API read at once (the response cache is emptied, as a REST write does)', async () => {
  const list = async () =>
    (await server.request('GET', 'events', { query: { start_date: '2027-06-01', end_date: '2027-06-02' } })).body
      .events as { title: string }[];
  const before = await list();
  await list(); // served from the response cache now
  assert.equal((await put('cache-check.ics', ics('cache-check@tests', 'Seen at once'))).status, 201);
  const after = await list();
  assert.equal(after.length, before.length + 1, 'the new event is in the very next list');
  assert.ok(after.some((event) => event.title === 'Seen at once'));
  assert.equal((await dav('DELETE', `${CAL}cache-check.ics`)).status, 204);
  assert.equal((await list()).length, before.length, 'and gone from the next one after the DELETE');
});
