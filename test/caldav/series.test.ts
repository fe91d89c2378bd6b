// A series over CalDAV is one calendar object resource (issue 30 with issue 28): a master VEVENT
// with RRULE, RDATE and EXDATE plus one VEVENT per exception (RECURRENCE-ID). Made in Almanac it
// is listed, fetched, synced and expanded as one object; made or changed by an app it becomes a
// series through the series operations, writing only what the app changed.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import ICAL from 'ical.js';
import { startServer, type TestServer } from '../support/server.ts';
import { calendarOf, davRequests } from './dav-request.ts';

let server: TestServer;
const CAL = '/caldav/calendars/editor/default/';
const dav = davRequests(() => server);

before(async () => {
  server = await startServer({ timezone: 'Europe/Berlin' });
});
after(() => server?.close());

const siteId = () => server.store.sites.byCode('default')!.id;
const hrefsIn = (text: string) => [...text.matchAll(/<d:href>([^<]+)<\/d:href>/g)].map((m) => m[1]!);
const count = (text: string, what: RegExp) => (text.match(what) ?? []).length;

const put = (name: string, body: string, headers: Record<string, string> = {}) =>
  dav('PUT', `${CAL}${name}`, { body, headers: { 'content-type': 'text/calendar', ...headers } });

const REPORT_SYNC = (token: string) =>
  `<d:sync-collection xmlns:d="DAV:"><d:sync-token>${token}</d:sync-token><d:sync-level>1</d:sync-level><d:prop><d:getetag/></d:prop></d:sync-collection>`;
const tokenOf = (text: string) => /<d:sync-token>([^<]+)</.exec(text)![1]!;

function query(start: string, end: string, expand?: [string, string], as?: string) {
  const data = expand ? `<c:expand start="${expand[0]}" end="${expand[1]}"/>` : '';
  return dav('REPORT', CAL.replace('editor', as ?? 'editor'), {
    as,
    headers: { depth: '1' },
    body: `<c:calendar-query xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"><d:prop><d:getetag/><c:calendar-data>${data}</c:calendar-data></d:prop><c:filter><c:comp-filter name="VCALENDAR"><c:comp-filter name="VEVENT"><c:time-range start="${start}" end="${end}"/></c:comp-filter></c:comp-filter></c:filter></c:calendar-query>`,
  });
}

async function makeSeries(fields: Record<string, unknown>, rule: string) {
  const first = await server.admin('POST', 'events', {
    json: Object.assign({ status: 'publish', timezone: 'Europe/Berlin' }, fields),
  });
  assert.equal(first.status, 201, first.text);
  const made = await server.admin('POST', '/almanac/v1/series', { json: { event: first.body.id, rule } });
  assert.equal(made.status, 201, made.text);
  return made.body as { id: number; occurrences: { id: number; date: string }[] };
}

const occurrences = (seriesId: number) => server.store.series.occurrences(siteId(), seriesId);
const occurrenceOn = (seriesId: number, date: string) => occurrences(seriesId).find((r) => r.recurrence === date)!;

/** The VEVENTs of an object, by RECURRENCE-ID ('' for the master). */
function vevents(text: string): Map<string, ICAL.Component> {
  const calendar = new ICAL.Component(ICAL.parse(text) as unknown[]);
  const found = new Map<string, ICAL.Component>();
  for (const event of calendar.getAllSubcomponents('vevent')) {
    const id = event.getFirstPropertyValue('recurrence-id') as ICAL.Time | null;
    found.set(id ? id.toString() : '', event);
  }
  return found;
}

describe('a series made in Almanac', () => {
  let story: { id: number; occurrences: { id: number; date: string }[] };
  let href: string;

  test('is one object: its rule (UNTIL in UTC), its excluded date and its exception', async () => {
    story = await makeSeries(
      {
        title: 'Story time',
        description: '<p>Read <strong>aloud</strong></p>',
        start_date: '2027-03-02 10:00',
        end_date: '2027-03-02 11:00',
        tags: ['Kids'],
      },
      'FREQ=WEEKLY;BYDAY=TU;UNTIL=20270427',
    );
    assert.equal(story.occurrences.length, 9);
    // One Tuesday moved to Wednesday ("this event only"), another deleted on its own.
    const moved = occurrenceOn(story.id, '2027-03-16');
    const patched = await server.admin('PATCH', `events/${moved.id}`, {
      json: { title: 'Story time (Wednesday)', start_date: '2027-03-17 10:00', end_date: '2027-03-17 11:00' },
    });
    assert.equal(patched.status, 200, patched.text);
    assert.equal((await server.admin('DELETE', `events/${occurrenceOn(story.id, '2027-03-30').id}`)).status, 200);

    const listing = await dav('PROPFIND', CAL, {
      headers: { depth: '1' },
      body: '<d:propfind xmlns:d="DAV:"><d:prop><d:getetag/></d:prop></d:propfind>',
    });
    assert.equal(listing.status, 207);
    href = `${CAL}almanac-series-${story.id}.ics`;
    assert.ok(hrefsIn(listing.text).includes(href), listing.text);
    for (const { id } of story.occurrences)
      assert.ok(!hrefsIn(listing.text).includes(`${CAL}almanac-${id}.ics`), 'occurrences are not objects of their own');

    const got = await dav('GET', href);
    assert.equal(got.status, 200);
    const text = got.text.replace(/\r\n /g, '');
    // Berlin is UTC+2 in April: the end of 27 April there is 21:59:59 UTC (RFC 5545: UNTIL in UTC with a TZID).
    assert.match(text, /^RRULE:FREQ=WEEKLY;UNTIL=20270427T215959Z;BYDAY=TU\r$/m);
    assert.match(text, /^DTSTART;TZID=Europe\/Berlin:20270302T100000\r$/m);
    assert.match(text, /^EXDATE;TZID=Europe\/Berlin:20270330T100000\r$/m);
    assert.equal(count(text, /BEGIN:VEVENT/g), 2);
    assert.equal(count(text, /BEGIN:VTIMEZONE/g), 1);
    const events = vevents(got.text);
    const exception = events.get('2027-03-16T10:00:00')!;
    assert.equal(exception.getFirstPropertyValue('summary'), 'Story time (Wednesday)');
    assert.equal((exception.getFirstPropertyValue('dtstart') as ICAL.Time).toString(), '2027-03-17T10:00:00');
    const uid = server.store.series.get(siteId(), story.id)!.uid;
    assert.equal(exception.getFirstPropertyValue('uid'), uid);
    assert.equal(events.get('')!.getFirstPropertyValue('uid'), uid);

    // What a calendar app makes of it (ical.js expanding the object): the series' own dates.
    const master = new ICAL.Event(events.get('')!, { exceptions: [new ICAL.Event(exception)] });
    const iterator = master.iterator();
    const starts: string[] = [];
    for (let next = iterator.next(); next; next = iterator.next())
      starts.push(master.getOccurrenceDetails(next).startDate.toString().slice(0, 10));
    assert.deepEqual(
      starts,
      occurrences(story.id)
        .filter((r) => r.status !== 'trash')
        .map((r) => r.start_local!.slice(0, 10)),
    );
  });

  test('a change to the series or to one occurrence changes that one object in sync-collection', async () => {
    const start = await dav('REPORT', CAL, { body: REPORT_SYNC('') });
    const before = await dav('GET', href);
    const edited = await server.admin('PATCH', `/almanac/v1/series/${story.id}`, {
      json: { changes: { title: 'Story hour' } },
    });
    assert.equal(edited.status, 200, edited.text);
    const delta = await dav('REPORT', CAL, { body: REPORT_SYNC(tokenOf(start.text)) });
    assert.deepEqual(hrefsIn(delta.text), [href], delta.text);
    const after = await dav('GET', href);
    assert.notEqual(after.headers.get('etag'), before.headers.get('etag'));
    const events = vevents(after.text);
    assert.equal(events.get('')!.getFirstPropertyValue('summary'), 'Story hour');
    assert.equal(events.get('2027-03-16T10:00:00')!.getFirstPropertyValue('summary'), 'Story time (Wednesday)');

    // One occurrence changed through the REST API: its series' object, nothing else.
    const again = await dav('REPORT', CAL, { body: REPORT_SYNC(tokenOf(delta.text)) });
    await server.admin('PATCH', `events/${occurrenceOn(story.id, '2027-04-06').id}`, {
      json: { title: 'Story hour!' },
    });
    const one = await dav('REPORT', CAL, { body: REPORT_SYNC(tokenOf(again.text)) });
    assert.deepEqual(hrefsIn(one.text), [href], one.text);
  });

  test('an app changing the title writes only that: the HTML description and tags stay', async () => {
    const got = await dav('GET', href);
    const edited = got.text.replace(/^SUMMARY:Story hour\r$/m, 'SUMMARY:Story hour for all');
    const saved = await put(`almanac-series-${story.id}.ics`, edited, { 'if-match': got.headers.get('etag')! });
    assert.equal(saved.status, 204, saved.text);
    for (const row of occurrences(story.id).filter((r) => r.status !== 'trash' && r.detached === 0)) {
      assert.equal(row.title, 'Story hour for all');
      assert.equal(row.content, '<p>Read <strong>aloud</strong></p>');
      const event = await server.admin('GET', `events/${row.id}`);
      assert.deepEqual(
        event.body.tags.map((t: { name: string }) => t.name),
        ['Kids'],
      );
    }
    // The exceptions keep their own.
    assert.equal(occurrenceOn(story.id, '2027-03-16').title, 'Story time (Wednesday)');
    assert.equal(occurrenceOn(story.id, '2027-04-06').title, 'Story hour!');
  });

  test('a time range finds the series once; expand gives its instances in UTC with RECURRENCE-IDs', async () => {
    const march = await query('20270301T000000Z', '20270401T000000Z');
    assert.deepEqual(hrefsIn(march.text), [href]);
    const none = await query('20270330T000000Z', '20270331T000000Z'); // the deleted Tuesday
    assert.deepEqual(hrefsIn(none.text), []);
    const expanded = await query('20270301T000000Z', '20270320T000000Z', ['20270301T000000Z', '20270320T000000Z']);
    const text = expanded.text.replace(/&#13;/g, '\r');
    assert.doesNotMatch(text, /RRULE|EXDATE|VTIMEZONE/);
    assert.deepEqual(
      [...text.matchAll(/RECURRENCE-ID:(\d{8}T\d{6}Z)/g)].map((m) => m[1]),
      ['20270302T090000Z', '20270309T090000Z', '20270316T090000Z'],
    );
    assert.match(text, /DTSTART:20270317T090000Z/, 'the moved occurrence at its own time');
    // The expanded object's ETag is the object's own.
    const plain = await dav('GET', href);
    assert.ok(expanded.text.includes(plain.headers.get('etag')!.replace(/"/g, '&quot;')), expanded.text.slice(0, 500));
  });

  test('DELETE sends the whole series to the trash; sync says it is gone', async () => {
    const start = await dav('REPORT', CAL, { body: REPORT_SYNC('') });
    const got = await dav('GET', href);
    assert.equal((await dav('DELETE', href, { headers: { 'if-match': '"stale"' } })).status, 412);
    const deleted = await dav('DELETE', href, { headers: { 'if-match': got.headers.get('etag')! } });
    assert.equal(deleted.status, 204, deleted.text);
    assert.equal(server.store.series.get(siteId(), story.id)!.status, 'trash');
    assert.ok(occurrences(story.id).every((r) => r.status === 'trash'));
    assert.equal((await dav('GET', href)).status, 404);
    const delta = await dav('REPORT', CAL, { body: REPORT_SYNC(tokenOf(start.text)) });
    assert.match(delta.text, new RegExp(`<d:href>${href}</d:href><d:status>HTTP/1.1 404`));
  });
});

describe('a series made in a calendar app', () => {
  const master = (summary: string, extra: string[] = []) => [
    'UID:choir@tests',
    'DTSTAMP:20260101T000000Z',
    'DTSTART;TZID=Europe/Berlin:20270601T180000',
    'DTEND;TZID=Europe/Berlin:20270601T200000',
    'RRULE:FREQ=WEEKLY;COUNT=6',
    'EXDATE;TZID=Europe/Berlin:20270615T180000',
    `SUMMARY:${summary}`,
    ...extra,
  ];
  const moved = [
    'UID:choir@tests',
    'DTSTAMP:20260101T000000Z',
    'RECURRENCE-ID;TZID=Europe/Berlin:20270608T180000',
    'DTSTART;TZID=Europe/Berlin:20270609T190000',
    'DTEND;TZID=Europe/Berlin:20270609T210000',
    'SUMMARY:Choir (moved)',
  ];
  let seriesId: number;

  test('PUT of a weekly series with a moved occurrence: a series in Almanac, and the same object back', async () => {
    const created = await put('choir.ics', calendarOf(master('Choir'), moved));
    assert.equal(created.status, 201, created.text);
    const series = server.store.series.byUid(siteId(), 'choir@tests')!;
    seriesId = series.id;
    const rest = await server.admin('GET', `/almanac/v1/series/${series.id}`);
    assert.equal(rest.status, 200, rest.text);
    assert.equal(rest.body.rule, 'FREQ=WEEKLY;COUNT=6');
    assert.deepEqual(rest.body.exdates, ['2027-06-15']);
    const rows = occurrences(series.id);
    assert.deepEqual(
      rows.map((r) => [r.recurrence, r.start_local, r.title, r.detached]),
      [
        ['2027-06-01', '2027-06-01 18:00:00', 'Choir', 0],
        ['2027-06-08', '2027-06-09 19:00:00', 'Choir (moved)', 1],
        ['2027-06-22', '2027-06-22 18:00:00', 'Choir', 0],
        ['2027-06-29', '2027-06-29 18:00:00', 'Choir', 0],
        ['2027-07-06', '2027-07-06 18:00:00', 'Choir', 0],
      ],
    );
    // The REST API sees the occurrences as events, post_parent the first.
    const listed = await server.admin('GET', 'events', {
      query: { post_parent: rows[0]!.id, start_date: '2027-01-01' },
    });
    assert.equal(listed.body.events.length, 4);

    const got = await dav('GET', `${CAL}choir.ics`);
    assert.equal(got.status, 200);
    const events = vevents(got.text);
    assert.equal(events.size, 2);
    assert.equal(events.get('')!.getFirstPropertyValue('uid'), 'choir@tests');
    assert.equal(events.get('2027-06-08T18:00:00')!.getFirstPropertyValue('summary'), 'Choir (moved)');
    // Put back as it came: nothing changes, not even the ETag.
    const same = await put('choir.ics', got.text, { 'if-match': got.headers.get('etag')! });
    assert.equal(same.status, 204, same.text);
    assert.equal((await dav('GET', `${CAL}choir.ics`)).headers.get('etag'), got.headers.get('etag'));
  });

  test('a change in Almanac reaches the object; the app’s next edit writes what it changed', async () => {
    const edited = await server.admin('PATCH', `/almanac/v1/series/${seriesId}`, {
      json: { changes: { title: 'Choir rehearsal' } },
    });
    assert.equal(edited.status, 200, edited.text);
    const got = await dav('GET', `${CAL}choir.ics`);
    assert.equal(vevents(got.text).get('')!.getFirstPropertyValue('summary'), 'Choir rehearsal');

    // The app: a new title for all, the 22nd deleted, and the moved occurrence back in its place.
    const calendar = new ICAL.Component(ICAL.parse(got.text) as unknown[]);
    for (const event of calendar.getAllSubcomponents('vevent')) {
      if (event.hasProperty('recurrence-id')) calendar.removeSubcomponent(event);
      else {
        event.updatePropertyWithValue('summary', 'Choir (summer)');
        const exdate = new ICAL.Property('exdate');
        exdate.setParameter('tzid', 'Europe/Berlin');
        exdate.setValue(ICAL.Time.fromDateTimeString('2027-06-22T18:00:00'));
        event.addProperty(exdate);
      }
    }
    const saved = await put('choir.ics', calendar.toString(), { 'if-match': got.headers.get('etag')! });
    assert.equal(saved.status, 204, saved.text);
    const rows = occurrences(seriesId);
    assert.deepEqual(
      rows.map((r) => [r.recurrence, r.status, r.start_local, r.title, r.detached]),
      [
        ['2027-06-01', 'publish', '2027-06-01 18:00:00', 'Choir (summer)', 0],
        ['2027-06-08', 'publish', '2027-06-08 18:00:00', 'Choir (summer)', 0],
        // Deleted by the app: to the trash (restorable), its date excluded.
        ['2027-06-22', 'trash', '2027-06-22 18:00:00', 'Choir (summer)', 0],
        ['2027-06-29', 'publish', '2027-06-29 18:00:00', 'Choir (summer)', 0],
        ['2027-07-06', 'publish', '2027-07-06 18:00:00', 'Choir (summer)', 0],
      ],
    );
    assert.equal(server.store.series.get(siteId(), seriesId)!.exdates, '2027-06-15,2027-06-22');
  });

  test('a UID that a series holds is a conflict for another object', async () => {
    const conflict = await put('other.ics', calendarOf(master('Choir')));
    assert.equal(conflict.status, 403);
    assert.match(conflict.text, /no-uid-conflict/);
    assert.match(conflict.text, /choir\.ics/);
  });

  test('a bad rule is refused, naming the part, and nothing is written', async () => {
    const before = server.store.db.prepare("SELECT count(*) AS n FROM posts WHERE type = 'event'").get();
    const bad = await put(
      'bad-rule.ics',
      calendarOf(
        master('Hourly').map((line) =>
          line.startsWith('RRULE') ? 'RRULE:FREQ=HOURLY' : line.replace('choir', 'hourly'),
        ),
      ),
    );
    assert.equal(bad.status, 403, bad.text);
    assert.match(bad.text, /FREQ/);
    assert.deepEqual(server.store.db.prepare("SELECT count(*) AS n FROM posts WHERE type = 'event'").get(), before);
  });
});

describe('events and series turn into each other', () => {
  test('an event that starts repeating becomes the first occurrence; a series that stops keeps its first', async () => {
    const made = await server.admin('POST', 'events', {
      json: {
        title: 'Yoga',
        description: '<p>Bring a <em>mat</em></p>',
        start_date: '2027-09-06 08:00',
        end_date: '2027-09-06 09:00',
        tags: ['Health'],
      },
    });
    const id = made.body.id as number;
    const name = `almanac-${id}.ics`;
    const got = await dav('GET', `${CAL}${name}`);
    const repeating = got.text.replace('END:VEVENT', 'RRULE:FREQ=DAILY;COUNT=3\r\nEND:VEVENT');
    const saved = await put(name, repeating, { 'if-match': got.headers.get('etag')! });
    assert.equal(saved.status, 204, saved.text);
    const event = server.store.posts.get(siteId(), id)!;
    assert.ok(event.series_id !== null, 'the event is the first occurrence');
    const seriesId = event.series_id!;
    assert.deepEqual(
      occurrences(seriesId).map((r) => [r.start_local, r.content]),
      [
        ['2027-09-06 08:00:00', '<p>Bring a <em>mat</em></p>'],
        ['2027-09-07 08:00:00', '<p>Bring a <em>mat</em></p>'],
        ['2027-09-08 08:00:00', '<p>Bring a <em>mat</em></p>'],
      ],
    );
    // The app's name now stands for the series.
    const series = await dav('GET', `${CAL}${name}`);
    assert.equal(series.status, 200);
    assert.match(series.text, /RRULE:FREQ=DAILY;COUNT=3/);

    // And back: no rule any more. The first occurrence stays, as the event; the others go to the trash.
    const single = series.text.replace(/RRULE:[^\r]*\r\n/, '');
    const back = await put(name, single, { 'if-match': series.headers.get('etag')! });
    assert.equal(back.status, 204, back.text);
    const after = server.store.posts.get(siteId(), id)!;
    assert.equal(after.series_id, null);
    assert.equal(after.status, 'publish');
    assert.equal(after.content, '<p>Bring a <em>mat</em></p>');
    assert.equal(server.store.series.get(siteId(), seriesId)!.status, 'trash');
    const again = await dav('GET', `${CAL}${name}`);
    assert.equal(again.status, 200);
    assert.doesNotMatch(again.text, /RRULE/);
  });

  test('a cancelled event (STATUS:CANCELLED) goes to the trash; a new cancelled one is refused', async () => {
    const event = calendarOf([
      'UID:cancel-me@tests',
      'DTSTAMP:20260101T000000Z',
      'DTSTART;TZID=Europe/Berlin:20271001T100000',
      'DTEND;TZID=Europe/Berlin:20271001T110000',
      'SUMMARY:Maybe',
    ]);
    assert.equal((await put('cancel-me.ics', event)).status, 201);
    const id = server.store.importUids.postOf(siteId(), 'cancel-me@tests')!;
    const got = await dav('GET', `${CAL}cancel-me.ics`);
    const cancelled = got.text.replace(/STATUS:[A-Z]+/, 'STATUS:CANCELLED');
    const saved = await put('cancel-me.ics', cancelled, { 'if-match': got.headers.get('etag')! });
    assert.equal(saved.status, 204, saved.text);
    assert.equal(server.store.posts.get(siteId(), id)!.status, 'trash');
    assert.equal((await dav('GET', `${CAL}cancel-me.ics`)).status, 404);
    const fresh = await put(
      'never.ics',
      event.replace('cancel-me', 'never').replace('SUMMARY', 'STATUS:CANCELLED\r\nSUMMARY'),
    );
    assert.equal(fresh.status, 403);
  });
});

describe('who sees what', () => {
  test('an occurrence a subscriber may not see is left out of their object (EXDATE), not excluded', async () => {
    const made = await makeSeries(
      { title: 'Market', start_date: '2027-05-01 09:00', end_date: '2027-05-01 13:00' },
      'FREQ=WEEKLY;COUNT=3',
    );
    const draft = occurrenceOn(made.id, '2027-05-08');
    assert.equal((await server.admin('PATCH', `events/${draft.id}`, { json: { status: 'draft' } })).status, 200);
    const href = `/caldav/calendars/subscriber/default/almanac-series-${made.id}.ics`;
    const seen = await dav('GET', href, { as: 'subscriber' });
    assert.equal(seen.status, 200, seen.text);
    assert.match(seen.text, /EXDATE;TZID=Europe\/Berlin:20270508T090000/);
    assert.equal(count(seen.text, /BEGIN:VEVENT/g), 1, 'the draft is no exception they see');
    const editors = await dav('GET', `${CAL}almanac-series-${made.id}.ics`);
    assert.doesNotMatch(editors.text, /EXDATE/);
    assert.equal(count(editors.text, /BEGIN:VEVENT/g), 2);
  });

  test('a series that never ends is found past its horizon, where no occurrence exists yet', async () => {
    const made = await makeSeries(
      { title: 'Anniversary', start_date: '2027-01-10 19:00', end_date: '2027-01-10 21:00' },
      'FREQ=YEARLY',
    );
    const href = `${CAL}almanac-series-${made.id}.ics`;
    const far = await query('20350101T000000Z', '20350201T000000Z');
    assert.ok(hrefsIn(far.text).includes(href), far.text);
    const expanded = await query('20350101T000000Z', '20350201T000000Z', ['20350101T000000Z', '20350201T000000Z']);
    assert.match(expanded.text, /RECURRENCE-ID:20350110T180000Z/);
    const empty = await query('20350201T000000Z', '20350301T000000Z');
    assert.ok(!hrefsIn(empty.text).includes(href));
  });
});

describe('a series whose first occurrence was deleted on its own', () => {
  test('keeps it deleted through an edit in Almanac and through a round trip in an app', async () => {
    const made = await makeSeries(
      { title: 'Workshop', start_date: '2027-11-02 18:00', end_date: '2027-11-02 20:00' },
      'FREQ=WEEKLY;COUNT=4',
    );
    const first = occurrenceOn(made.id, '2027-11-02');
    assert.equal((await server.admin('DELETE', `events/${first.id}`)).status, 200);
    const state = () => occurrences(made.id).map((r) => [r.recurrence, r.status]);
    const expected = [
      ['2027-11-02', 'trash'],
      ['2027-11-09', 'publish'],
      ['2027-11-16', 'publish'],
      ['2027-11-23', 'publish'],
    ];
    // "All events" through the REST API: the first stays in the trash, and COUNT still counts from it.
    const edited = await server.admin('PATCH', `/almanac/v1/series/${made.id}`, {
      json: { changes: { title: 'Workshop (all)' } },
    });
    assert.equal(edited.status, 200, edited.text);
    assert.deepEqual(state(), expected);
    const href = `${CAL}almanac-series-${made.id}.ics`;
    const got = await dav('GET', href);
    assert.match(got.text, /EXDATE;TZID=Europe\/Berlin:20271102T180000/);
    const saved = await put(
      `almanac-series-${made.id}.ics`,
      got.text.replace('SUMMARY:Workshop (all)', 'SUMMARY:Workshop!'),
      {
        'if-match': got.headers.get('etag')!,
      },
    );
    assert.equal(saved.status, 204, saved.text);
    assert.deepEqual(state(), expected);
    assert.equal(server.store.series.get(siteId(), made.id)!.exdates, '2027-11-02');
  });
});
