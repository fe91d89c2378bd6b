// Issue 36: files from other programs, each imported as a new organizer would — previewed, then
// imported into an empty site — and the preview compared with what the import made (events,
// venues, organizers, series, counted in the database): a Last.fm export (real, from ical4j's test
// data), a festival's export whose dates say VALUE=DATE but hold date-times, a Google Calendar
// export with a never-ending series since November 2020, and a Berlin calendar whose weekly series
// ended in 2018 beside single events of 2017.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { startServer, type TestServer } from '../support/server.ts';

let server: TestServer;
let sites = 0;

before(async () => {
  server = await startServer({ timezone: 'Europe/Amsterdam' });
});
after(() => server.close());

function fixture(path: string): string {
  return readFileSync(new URL(`../fixtures/${path}`, import.meta.url), 'utf8');
}

function newSite(timezone: string) {
  const code = `wild-${++sites}`;
  const site = server.store.sites.create({ code, title: code, timezone, language: 'en' });
  for (const [login, id] of Object.entries(server.userIds))
    server.store.users.setRole(site.id, id, login === 'author2' ? 'author' : (login as 'administrator'));
  return site;
}

/** What a site holds: events (not in the trash), venues, organizers, series. */
function counts(siteId: number) {
  const count = (sql: string) => (server.store.db.prepare(sql).get(siteId) as { n: number }).n;
  return {
    events: count("SELECT count(*) AS n FROM posts WHERE site_id = ? AND type = 'event' AND status <> 'trash'"),
    venues: count("SELECT count(*) AS n FROM posts WHERE site_id = ? AND type = 'venue'"),
    organizers: count("SELECT count(*) AS n FROM posts WHERE site_id = ? AND type = 'organizer'"),
    series: count("SELECT count(*) AS n FROM series WHERE site_id = ? AND status = 'active'"),
  };
}

async function upload(code: string, body: string, query: Record<string, string>) {
  const response = await server.request('POST', `/${code}/almanac/v1/import`, {
    raw: { body, contentType: 'text/calendar' },
    query,
    token: server.tokens.administrator,
  });
  assert.equal(response.status, 200, response.text);
  return response.body;
}

/**
 * Previews `body` in a new site, imports it, and checks that the preview said what the import
 * made: the same summary (but for ids), and as many events, venues and organizers in the site.
 */
async function previewThenImport(body: string, timezone = 'Europe/Amsterdam', query: Record<string, string> = {}) {
  const site = newSite(timezone);
  const preview = await upload(site.code, body, Object.assign({ dry_run: 'true' }, query));
  assert.deepEqual(counts(site.id), { events: 0, venues: 0, organizers: 0, series: 0 }, 'a preview writes nothing');
  const done = await upload(site.code, body, query);
  const made = counts(site.id);
  const withoutIds = (summary: Record<string, unknown>) =>
    JSON.parse(JSON.stringify(summary, (key, value) => (key === 'id' || key === 'dry_run' ? undefined : value)));
  assert.deepEqual(withoutIds(done), withoutIds(preview), 'the import did what its preview said');
  assert.equal(made.events, preview.created, 'events made = events previewed');
  assert.equal(made.venues, preview.related.venues.created, 'venues made = venues previewed');
  assert.equal(made.organizers, preview.related.organizers.created, 'organizers made = organizers previewed');
  return { site, preview, done, made };
}

function venues(siteId: number) {
  return server.store.db
    .prepare(
      "SELECT title, address, city, country, geo_lat AS lat, geo_lng AS lng FROM posts WHERE site_id = ? AND type = 'venue' ORDER BY title",
    )
    .all(siteId) as {
    title: string;
    address: string | null;
    city: string | null;
    country: string | null;
    lat: number | null;
    lng: number | null;
  }[];
}

test('a Last.fm export: as many venues as the preview said, whatever the case, GEO or country', async () => {
  // 33 concerts at 7 halls; one names "theater bouwkunde" in lower case, one has an empty GEO (";"),
  // and every LOCATION is "Hall, Netherlands". The import made 9 venues where its preview said 7.
  const body = fixture('wild/ical4j/src__test__resources__samples__invalid__lastfm.ics');
  const { site, preview, made } = await previewThenImport(body);
  assert.equal(preview.created, 33);
  assert.equal(made.venues, 7);
  const halls = venues(site.id);
  assert.deepEqual(
    halls.map((hall) => hall.title),
    [
      'Burgerweeshuis',
      'Deventer Schouwburg',
      'Evenemententerrein Walibi World',
      'Havenkwartier',
      'Kajak',
      'Recreatieplas Bussloo',
      'Theater Bouwkunde',
    ],
  );
  // "…, Netherlands" is the country, not the address.
  for (const hall of halls) assert.deepEqual([hall.address, hall.country], [null, 'Netherlands'], hall.title);
  assert.ok(
    halls.every((hall) => hall.lat !== 0),
    'no venue at 0,0 from an empty GEO',
  );
  // Last.fm writes GEO longitude first ("GEO:6.161613;52.255862" for Deventer, 52.26 N 6.16 E);
  // RFC 5545 says latitude first. Read as written, every hall stood in the sea off Somalia.
  const deventer = halls.find((hall) => hall.title === 'Deventer Schouwburg')!;
  assert.deepEqual([deventer.lat, deventer.lng], [52.255862, 6.161613]);
  for (const hall of halls.filter((each) => each.lat !== null))
    assert.ok(hall.lat! > 50 && hall.lat! < 54 && hall.lng! > 3 && hall.lng! < 8, `${hall.title} in the Netherlands`);
  // And it is said, in the preview's warnings.
  const swapped = preview.warnings.filter((warning: { code: string }) => warning.code === 'geo_swapped');
  assert.ok(swapped.length > 0, 'the preview says the GEO was read longitude first');
  assert.equal(swapped[0].params.why, 'producer');

  // Imported into a site that has the hall written another way: linked, not copied.
  const other = newSite('Europe/Amsterdam');
  const made2 = await server.request('POST', `/${other.code}/svc/events/v1/venues`, {
    json: { venue: 'THEATER  bouwkunde', country: 'Netherlands' },
    token: server.tokens.administrator,
  });
  assert.equal(made2.status, 201, made2.text);
  const again = await upload(other.code, body, { dry_run: 'true' });
  assert.deepEqual(again.related.venues.created, 6);
  assert.deepEqual(
    again.related.venues.items
      .filter((item: { action: string }) => item.action === 'existing')
      .map((item: { name: string; id: number }) => [item.name, item.id]),
    [['THEATER  bouwkunde', made2.body.id]],
  );
});

test('a festival whose dates say VALUE=DATE but hold date-times: every event imported, with a warning', async () => {
  const body = fixture('ics/issue-36/festival-value-date.ics');
  const { site, preview } = await previewThenImport(body, 'Europe/Madrid');
  assert.equal(preview.skipped, 0, JSON.stringify(preview.skipped_items));
  assert.equal(preview.created, 6);
  assert.ok(preview.warnings.some((w: { code: string }) => w.code === 'date_type_mismatch'));
  const starts = server.store.db
    .prepare(
      "SELECT start_local, end_local, all_day FROM posts WHERE site_id = ? AND type = 'event' ORDER BY start_local",
    )
    .all(site.id);
  assert.deepEqual(starts[0], { start_local: '2011-08-04 12:00:00', end_local: '2011-08-04 13:30:00', all_day: 0 });
});

/** The dates from `first` to `last` (inclusive) whose weekday (0 Sunday … 6 Saturday) is in `days`. */
function weekdaysBetween(first: string, last: string, days: number[], except: string[] = []): string[] {
  const dates: string[] = [];
  for (let at = Date.parse(`${first}T00:00:00Z`); at <= Date.parse(`${last}T00:00:00Z`); at += 86_400_000) {
    const date = new Date(at);
    const text = date.toISOString().slice(0, 10);
    if (days.includes(date.getUTCDay()) && !except.includes(text)) dates.push(text);
  }
  return dates;
}

function seriesDates(siteId: number, uid: string): string[] {
  const series = server.store.series.byUid(siteId, uid);
  assert.ok(series, `no series ${uid}`);
  return server.store.series
    .occurrences(siteId, series.id)
    .filter((row) => row.status !== 'trash')
    .map((row) => row.recurrence!)
    .sort();
}

test('a Google export: a never-ending series since November 2020 keeps its past, present and future', async () => {
  // Monday, Tuesday, Thursday and Friday since 2 November 2020: ~1,250 occurrences before today.
  // The 1,000-occurrence cap was counted from the first date, so the series was refused and
  // expanded within the import window only (or, before, stopped on 2 September 2025).
  const body = fixture('ics/issue-36/google-never-ending.ics');
  const { site, preview } = await previewThenImport(body);
  const uid = '5kq3v0dd8m1hq0c1n2a6lq0v9t@google.com';
  const line = preview.series.find((s: { uid: string }) => s.uid === uid);
  assert.equal(line?.kept, true, JSON.stringify(preview.warnings));
  assert.equal(line.truncated, true, 'it goes on past the horizon');
  assert.deepEqual(
    preview.warnings.filter((w: { code: string }) => w.code.startsWith('series_')),
    [],
    'nothing is left out',
  );
  const dates = seriesDates(site.id, uid);
  assert.equal(line.instances, dates.length);
  const today = new Date().toISOString().slice(0, 10);
  const last = dates.at(-1)!;
  assert.ok(last > new Date(Date.now() + 700 * 86_400_000).toISOString().slice(0, 10), `ends ${last}`);
  // Every Monday, Tuesday, Thursday and Friday from the first to the last, but the two excluded.
  assert.deepEqual(dates, weekdaysBetween('2020-11-02', last, [1, 2, 4, 5], ['2020-12-24', '2020-12-25']));
  assert.ok(dates.filter((date) => date < today).length > 1000, 'its history');
  // The moved occurrence is the series' exception, at its own time.
  const moved = server.store.db
    .prepare("SELECT title, start_local FROM posts WHERE site_id = ? AND type = 'event' AND recurrence = '2021-11-12'")
    .get(site.id);
  assert.deepEqual(moved, {
    title: 'Koffieochtend (middag, vanwege de markt)',
    start_local: '2021-11-12 14:00:00',
  });
  // The venue, named by the series and the single event alike: one, with its country.
  assert.deepEqual(
    venues(site.id).map((v) => [v.title, v.address, v.city, v.country]),
    [['Buurthuis De Linde', 'Lindenstraat 12', 'Amsterdam', 'Nederland']],
  );
});

test('a Berlin calendar: weekly series that ended in 2018 are imported whole, beside single events of 2017', async () => {
  // They were skipped as "outside the window" (a year back, two ahead), where the single events of
  // the same years were kept: history is imported whole, as series.
  const body = fixture('ics/issue-36/berlin-history.ics');
  const { site, preview, made } = await previewThenImport(body, 'Europe/Berlin');
  assert.deepEqual(preview.skipped_items, []);
  const stammtisch = weekdaysBetween('2016-01-05', '2018-06-26', [2], ['2016-12-27', '2017-12-26']);
  assert.deepEqual(seriesDates(site.id, '8f2d6f0e-3a41-4d7f-9d59-5b3c1e9a7c11'), stammtisch);
  const chor = seriesDates(site.id, 'c0a3b9e2-71f4-4b0e-8d2a-0f6c5d4e3b21');
  assert.deepEqual(chor, weekdaysBetween('2016-09-07', chor.at(-1)!, [3]));
  assert.equal(chor.length, 60);
  assert.equal(made.series, 2);
  assert.equal(made.events, stammtisch.length + 60 + 2);
  assert.deepEqual(
    preview.series.map((s: { title: string; kept?: boolean; instances: number }) => [s.title, s.kept, s.instances]),
    [
      ['Stammtisch', true, stammtisch.length],
      ['Chorprobe', true, 60],
    ],
  );
});

test('GEO as RFC 5545 writes it (latitude first) is kept; a pair whose first number is no latitude is read swapped, and said', async () => {
  const body = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Someone//Tool//EN',
    'BEGIN:VEVENT',
    'UID:geo-right@test',
    'DTSTART:20270310T190000Z',
    'SUMMARY:Right way round',
    'LOCATION:Paradiso\\, Amsterdam',
    'GEO:52.362;4.884',
    'END:VEVENT',
    'BEGIN:VEVENT',
    'UID:geo-swapped@test',
    'DTSTART:20270311T190000Z',
    'SUMMARY:Longitude first',
    'LOCATION:The Fillmore\\, San Francisco',
    'GEO:-122.433;37.784',
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n');
  const { site, preview } = await previewThenImport(body, 'America/Los_Angeles');
  const halls = venues(site.id);
  assert.deepEqual(
    halls.map((hall) => [hall.title, hall.lat, hall.lng]),
    [
      ['Paradiso', 52.362, 4.884],
      ['The Fillmore', 37.784, -122.433],
    ],
  );
  const warnings = preview.warnings.filter((warning: { code: string }) => warning.code === 'geo_swapped');
  assert.deepEqual(
    warnings.map((warning: { line: number; params: { why: string } }) => [warning.line, warning.params.why]),
    [[16, 'range']],
  );
});
