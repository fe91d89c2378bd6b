// CalDAV under hostile clients (issue 37): no request may cost more than it is worth. Each test is
// one class of the attacks seen, checked by what the answer holds (sizes and counts, never times):
// a name asked for many times is answered once, a body past a limit is refused with the RFCs'
// status before the work, an answer past its bound ends well-formed with a 507, what a caller may
// not write is refused before it is read, nothing tells a caller of objects it cannot see, a right
// token is never locked out by someone else's guesses, and every 500 is logged.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { getPriority, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createEvent, startServer, type TestServer } from '../support/server.ts';
import { startService } from '../../server/service.ts';
import { basic, calendarOf, davRequests } from './dav-request.ts';
import { readXml, type XmlElement } from '../../server/caldav/xml-reader.ts';
import { PROPERTY_XML, REPORT_XML } from '../../server/caldav/limits.ts';
import { MAX_OBJECT_DATES, MAX_OBJECT_EVENTS } from '../../server/caldav/object-limits.ts';
import { AUTH_FAILURE_LIMIT } from '../../server/http/auth-throttle.ts';
import { readIcs } from '../../server/calendar-files/ics/read-ics.ts';
import { renders } from '../../server/caldav/calendar-object.ts';
import { calendarDataEscapes } from '../../server/caldav/properties.ts';

const CAL = '/caldav/calendars/editor/default/';
const NS = 'xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"';

let server: TestServer;
const dav = davRequests(() => server);

const count = (text: string, what: string) => text.split(what).length - 1;
const propfindOf = (props: string) => `<d:propfind ${NS}><d:prop>${props}</d:prop></d:propfind>`;
const put = (path: string, body: string, as = 'editor') =>
  dav('PUT', path, { body, headers: { 'content-type': 'text/calendar' }, as });
const eventCount = () =>
  (server.store.db.prepare("SELECT count(*) AS n FROM posts WHERE type = 'event'").get() as { n: number }).n;

function event(uid: string, lines: string[] = []): string {
  return calendarOf([
    `UID:${uid}`,
    'DTSTAMP:20260101T000000Z',
    'DTSTART:20270601T100000Z',
    'DTEND:20270601T110000Z',
    'SUMMARY:Hostile',
    ...lines,
  ]);
}

/** The DAV:response elements of a 207 (the answer read with our own reader: it must be well-formed). */
function responsesOf(text: string): XmlElement[] {
  const root = readXml(text, { ...REPORT_XML, maxElements: 1_000_000 });
  assert.equal(root.name, 'multistatus');
  return root.children.filter((e) => e.name === 'response');
}

before(async () => {
  server = await startServer({ timezone: 'Europe/Berlin' });
  for (let i = 0; i < 5; i++) assert.equal((await put(`${CAL}seed-${i}.ics`, event(`seed-${i}@tests`))).status, 201);
});
after(() => server?.close());

describe('a name asked for many times is answered once', () => {
  const manyData = '<c:calendar-data/>'.repeat(900);

  test('PROPFIND Depth 0 on an object, as an editor and as a subscriber', async () => {
    const one = await dav('PROPFIND', `${CAL}seed-0.ics`, {
      body: propfindOf('<c:calendar-data/>'),
      headers: { depth: '0' },
    });
    const many = await dav('PROPFIND', `${CAL}seed-0.ics`, { body: propfindOf(manyData), headers: { depth: '0' } });
    assert.equal(many.status, 207);
    assert.equal(count(many.text, 'BEGIN:VCALENDAR'), 1);
    assert.equal(many.text.length, one.text.length, 'the same answer as for one');
    const subscriber = await dav('PROPFIND', '/caldav/calendars/subscriber/default/seed-0.ics', {
      body: propfindOf(manyData + '<d:getetag/>'.repeat(50)),
      headers: { depth: '0' },
      as: 'subscriber',
    });
    assert.equal(subscriber.status, 207);
    assert.equal(count(subscriber.text, 'BEGIN:VCALENDAR'), 1);
    assert.equal(count(subscriber.text, '<d:getetag>'), 1);
  });

  test('PROPFIND Depth 1 on a calendar: each object once, each of its properties once', async () => {
    const many = await dav('PROPFIND', CAL, { body: propfindOf(manyData), headers: { depth: '1' } });
    assert.equal(many.status, 207);
    const objects = responsesOf(many.text).length - 1; // the calendar's own response first
    assert.ok(objects >= 5);
    assert.equal(count(many.text, 'BEGIN:VCALENDAR'), objects);
  });

  test('calendar-multiget and calendar-query', async () => {
    const multiget = await dav('REPORT', CAL, {
      body: `<c:calendar-multiget ${NS}><d:prop>${manyData}</d:prop><d:href>${CAL}seed-1.ics</d:href></c:calendar-multiget>`,
    });
    assert.equal(multiget.status, 207);
    assert.equal(count(multiget.text, 'BEGIN:VCALENDAR'), 1);
    const query = await dav('REPORT', CAL, {
      body: `<c:calendar-query ${NS}><d:prop>${manyData}</d:prop><c:filter><c:comp-filter name="VCALENDAR"><c:comp-filter name="VEVENT"><c:time-range start="20270601T000000Z" end="20270602T000000Z"/></c:comp-filter></c:comp-filter></c:filter></c:calendar-query>`,
    });
    assert.equal(query.status, 207);
    assert.equal(count(query.text, 'BEGIN:VCALENDAR'), responsesOf(query.text).length);
  });

  test('a multiget naming one href (found or not) many times answers it once', async () => {
    const named = (href: string, times: number) =>
      dav('REPORT', CAL, {
        body: `<c:calendar-multiget ${NS}><d:prop><d:getetag/></d:prop>${`<d:href>${href}</d:href>`.repeat(times)}</c:calendar-multiget>`,
      });
    const found = await named(`${CAL}seed-2.ics`, 5_000);
    assert.equal(found.status, 207);
    assert.equal(responsesOf(found.text).length, 1);
    const missing = await named(`${CAL}no-such-object.ics`, 5_000);
    assert.equal(missing.status, 207);
    assert.equal(responsesOf(missing.text).length, 1);
    assert.match(missing.text, /404 Not Found/);
  });

  test('PROPPATCH answers each property once', async () => {
    const response = await dav('PROPPATCH', CAL, {
      body: `<d:propertyupdate ${NS}><d:set><d:prop>${'<d:displayname>Mine</d:displayname>'.repeat(300)}</d:prop></d:set></d:propertyupdate>`,
    });
    assert.equal(response.status, 207);
    assert.equal(count(response.text, '<d:displayname/>'), 1);
  });
});

describe('request bodies past a limit are refused before they are read', () => {
  const refused = async (body: string, method = 'PROPFIND', headers: Record<string, string> = { depth: '0' }) => {
    const response = await dav(method, CAL, { body, headers });
    return { status: response.status, text: response.text };
  };

  test('elements, depth, namespaces, names and attributes, whatever the method', async () => {
    const deep = `<d:propfind ${NS}><d:prop>${'<d:x>'.repeat(PROPERTY_XML.maxDepth)}${'</d:x>'.repeat(PROPERTY_XML.maxDepth)}</d:prop></d:propfind>`;
    assert.equal((await refused(deep)).status, 413);
    assert.equal((await refused(propfindOf('<d:getetag/>'.repeat(PROPERTY_XML.maxElements)))).status, 413);
    const namespaces = Array.from(
      { length: PROPERTY_XML.maxNamespaces + 1 },
      (_, i) => `<x${i}:p xmlns:x${i}="urn:x${i}"/>`,
    );
    assert.equal((await refused(propfindOf(namespaces.join('')))).status, 413);
    assert.equal((await refused(propfindOf(`<d:${'n'.repeat(PROPERTY_XML.maxNameLength)}/>`))).status, 413);
    const attributes = Array.from({ length: PROPERTY_XML.maxAttributes + 1 }, (_, i) => ` a${i}="1"`).join('');
    assert.equal((await refused(propfindOf(`<d:getetag${attributes}/>`))).status, 413);
    const patch = `<d:propertyupdate ${NS}><d:set><d:prop>${'<d:displayname>x</d:displayname>'.repeat(PROPERTY_XML.maxElements)}</d:prop></d:set></d:propertyupdate>`;
    assert.equal((await refused(patch, 'PROPPATCH', {})).status, 413);
    const query = `<c:calendar-query ${NS}><d:prop><d:getetag/></d:prop><c:filter>${'<c:comp-filter name="VCALENDAR">'.repeat(REPORT_XML.maxDepth)}${'</c:comp-filter>'.repeat(REPORT_XML.maxDepth)}</c:filter></c:calendar-query>`;
    assert.equal((await refused(query, 'REPORT', {})).status, 413);
    // Still a 400 for what is not well-formed, and a DOCTYPE.
    assert.equal((await refused(propfindOf('<x:p/>'))).status, 400);
    assert.equal((await refused(`<!DOCTYPE d [<!ENTITY a "b">]>${propfindOf('<d:getetag/>')}`)).status, 400);
  });

  test('a PROPFIND or PROPPATCH body larger than such bodies are is refused by its size', async () => {
    const padded = propfindOf(`<d:getetag/><!--${'x'.repeat(70 * 1024)}-->`);
    const response = await refused(padded);
    assert.equal(response.status, 413);
    assert.doesNotMatch(response.text, /max-resource-size/, 'max-resource-size is an object’s limit');
    assert.equal((await refused(padded.replace('propfind', 'propertyupdate'), 'PROPPATCH', {})).status, 413);
    // An object's PUT keeps its own limit and condition.
    const big = await put(`${CAL}big.ics`, event('big@tests', [`DESCRIPTION:${'x'.repeat(1_100_000)}`]));
    assert.equal(big.status, 413);
    assert.match(big.text, /max-resource-size/);
  });

  test('what real clients send still passes (Apple’s home PROPFIND, a multiget of 2,000 hrefs)', async () => {
    const apple = `<?xml version="1.0" encoding="UTF-8"?>\n<A:propfind xmlns:A="DAV:" xmlns:B="http://calendarserver.org/ns/" xmlns:C="urn:ietf:params:xml:ns:caldav" xmlns:D="http://apple.com/ns/ical/" xmlns:E="http://me.com/_namespace/"><A:prop>${[
      'A:add-member',
      'C:allowed-sharing-modes',
      'C:autoprovisioned',
      'E:bulk-requests',
      'D:calendar-color',
      'C:calendar-description',
      'C:calendar-free-busy-set',
      'D:calendar-order',
      'C:calendar-timezone',
      'A:current-user-privilege-set',
      'C:default-alarm-vevent-date',
      'C:default-alarm-vevent-datetime',
      'A:displayname',
      'B:getctag',
      'D:language-code',
      'D:location-code',
      'A:owner',
      'C:pre-publish-url',
      'C:publish-url',
      'C:push-transports',
      'C:pushkey',
      'A:quota-available-bytes',
      'A:quota-used-bytes',
      'D:refreshrate',
      'A:resource-id',
      'A:resourcetype',
      'C:schedule-calendar-transp',
      'C:schedule-default-calendar-URL',
      'C:source',
      'C:subscribed-strip-alarms',
      'C:supported-calendar-component-set',
      'A:supported-report-set',
      'A:sync-token',
    ]
      .map((name) => `<${name}/>`)
      .join('')}</A:prop></A:propfind>`;
    const response = await dav('PROPFIND', CAL, { body: apple, headers: { depth: '1' } });
    assert.equal(response.status, 207);
    const hrefs = Array.from({ length: 2_000 }, (_, i) => `<D:href>${CAL}x-${i}.ics</D:href>`).join('');
    const multiget = await dav('REPORT', CAL, {
      body: `<C:calendar-multiget xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav"><D:prop><D:getetag/><C:calendar-data/></D:prop>${hrefs}</C:calendar-multiget>`,
    });
    assert.equal(multiget.status, 207);
    assert.equal(responsesOf(multiget.text).length, 2_000);
  });
});

describe('an answer past its bound ends well-formed, with a 507 for the request-URI', () => {
  let small: TestServer;
  const smallDav = davRequests(() => small);
  before(async () => {
    small = await startServer({ timezone: 'Europe/Berlin', app: { calDavAnswerBudget: 20_000 } });
    for (let i = 0; i < 40; i++)
      assert.equal(
        (
          await smallDav('PUT', `${CAL}obj-${i}.ics`, {
            body: event(`obj-${i}@tests`, [`DESCRIPTION:${'d'.repeat(800)}`]),
            headers: { 'content-type': 'text/calendar' },
          })
        ).status,
        201,
      );
  });
  after(() => small?.close());

  const truncated = (text: string) => {
    const responses = responsesOf(text);
    const last = responses[responses.length - 1]!;
    assert.equal(last.children.find((e) => e.name === 'href')?.text, CAL);
    assert.match(last.children.find((e) => e.name === 'status')?.text ?? '', /^HTTP\/1\.1 507 /);
    assert.ok(
      last.children.find((e) => e.name === 'error')?.children.some((e) => e.name === 'number-of-matches-within-limits'),
    );
    assert.ok(text.length < 20_000 + 2_000, `${text.length} characters`);
    return responses.length;
  };

  test('PROPFIND Depth 1, calendar-query, calendar-multiget and sync-collection', async () => {
    const data = '<d:getetag/><c:calendar-data/>';
    const propfind = await smallDav('PROPFIND', CAL, { body: propfindOf(data), headers: { depth: '1' } });
    assert.equal(propfind.status, 207);
    assert.ok(truncated(propfind.text) < 41);
    const query = await smallDav('REPORT', CAL, {
      body: `<c:calendar-query ${NS}><d:prop>${data}</d:prop><c:filter><c:comp-filter name="VCALENDAR"><c:comp-filter name="VEVENT"/></c:comp-filter></c:filter></c:calendar-query>`,
    });
    assert.equal(query.status, 207);
    truncated(query.text);
    const hrefs = Array.from({ length: 40 }, (_, i) => `<d:href>${CAL}obj-${i}.ics</d:href>`).join('');
    const multiget = await smallDav('REPORT', CAL, {
      body: `<c:calendar-multiget ${NS}><d:prop>${data}</d:prop>${hrefs}</c:calendar-multiget>`,
    });
    assert.equal(multiget.status, 207);
    truncated(multiget.text);
    const sync = await smallDav('REPORT', CAL, {
      body: `<d:sync-collection ${NS}><d:sync-token/><d:sync-level>1</d:sync-level><d:prop>${data}</d:prop></d:sync-collection>`,
    });
    assert.equal(sync.status, 207);
    truncated(sync.text);
    // Cut short, it gives back the token it was asked from (none): the client loses nothing.
    assert.match(sync.text, /<d:sync-token\/>/);
    // A small answer is whole.
    const one = await smallDav('PROPFIND', `${CAL}obj-0.ics`, { body: propfindOf(data), headers: { depth: '0' } });
    assert.doesNotMatch(one.text, /507/);
  });

  test('an expanded series larger than MAX_EXPANDED_BYTES answers its calendar-data 507', async () => {
    const description = 'e'.repeat(45_000);
    const series = calendarOf([
      'UID:long-series@tests',
      'DTSTAMP:20260101T000000Z',
      'DTSTART:20270101T100000Z',
      'DTEND:20270101T110000Z',
      'RRULE:FREQ=DAILY;COUNT=400',
      'SUMMARY:Every day',
      `DESCRIPTION:${description}`,
    ]);
    assert.equal((await put(`${CAL}long-series.ics`, series)).status, 201);
    const query = (end: string) =>
      dav('REPORT', CAL, {
        body: `<c:calendar-query ${NS}><d:prop><d:getetag/><c:calendar-data><c:expand start="20270101T000000Z" end="${end}"/></c:calendar-data></d:prop><c:filter><c:comp-filter name="VCALENDAR"><c:comp-filter name="VEVENT"><c:prop-filter name="UID"><c:text-match>long-series@tests</c:text-match></c:prop-filter><c:time-range start="20270101T000000Z" end="${end}"/></c:comp-filter></c:comp-filter></c:filter></c:calendar-query>`,
      });
    const year = await query('20280201T000000Z');
    assert.equal(year.status, 207);
    assert.ok(year.text.length < 100_000, `${year.text.length} characters`);
    assert.match(year.text, /<d:getetag>/);
    assert.match(year.text, /<c:calendar-data\/><\/d:prop><d:status>HTTP\/1\.1 507 /);
    const week = await query('20270108T000000Z');
    assert.equal(count(week.text, 'BEGIN:VEVENT'), 7, 'a shorter range is answered');
  });
});

describe('what a caller may not write is refused before it is read', () => {
  const nested = (depth: number) =>
    event('nested@tests', [
      ...Array.from({ length: depth }, () => 'BEGIN:VALARM\r\nACTION:DISPLAY\r\nTRIGGER:-PT5M'),
      ...Array.from({ length: depth }, () => 'END:VALARM'),
    ]);

  test('deeply nested components: 403 for a writer, never a 500', async () => {
    const before = eventCount();
    const response = await put(`${CAL}nested.ics`, nested(2_000));
    assert.equal(response.status, 403);
    assert.match(response.text, /valid-calendar-data/);
    assert.equal(eventCount(), before);
    assert.equal((await put(`${CAL}alarm.ics`, nested(1))).status, 201, 'one VALARM is fine');
  });

  test('what a client PUTs is read on the CalDAV worker, not the event loop (refusals too)', async () => {
    const worker = server.listening.app.davWorker!;
    const before = worker.served.worker;
    assert.equal((await put(`${CAL}on-worker.ics`, event('on-worker@tests'))).status, 201);
    const refused = await put(
      `${CAL}on-worker-2.ics`,
      event('on-worker@tests').replace('DTSTART:2027', 'DTSTART:0001'),
    );
    assert.equal(refused.status, 403);
    assert.match(refused.text, /valid-calendar-object-resource/);
    assert.equal(worker.served.worker, before + 1, 'the good one answered by the worker');
    assert.equal(worker.served.locally, 0);
  });

  test('a subscriber’s PUT is refused for the role, whatever the body holds', async () => {
    const path = '/caldav/calendars/subscriber/default/';
    for (const body of [nested(2_000), 'this is not iCalendar', event('sub@tests')]) {
      const response = await put(`${path}sub.ics`, body, 'subscriber');
      assert.equal(response.status, 403);
      assert.match(response.text, /need-privileges/);
    }
    // A contributor may not change an editor's object: refused before its text is read, too.
    const contributor = await put(
      '/caldav/calendars/contributor/default/seed-0.ics',
      'this is not iCalendar',
      'contributor',
    );
    assert.equal(contributor.status, 403);
    assert.match(contributor.text, /need-privileges/);
  });

  test('dates and events of one object are bounded', async () => {
    const day = (i: number) => new Date(Date.UTC(2027, 5, 2 + i)).toISOString().slice(0, 10).replace(/-/g, '');
    const exdates = Array.from({ length: MAX_OBJECT_DATES + 1 }, (_, i) => `EXDATE:${day(i)}T100000Z`);
    const many = await put(`${CAL}exdates.ics`, event('exdates@tests', ['RRULE:FREQ=DAILY', ...exdates]));
    assert.equal(many.status, 403);
    assert.match(many.text, /valid-calendar-data/);
    const overrides = Array.from({ length: MAX_OBJECT_EVENTS }, (_, i) =>
      [
        'BEGIN:VEVENT',
        'UID:overrides@tests',
        `RECURRENCE-ID:${day(i)}T100000Z`,
        `DTSTART:${day(i)}T120000Z`,
        'SUMMARY:x',
        'END:VEVENT',
      ].join('\r\n'),
    );
    const text = event('overrides@tests', ['RRULE:FREQ=DAILY']).replace(
      'END:VCALENDAR',
      `${overrides.join('\r\n')}\r\nEND:VCALENDAR`,
    );
    assert.equal((await put(`${CAL}overrides.ics`, text)).status, 403);
  });

  test('a start in year 1 is refused, not stored as 1901; the import skips it with why', async () => {
    const before = eventCount();
    const response = await put(
      `${CAL}year-one.ics`,
      event('year-one@tests')
        .replace('DTSTART:20270601T100000Z', 'DTSTART:00010101T100000Z')
        .replace(/DTEND[^\r]*\r\n/, ''),
    );
    assert.equal(response.status, 403);
    assert.match(response.text, /years 100 to 9999/);
    assert.equal(eventCount(), before);
    const read = readIcs(event('year-one@tests').replace('DTSTART:20270601T100000Z', 'DTSTART:00500101T100000Z'), {
      siteTimezone: 'UTC',
      now: new Date(),
    });
    assert.equal(read.events.length, 0);
    assert.equal(read.skipped[0]?.params?.why, 'out_of_range');
  });
});

describe('CalDAV’s work has a lane of its own, up before it is needed', () => {
  test('whole-calendar reads and PUTs run on CalDAV’s worker; the REST read worker runs only the REST lists', async () => {
    const { readWorker, davWorker } = server.listening.app;
    const rest = { ...readWorker!.served };
    const calDav = { ...(davWorker?.served ?? { worker: 0, locally: 0 }) };
    const depth1 = await dav('PROPFIND', CAL, { body: propfindOf('<d:getetag/>'), headers: { depth: '1' } });
    assert.equal(depth1.status, 207);
    const sync = await dav('REPORT', CAL, {
      body: `<d:sync-collection ${NS}><d:sync-token/><d:sync-level>1</d:sync-level><d:prop><d:getetag/></d:prop></d:sync-collection>`,
    });
    assert.equal(sync.status, 207);
    assert.equal((await put(`${CAL}lane.ics`, event('lane@tests'))).status, 201);
    // A slow list (a search) is the REST read worker's.
    const list = await server.request('GET', 'events', { query: { search: 'Hostile' }, token: server.tokens.editor });
    assert.equal(list.status, 200);
    // Before, the one read worker ran the two whole-calendar reads too: a victim's list waited
    // behind an attacker's chunks.
    assert.deepEqual(readWorker!.served, { worker: rest.worker + 1, locally: rest.locally }, 'only the list');
    assert.ok(davWorker, 'CalDAV has a worker of its own');
    assert.deepEqual(davWorker.served, { worker: calDav.worker + 3, locally: calDav.locally }, 'two reads and a PUT');
  });

  test('a REPORT body is turned into text on CalDAV’s worker, not on the event loop', async () => {
    const hrefs = Array.from({ length: 12_000 }, (_, i) => `<d:href>${CAL}missing-${i}.ics</d:href>`).join('');
    const body = `<c:calendar-multiget ${NS}><d:prop><d:getetag/></d:prop>${hrefs}</c:calendar-multiget>`;
    assert.ok(body.length > 512 * 1024);
    // The server runs in this process: count the event loop's conversions of a body this large
    // to text (the worker's thread has a Buffer of its own).
    const decode = Buffer.prototype.toString;
    let decodedHere = 0;
    Buffer.prototype.toString = function (this: Buffer, ...args: Parameters<Buffer['toString']>) {
      if (this.length >= body.length) decodedHere++;
      return decode.apply(this, args);
    } as Buffer['toString'];
    let response: Response;
    try {
      response = await fetch(server.url + CAL, {
        method: 'REPORT',
        body,
        headers: { authorization: basic('editor', server.tokens.editor), 'content-type': 'application/xml' },
      });
    } finally {
      Buffer.prototype.toString = decode;
    }
    assert.equal(response.status, 207);
    assert.equal(count(await response.text(), '<d:status>HTTP/1.1 404 Not Found</d:status>'), 12_000);
    assert.equal(decodedHere, 0, 'the body was read as bytes, and decoded on the worker');
  });

  test(
    'CalDAV’s worker runs below the priority of the event loop and the REST read worker (Linux)',
    { skip: process.platform !== 'linux' && 'thread priorities are set on Linux only' },
    async () => {
      const { readWorker, davWorker } = server.listening.app;
      // Both up: a search (the REST read worker) and a whole-calendar read (CalDAV's).
      assert.equal((await server.request('GET', 'events', { query: { search: 'Hostile' } })).status, 200);
      assert.equal(
        (await dav('PROPFIND', CAL, { body: propfindOf('<d:getetag/>'), headers: { depth: '1' } })).status,
        207,
      );
      const here = getPriority(); // this thread's: the event loop's
      assert.equal((await readWorker!.stats())?.niceness, here, 'the REST read worker: as the event loop');
      assert.equal((await davWorker?.stats())?.niceness, Math.min(19, here + 10), 'CalDAV’s: ten steps below');
    },
  );

  test('the service starts CalDAV’s worker with itself, not with the first PUT or sync', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'almanac-dav-lane-'));
    const service = await startService({ dataDir, port: 0, tuneHeap: false, dailyBackups: false, timezone: 'UTC' });
    try {
      const worker = service.listening.app.davWorker;
      assert.ok(worker, 'CalDAV has a worker of its own');
      // Nothing has asked CalDAV for anything yet.
      assert.equal(worker.served.worker + worker.served.locally, 0);
      assert.equal(worker.starts, 1, 'started with the service');
      assert.equal(worker.running, true);
    } finally {
      await service.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  test('a worker stopped idle is started again by a calendar app’s cheap request, ahead of its sync or PUT', async () => {
    const quick = await startServer({ app: { calDavWorkerIdleMs: 50 } });
    try {
      const quickDav = davRequests(() => quick);
      const worker = quick.listening.app.davWorker;
      assert.ok(worker, 'CalDAV has a worker of its own');
      const first = await quickDav('PROPFIND', CAL, { body: propfindOf('<d:getetag/>'), headers: { depth: '1' } });
      assert.equal(first.status, 207);
      // Waits on the worker's state, not a time: its idle stop (50 ms without work) comes.
      const deadline = Date.now() + 60_000;
      while (worker.running && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
      assert.equal(worker.running, false, 'stopped idle');
      const starts = worker.starts;
      const served = { ...worker.served };
      // A ctag PROPFIND (Depth 0: cheap, answered on the event loop) starts it again.
      const ctag = await quickDav('PROPFIND', CAL, { body: propfindOf('<d:getetag/>'), headers: { depth: '0' } });
      assert.equal(ctag.status, 207);
      assert.equal(worker.starts, starts + 1, 'started by the cheap request');
      assert.deepEqual(worker.served, served, 'which it did not need');
      // A stranger's request starts nothing.
      const starts2 = worker.starts;
      while (worker.running && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
      const stranger = await fetch(`${quick.url}${CAL}`, {
        method: 'PROPFIND',
        headers: { authorization: basic('editor', 'wrong'), depth: '0' },
      });
      assert.equal(stranger.status, 401);
      assert.equal(worker.starts, starts2);
    } finally {
      await quick.close();
    }
  });
});

describe('a large object is rendered once per change, not once per request', () => {
  test('PROPFIND Depth 0 and GET are served from the rendered objects; a change is seen at once', async () => {
    const large = await createEvent(server, {
      title: 'Large',
      description: `<p>${'x &amp; y '.repeat(6_000)}</p>`,
      start_date: '2027-10-01 10:00',
      end_date: '2027-10-01 11:00',
    });
    const path = `${CAL}almanac-${large.id}.ics`;
    const data = propfindOf('<d:getetag/><c:calendar-data/>');
    const first = await dav('PROPFIND', path, { body: data, headers: { depth: '0' } });
    assert.equal(first.status, 207);
    assert.ok(first.text.length > 60_000, `${first.text.length} characters`);
    const before = renders.count;
    for (let i = 0; i < 5; i++) {
      const again = await dav('PROPFIND', path, { body: data, headers: { depth: '0' } });
      assert.equal(again.text, first.text);
      const got = await dav('GET', path);
      assert.equal(got.status, 200);
      assert.match(got.text, /SUMMARY:Large/);
    }
    assert.equal(renders.count - before, 0, 'none rendered again');
    // A change is served at once (and rendered once), as every caller sees it.
    assert.equal((await server.admin('POST', `events/${large.id}`, { json: { title: 'Larger' } })).status, 200);
    const changed = await dav('PROPFIND', path, { body: data, headers: { depth: '0' } });
    assert.match(changed.text, /SUMMARY:Larger/);
    assert.match((await dav('GET', path)).text, /SUMMARY:Larger/);
    const subscriber = await dav('GET', `/caldav/calendars/subscriber/default/almanac-${large.id}.ics`, {
      as: 'subscriber',
    });
    assert.match(subscriber.text, /SUMMARY:Larger/);
    assert.ok(renders.count - before <= 2, `${renders.count - before} renderings: one per view`);
    // Made a draft: gone for those who may not see drafts, though it was served to them before.
    assert.equal((await server.admin('POST', `events/${large.id}`, { json: { status: 'draft' } })).status, 200);
    const hidden = await dav('GET', `/caldav/calendars/subscriber/default/almanac-${large.id}.ics`, {
      as: 'subscriber',
    });
    assert.equal(hidden.status, 404);
    assert.equal((await dav('GET', path)).status, 200, 'the editor still sees it');
  });
});

describe('a large object’s calendar-data is escaped once per change, not once per request', () => {
  test('PROPFIND Depth 0 asked again and again escapes its text once; a change escapes the new one once', async () => {
    const large = await createEvent(server, {
      title: 'Escaped',
      description: `<p>${'x &amp; y '.repeat(3_000)}</p>`,
      start_date: '2027-10-02 10:00',
      end_date: '2027-10-02 11:00',
    });
    const path = `${CAL}almanac-${large.id}.ics`;
    const data = propfindOf('<d:getetag/><c:calendar-data/>');
    const before = calendarDataEscapes.count;
    const first = await dav('PROPFIND', path, { body: data, headers: { depth: '0' } });
    assert.equal(first.status, 207);
    assert.ok(first.text.length > 16_000, `${first.text.length} characters`);
    assert.match(first.text, /x &amp; y/, 'escaped as XML');
    for (let i = 0; i < 5; i++)
      assert.equal((await dav('PROPFIND', path, { body: data, headers: { depth: '0' } })).text, first.text);
    assert.equal(calendarDataEscapes.count - before, 1, 'escaped once for six answers');
    assert.equal((await server.admin('POST', `events/${large.id}`, { json: { title: 'Escaped again' } })).status, 200);
    for (let i = 0; i < 3; i++) {
      const changed = await dav('PROPFIND', path, { body: data, headers: { depth: '0' } });
      assert.match(changed.text, /SUMMARY:Escaped again/);
    }
    assert.equal(calendarDataEscapes.count - before, 2, 'the changed text escaped once');
  });
});

describe('nothing tells a caller of objects it cannot see', () => {
  test('a UID of a draft the caller cannot see gets the answer an unused one gets', async () => {
    const draft = await createEvent(
      server,
      { title: 'Secret draft', status: 'draft', start_date: '2027-09-01 10:00', end_date: '2027-09-01 11:00' },
      server.tokens.editor,
    );
    const visible = await createEvent(server, {
      title: 'Public',
      start_date: '2027-09-02 10:00',
      end_date: '2027-09-02 11:00',
    });
    const path = '/caldav/calendars/contributor/default/';
    const got = await dav('GET', `${path}almanac-${visible.id}.ics`, { as: 'contributor' });
    const key = /UID:\d+-(.+)@almanac/.exec(got.text)?.[1];
    assert.ok(key, got.text);
    const hidden = await put(`${path}probe-a.ics`, event(`${draft.id}-${key}@almanac`), 'contributor');
    const unused = await put(`${path}probe-b.ics`, event(`${draft.id + 100_000}-${key}@almanac`), 'contributor');
    assert.equal(hidden.status, unused.status);
    assert.equal(hidden.text, unused.text);
    assert.doesNotMatch(hidden.text, new RegExp(`almanac-${draft.id}`));
    // A client's own UID on an object the caller cannot see: refused without naming it.
    assert.equal((await put(`${CAL}named-secret.ics`, event('client-uid@tests'))).status, 201);
    const id = server.store.db
      .prepare('SELECT post_id FROM import_uids WHERE uid = ?')
      .pluck()
      .get('client-uid@tests') as number;
    assert.equal((await server.admin('POST', `events/${id}`, { json: { status: 'draft' } })).status, 200);
    const taken = await put(`${path}probe-c.ics`, event('client-uid@tests'), 'contributor');
    assert.equal(taken.status, 403);
    assert.doesNotMatch(taken.text, /named-secret|<d:href>/);
  });
});

describe('sign-in throttling cannot be turned against a user', () => {
  test('guesses for a login or a token id never lock out its right token (CalDAV and REST)', async () => {
    const propfind = (authorization: string) =>
      fetch(`${server.url}${CAL}`, { method: 'PROPFIND', headers: { authorization, depth: '0' } });
    const statuses: number[] = [];
    for (let i = 0; i <= AUTH_FAILURE_LIMIT + 1; i++)
      statuses.push((await propfind(basic('editor', 'alm_000000000000_wrongwrongwrongwrongwrongwrongwr'))).status);
    assert.equal(statuses[0], 401);
    assert.equal(statuses[statuses.length - 1], 429, 'the guesser is throttled');
    assert.equal((await propfind(basic('editor', server.tokens.editor))).status, 207, 'the user is not');
    const realId = server.tokens.author.slice(0, 17);
    for (let i = 0; i <= AUTH_FAILURE_LIMIT + 1; i++)
      await server.request('GET', 'events', { headers: { authorization: `Bearer ${realId}_${'x'.repeat(32)}` } });
    assert.equal((await server.request('GET', 'events', { token: server.tokens.author })).status, 200);
  });
});

test('HEAD answers as GET does, without the body', async () => {
  const got = await dav('GET', `${CAL}seed-3.ics`);
  const head = await dav('HEAD', `${CAL}seed-3.ics`);
  assert.equal(head.status, 200);
  assert.equal(head.text, '');
  assert.equal(head.headers.get('etag'), got.headers.get('etag'));
  assert.equal(head.headers.get('content-length'), String(Buffer.byteLength(got.text)));
  const options = await fetch(`${server.url}/caldav/`, { method: 'OPTIONS' });
  assert.match(options.headers.get('allow') ?? '', /\bHEAD\b/);
});

test('a 500 is logged with what finds it again, and answered without detail (CalDAV and REST)', async () => {
  const lines: string[] = [];
  const broken = await startServer({ app: { log: (line) => lines.push(line) } });
  try {
    const brokenDav = davRequests(() => broken);
    const created = await createEvent(broken, {
      title: 'x',
      start_date: '2027-01-01 10:00',
      end_date: '2027-01-01 11:00',
    });
    // A real fault in a real database: a table the reads need is gone.
    broken.store.db.exec(
      'ALTER TABLE caldav_object_names RENAME TO gone_names; ALTER TABLE post_links RENAME TO gone_links',
    );
    const path = '/caldav/calendars/editor/default/some.ics';
    const response = await brokenDav('PROPFIND', path, { body: '', headers: { depth: '0' } });
    assert.equal(response.status, 500);
    assert.doesNotMatch(response.text, /no such table|at .*\.ts/);
    const rest = await broken.admin('GET', `events/${created.id}`);
    assert.equal(rest.status, 500);
    assert.equal(rest.body.code, 'rest_internal_error');
    const log = lines.join('\n');
    assert.match(log, new RegExp(`ERROR \\[req-\\d+ PROPFIND ${path}\\] unexpected CalDAV error`));
    assert.match(log, new RegExp(`ERROR \\[req-\\d+ GET /svc/events/v1/events/${created.id}\\] unexpected error`));
    assert.match(log, /SqliteError: no such table: caldav_object_names\n\s+at /);
    assert.match(log, /no such table: post_links/);
  } finally {
    await broken.close();
  }
});
