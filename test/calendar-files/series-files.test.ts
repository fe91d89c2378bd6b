// Calendar files keep series (issue 28), over real HTTP with the real server: an Outlook-shaped
// file's weekly meeting (a Windows zone name, BYDAY, one moved occurrence, one EXDATE, one
// cancelled occurrence) becomes ONE series with its exception; a re-import updates it in place;
// the .ics export writes it once with its rule, read back by an independent reader
// (python3-icalendar + python3-recurring-ical-events) giving the occurrences the server lists;
// export → import into a new site gives the same series; a rule the series model refuses (hourly)
// falls back to single events with a note; the CSV export stays one row per occurrence.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, type TestServer } from '../support/server.ts';
import { pythonMissing, runPython } from '../support/python.ts';
import { extendAllSeries } from '../../server/operations/series/series-horizon.ts';

let server: TestServer;
const IMPORT = 'almanac/v1/import';
const missingPython = pythonMissing('icalendar') || pythonMissing('recurring_ical_events');

before(async () => {
  server = await startServer({ timezone: 'America/New_York' });
});
after(() => server.close());

function newSite(code: string) {
  const site = server.store.sites.create({ code, title: `Copy ${code}`, timezone: 'America/New_York', language: 'en' });
  for (const [login, id] of Object.entries(server.userIds))
    server.store.users.setRole(site.id, id, login === 'author2' ? 'author' : (login as 'administrator'));
  return site;
}

async function upload(site: string, body: string, query: Record<string, string> = {}) {
  const path = site === 'default' ? `/${IMPORT}` : `/${site}/${IMPORT}`;
  const response = await server.request('POST', path, {
    raw: { body, contentType: 'text/calendar' },
    query,
    token: server.tokens.administrator,
  });
  assert.equal(response.status, 200, response.text);
  return response.body;
}

// The meeting is next year's (the reader imports series within a year back, two years ahead), on
// the Tuesdays from the first of January: dates computed, so the test means the same every year.
const YEAR = new Date().getUTCFullYear() + 1;
const firstTuesday = (() => {
  const day = new Date(Date.UTC(YEAR, 0, 1));
  while (day.getUTCDay() !== 2) day.setUTCDate(day.getUTCDate() + 1);
  return day;
})();
/** The date `weeks` after the first Tuesday, plus `days`: `YYYY-MM-DD`. */
function dateOf(weeks: number, days = 0): string {
  return new Date(firstTuesday.getTime() + (weeks * 7 + days) * 86_400_000).toISOString().slice(0, 10);
}
const compact = (date: string) => date.replaceAll('-', '');

const UID =
  '040000008200E00074C5B7101A82E00800000000B0C4A7D1E25ADB01000000000000000010000000F7A1C36D2E8B4C4F9A3A4C1F6C2E9D11';

/** Outlook's way: a Windows zone with its VTIMEZONE, quoted TZIDs, the moved occurrence after its series. */
function outlookFile(title = 'Team meeting'): string {
  const zone = 'TZID="W. Europe Standard Time"';
  return [
    'BEGIN:VCALENDAR',
    'PRODID:-//Microsoft Corporation//Outlook 16.0 MIMEDIR//EN',
    'VERSION:2.0',
    'METHOD:PUBLISH',
    'BEGIN:VTIMEZONE',
    'TZID:W. Europe Standard Time',
    'BEGIN:STANDARD',
    'DTSTART:16011028T030000',
    'RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=10',
    'TZOFFSETFROM:+0200',
    'TZOFFSETTO:+0100',
    'END:STANDARD',
    'BEGIN:DAYLIGHT',
    'DTSTART:16010325T020000',
    'RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=3',
    'TZOFFSETFROM:+0100',
    'TZOFFSETTO:+0200',
    'END:DAYLIGHT',
    'END:VTIMEZONE',
    'BEGIN:VEVENT',
    'CLASS:PUBLIC',
    `DESCRIPTION:Weekly status.\\n`,
    `DTSTART;${zone}:${compact(dateOf(0))}T100000`,
    `DTEND;${zone}:${compact(dateOf(0))}T110000`,
    `RRULE:FREQ=WEEKLY;UNTIL=${compact(dateOf(11))}T235959Z;INTERVAL=1;BYDAY=TU;WKST=SU`,
    `EXDATE;${zone}:${compact(dateOf(4))}T100000`,
    'LOCATION:Room 4B',
    'SEQUENCE:0',
    `SUMMARY;LANGUAGE=en-us:${title}`,
    `UID:${UID}`,
    'END:VEVENT',
    'BEGIN:VEVENT',
    `RECURRENCE-ID;${zone}:${compact(dateOf(6))}T100000`,
    `DTSTART;${zone}:${compact(dateOf(6, 1))}T140000`,
    `DTEND;${zone}:${compact(dateOf(6, 1))}T150000`,
    'LOCATION:Room 4B',
    'SEQUENCE:1',
    'SUMMARY;LANGUAGE=en-us:Team meeting (moved)',
    `UID:${UID}`,
    'END:VEVENT',
    'BEGIN:VEVENT',
    `RECURRENCE-ID;${zone}:${compact(dateOf(9))}T100000`,
    `DTSTART;${zone}:${compact(dateOf(9))}T100000`,
    `DTEND;${zone}:${compact(dateOf(9))}T110000`,
    'STATUS:CANCELLED',
    'SUMMARY;LANGUAGE=en-us:Canceled: Team meeting',
    `UID:${UID}`,
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n');
}

const seriesCount = (siteId: number) =>
  (
    server.store.db.prepare("SELECT count(*) AS n FROM series WHERE site_id = ? AND status = 'active'").get(siteId) as {
      n: number;
    }
  ).n;
const eventCount = (siteId: number) =>
  (
    server.store.db
      .prepare("SELECT count(*) AS n FROM posts WHERE site_id = ? AND type = 'event' AND status <> 'trash'")
      .get(siteId) as { n: number }
  ).n;

async function readSeries(site: string, id: number) {
  const prefix = site === 'default' ? '' : `/${site}`;
  const response = await server.admin('GET', `${prefix}/almanac/v1/series/${id}`);
  assert.equal(response.status, 200, response.text);
  return response.body;
}

/** What makes a series the same series: its rule, dates, time, and each occurrence. */
async function shapeOf(site: string, id: number) {
  const series = await readSeries(site, id);
  const prefix = site === 'default' ? '' : `/${site}`;
  const titles = new Map<number, string>();
  for (const occurrence of series.occurrences) {
    const event = await server.admin('GET', `${prefix}/svc/events/v1/events/${occurrence.id}`);
    titles.set(occurrence.id, event.body.title);
  }
  return {
    uid: series.uid,
    rule: series.rule,
    rdates: series.rdates,
    exdates: series.exdates,
    timezone: series.timezone,
    start: series.start,
    end: series.end,
    occurrences: series.occurrences
      .filter((o: { status: string }) => o.status !== 'trash')
      .map((o: { id: number; date: string; start: string; end: string; detached: boolean }) => [
        o.date,
        o.start,
        o.end,
        o.detached,
        titles.get(o.id),
      ]) as [string, string, string, boolean, string | undefined][],
  };
}

const TUESDAYS = [0, 1, 2, 3, 5, 6, 7, 8, 10, 11]; // weeks 4 (EXDATE) and 9 (cancelled) left out
let importedId = 0;

test('preview: one series of ten occurrences, nothing written', async () => {
  const site = server.store.sites.byCode('default')!;
  const preview = await upload('default', outlookFile(), { dry_run: 'true' });
  assert.equal(preview.dry_run, true);
  assert.deepEqual(
    preview.series.map((s: Record<string, unknown>) => [s.uid, s.kept, s.action, s.instances]),
    [[UID, true, 'create', 10]],
  );
  assert.equal(preview.created, 10);
  assert.equal(preview.updated, 0);
  assert.deepEqual(
    preview.warnings.filter((w: { code: string }) => w.code === 'series_expanded'),
    [],
  );
  assert.equal(seriesCount(site.id), 0);
  assert.equal(eventCount(site.id), 0);
});

test('an Outlook weekly meeting becomes one series, with its moved occurrence as the exception', async () => {
  const site = server.store.sites.byCode('default')!;
  const summary = await upload('default', outlookFile());
  assert.equal(summary.created, 10);
  assert.equal(summary.series.length, 1);
  assert.equal(summary.series[0].kept, true);
  importedId = summary.series[0].id;
  assert.ok(importedId > 0);
  assert.equal(seriesCount(site.id), 1);
  assert.equal(eventCount(site.id), 10, 'no copies beside the series');

  const shape = await shapeOf('default', importedId);
  assert.equal(shape.uid, UID);
  assert.match(shape.rule, /^FREQ=WEEKLY;/);
  assert.match(shape.rule, /BYDAY=TU/);
  assert.equal(shape.timezone, 'Europe/Berlin');
  assert.deepEqual(shape.exdates, [dateOf(4), dateOf(9)]);
  assert.deepEqual(shape.rdates, []);
  assert.deepEqual(
    shape.occurrences.map((o) => o[0]),
    TUESDAYS.map((week) => dateOf(week)),
  );
  const moved = shape.occurrences.filter((o) => o[3] === true);
  assert.deepEqual(moved, [
    [dateOf(6), `${dateOf(6, 1)} 14:00:00`, `${dateOf(6, 1)} 15:00:00`, true, 'Team meeting (moved)'],
  ]);
  for (const o of shape.occurrences.filter((o) => o[3] === false)) {
    assert.equal(o[1], `${o[0]} 10:00:00`);
    assert.equal(o[4], 'Team meeting');
  }
});

test('re-importing the file updates that series in place, never a second one', async () => {
  const site = server.store.sites.byCode('default')!;
  const before = await shapeOf('default', importedId);
  const again = await upload('default', outlookFile('Team meeting (new room)'));
  assert.deepEqual(
    again.series.map((s: Record<string, unknown>) => [s.kept, s.action, s.id]),
    [[true, 'update', importedId]],
  );
  assert.equal(again.created, 0);
  assert.equal(again.updated, 10);
  assert.equal(seriesCount(site.id), 1);
  assert.equal(eventCount(site.id), 10);
  const after = await shapeOf('default', importedId);
  assert.deepEqual(
    after.occurrences.map((o) => o.slice(0, 4)),
    before.occurrences.map((o) => o.slice(0, 4)),
  );
  // The series' title reached every occurrence but the moved one, which keeps its own.
  assert.deepEqual(
    after.occurrences.map((o) => o[4]),
    TUESDAYS.map((week) => (week === 6 ? 'Team meeting (moved)' : 'Team meeting (new room)')),
  );
  await upload('default', outlookFile());
});

const MARKET_UID_HOLDER: { uid: string; id: number } = { uid: '', id: 0 };

test('a series made in Almanac: all-day, monthly, an extra and an excluded date, a retitled and a deleted occurrence', async () => {
  const first = await server.admin('POST', '/svc/events/v1/events', {
    json: { title: 'Market', start_date: `${YEAR}-02-01`, end_date: `${YEAR}-02-01`, all_day: true, status: 'publish' },
  });
  assert.equal(first.status, 201, first.text);
  const made = await server.admin('POST', '/almanac/v1/series', {
    json: {
      event: first.body.id,
      rule: 'FREQ=MONTHLY;BYMONTHDAY=1;COUNT=6',
      rdates: [`${YEAR}-02-15`],
      exdates: [`${YEAR}-04-01`],
    },
  });
  assert.equal(made.status, 201, made.text);
  MARKET_UID_HOLDER.uid = made.body.uid;
  MARKET_UID_HOLDER.id = made.body.id;
  const byDate = new Map<string, number>(
    made.body.occurrences.map((o: { date: string; id: number }) => [o.date, o.id] as [string, number]),
  );
  // "This event only", through svc/events/v1.
  const retitled = await server.admin('POST', `/svc/events/v1/events/${byDate.get(`${YEAR}-03-01`)}`, {
    json: { title: 'Market (spring)' },
  });
  assert.equal(retitled.status, 200, retitled.text);
  // Deleting one occurrence excludes its date.
  const deleted = await server.admin('DELETE', `/svc/events/v1/events/${byDate.get(`${YEAR}-05-01`)}`);
  assert.equal(deleted.status, 200, deleted.text);
});

let exported = '';

test('the .ics export writes the series once: its rule, EXDATE and the moved occurrence', async () => {
  const response = await server.admin('GET', '/almanac/v1/export', { query: { format: 'ics' } });
  assert.equal(response.status, 200);
  exported = response.text;
  const blocks = exported.replace(/\r\n /g, '').split('BEGIN:VEVENT').slice(1);
  const vevents = blocks.filter((block) => block.includes(`UID:${UID}`));
  assert.equal(vevents.length, 2, exported);
  const [master, exception] = vevents as [string, string];
  assert.match(master, /\r\nRRULE:FREQ=WEEKLY;[^\r]*BYDAY=TU/);
  // RFC 5545: UNTIL in UTC beside a zoned DTSTART.
  assert.match(master, /UNTIL=\d{8}T\d{6}Z/);
  assert.match(
    master,
    new RegExp(`EXDATE;TZID=Europe/Berlin:${compact(dateOf(4))}T100000,${compact(dateOf(9))}T100000`),
  );
  assert.match(exception, new RegExp(`RECURRENCE-ID;TZID=Europe/Berlin:${compact(dateOf(6))}T100000`));
  assert.match(exception, /SUMMARY:Team meeting \(moved\)/);
  assert.match(exported, /BEGIN:VTIMEZONE\r\nTZID:Europe\/Berlin/);
  // The market: one master with its dates (the deleted occurrence's excluded), one retitled exception.
  const market = blocks.filter((block) => block.includes(`UID:${MARKET_UID_HOLDER.uid}`));
  assert.equal(market.length, 2);
  assert.match(market[0]!, /\r\nRRULE:FREQ=MONTHLY;COUNT=6;BYMONTHDAY=1\r\n/);
  assert.match(market[0]!, new RegExp(`RDATE;VALUE=DATE:${YEAR}0215`));
  assert.match(market[0]!, new RegExp(`EXDATE;VALUE=DATE:${YEAR}0401,${YEAR}0501`));
  assert.match(market[1]!, new RegExp(`RECURRENCE-ID;VALUE=DATE:${YEAR}0301`));
  assert.match(market[1]!, /SUMMARY:Market \(spring\)/);
  assert.equal(blocks.length, 4, 'nothing but the two series');
});

test(
  'an independent reader (python icalendar + recurring-ical-events) finds the occurrences the server lists',
  { skip: missingPython },
  async () => {
    const listed = await server.admin('GET', '/svc/events/v1/events', {
      query: { start_date: `${YEAR}-01-01`, end_date: `${YEAR}-12-31`, per_page: 50 },
    });
    const server_ = listed.body.events
      .map((e: { title: string; start_date: string; end_date: string }) => [e.start_date, e.end_date, e.title])
      .sort();
    const python = runPython<string[][]>(
      `
import sys, json
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo
import icalendar, recurring_ical_events
data = json.load(sys.stdin)
calendar = icalendar.Calendar.from_ical(data["text"])
berlin = ZoneInfo("Europe/Berlin")
out = []
for event in recurring_ical_events.of(calendar).between((data["year"], 1, 1), (data["year"] + 1, 1, 1)):
    start = event["DTSTART"].dt
    end = event["DTEND"].dt
    if isinstance(start, datetime):
        start = start.astimezone(berlin).strftime("%Y-%m-%d %H:%M:%S")
        end = end.astimezone(berlin).strftime("%Y-%m-%d %H:%M:%S")
    else:  # all day: the last day, inclusive, as Almanac keeps it
        start = start.strftime("%Y-%m-%d 00:00:00")
        end = (end - timedelta(days=1)).strftime("%Y-%m-%d 23:59:59")
    out.append([start, end, str(event["SUMMARY"])])
print(json.dumps(sorted(out)))
`,
      { text: exported, year: YEAR },
    );
    assert.equal(
      python.length,
      10 + 5,
      'ten meetings, five markets (six by the rule and one extra, less one excluded and one deleted)',
    );
    assert.deepEqual(python, server_);
  },
);

test('export → import into a new site gives the same series and exceptions', async () => {
  const copy = newSite('series-copy');
  const summary = await upload('series-copy', exported);
  assert.deepEqual(
    summary.series.map((s: Record<string, unknown>) => [s.uid, s.kept, s.action]),
    [
      [MARKET_UID_HOLDER.uid, true, 'create'],
      [UID, true, 'create'],
    ].sort((a, b) => exported.indexOf(`UID:${a[0]}`) - exported.indexOf(`UID:${b[0]}`)),
  );
  assert.equal(seriesCount(copy.id), 2);
  assert.equal(eventCount(copy.id), 10 + 5);
  const idIn = (uid: string) => summary.series.find((s: { uid: string }) => s.uid === uid).id;
  const original = await shapeOf('default', importedId);
  assert.deepEqual(await shapeOf('series-copy', idIn(UID)), original);
  const market = await shapeOf('default', MARKET_UID_HOLDER.id);
  const marketCopy = await shapeOf('series-copy', idIn(MARKET_UID_HOLDER.uid));
  assert.deepEqual(marketCopy, market);
  assert.deepEqual(marketCopy.exdates, [`${YEAR}-04-01`, `${YEAR}-05-01`]);
  assert.deepEqual(
    marketCopy.occurrences.map((o) => [o[0], o[3], o[4]]),
    [
      [`${YEAR}-02-01`, false, 'Market'],
      [`${YEAR}-02-15`, false, 'Market'],
      [`${YEAR}-03-01`, true, 'Market (spring)'],
      [`${YEAR}-06-01`, false, 'Market'],
      [`${YEAR}-07-01`, false, 'Market'],
    ],
  );
  // And importing the export into its own site again changes nothing: the same series, updated.
  const own = await upload('default', exported);
  assert.deepEqual(
    own.series.map((s: Record<string, unknown>) => [s.action, s.id]).sort(),
    [
      ['update', importedId],
      ['update', MARKET_UID_HOLDER.id],
    ].sort(),
  );
  assert.deepEqual(await shapeOf('default', importedId), original);
});

test('an export filtered by dates writes each series it reaches whole, once', async () => {
  const response = await server.admin('GET', '/almanac/v1/export', {
    query: { format: 'ics', start_date: `${dateOf(2)} 00:00:00`, end_date: `${dateOf(2)} 23:59:59` },
  });
  assert.equal(response.status, 200);
  const blocks = response.text.replace(/\r\n /g, '').split('BEGIN:VEVENT').slice(1);
  assert.deepEqual(
    blocks.map((block) => /\r\nUID:([^\r]*)/.exec(block)?.[1]),
    [UID, UID],
    'the meeting (master and its exception) and nothing else',
  );
  assert.match(blocks[0]!, /\r\nRRULE:FREQ=WEEKLY;/);
});

test('the CSV export stays one row per occurrence', async () => {
  const response = await server.admin('GET', '/almanac/v1/export', { query: { format: 'csv' } });
  assert.equal(response.status, 200);
  const rows = response.text.trim().split(/\r?\n/).slice(1);
  assert.equal(rows.length, 10 + 5);
  assert.equal(rows.filter((row) => row.includes('Team meeting (moved)')).length, 1);
});

test('an hourly rule, which a series cannot hold, is imported as single events with a note saying why', async () => {
  const site = newSite('hourly');
  const file = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Test//EN',
    'BEGIN:VEVENT',
    'UID:hourly-1',
    'SUMMARY:Shift change',
    `DTSTART;TZID=Europe/Madrid:${compact(dateOf(0))}T080000`,
    `DTEND;TZID=Europe/Madrid:${compact(dateOf(0))}T081500`,
    'RRULE:FREQ=HOURLY;INTERVAL=4;COUNT=3',
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n');
  const preview = await upload('hourly', file, { dry_run: 'true' });
  const note = preview.warnings.find((w: { code: string }) => w.code === 'series_expanded');
  assert.ok(note, JSON.stringify(preview.warnings));
  assert.deepEqual(note.params, { title: 'Shift change', why: 'rule', part: 'FREQ' });
  assert.match(note.message, /imported as single events/);
  assert.equal(preview.created, 3);
  assert.deepEqual(
    preview.series.map((s: Record<string, unknown>) => [s.kept, s.instances]),
    [[undefined, 3]],
  );
  const summary = await upload('hourly', file);
  assert.equal(summary.created, 3);
  assert.equal(seriesCount(site.id), 0);
  assert.equal(eventCount(site.id), 3);
  // Re-imported: the same three events, updated.
  const again = await upload('hourly', file);
  assert.deepEqual([again.created, again.updated], [0, 3]);
  assert.equal(eventCount(site.id), 3);
});

test('a rule too costly to work out from its start is expanded with a note; the other series of the file stay series', async () => {
  const site = newSite('costly');
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Test//EN'];
  // "Every day that is a Friday the 13th" since 1450: ~211,000 days examined to reach the horizon,
  // past what one series may cost the model (series-cost.ts: as many as the model walks, 200,000);
  // the reader's window is cheap. (Since 1970 it costs 21,000 days, a few milliseconds: kept.)
  for (let i = 0; i < 3; i++)
    lines.push(
      'BEGIN:VEVENT',
      `UID:friday-13-${i}`,
      `SUMMARY:Unlucky ${i}`,
      'DTSTART;TZID=Europe/Berlin:14500101T100000',
      'DTEND;TZID=Europe/Berlin:14500101T110000',
      'RRULE:FREQ=DAILY;BYMONTHDAY=13;BYDAY=FR',
      'END:VEVENT',
    );
  lines.push(
    'BEGIN:VEVENT',
    'UID:weekly-for-ten-years',
    'SUMMARY:Old club',
    `DTSTART;TZID=Europe/Berlin:${YEAR - 10}0105T190000`,
    `DTEND;TZID=Europe/Berlin:${YEAR - 10}0105T210000`,
    `RRULE:FREQ=WEEKLY;UNTIL=${compact(dateOf(11))}T235959Z`,
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  );
  const summary = await upload('costly', lines.join('\r\n'));
  const notes = summary.warnings.filter((w: { code: string }) => w.code === 'series_expanded');
  assert.deepEqual(
    notes.map((w: { params: Record<string, unknown> }) => [w.params.title, w.params.why]),
    [0, 1, 2].map((i) => [`Unlucky ${i}`, 'too_costly']),
  );
  const kept = summary.series.filter((s: { kept?: boolean }) => s.kept);
  assert.deepEqual(
    kept.map((s: { uid: string }) => s.uid),
    ['weekly-for-ten-years'],
  );
  assert.equal(seriesCount(site.id), 1);
  // The expanded ones are the reader's events in its window, as before series.
  assert.ok(summary.created > kept[0].instances);
});

const vcalendar = (...lines: string[]) =>
  ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Test//EN', ...lines, 'END:VCALENDAR', ''].join('\r\n');

test('a series an earlier import made into single events: those are updated, not doubled by a new series', async () => {
  const site = newSite('copies');
  // What an import before series left: one event per occurrence, each known by UID/RECURRENCE-ID.
  const singles = [0, 1, 2].flatMap((week) => [
    'BEGIN:VEVENT',
    `UID:club/${compact(dateOf(week))}T180000Z`,
    'SUMMARY:Club',
    `DTSTART:${compact(dateOf(week))}T180000Z`,
    `DTEND:${compact(dateOf(week))}T190000Z`,
    'END:VEVENT',
  ]);
  assert.equal((await upload('copies', vcalendar(...singles))).created, 3);
  const summary = await upload(
    'copies',
    vcalendar(
      'BEGIN:VEVENT',
      'UID:club',
      'SUMMARY:Club night',
      `DTSTART:${compact(dateOf(0))}T180000Z`,
      `DTEND:${compact(dateOf(0))}T190000Z`,
      'RRULE:FREQ=WEEKLY;COUNT=3',
      'END:VEVENT',
    ),
  );
  const note = summary.warnings.find((w: { code: string }) => w.code === 'series_expanded');
  assert.deepEqual(note?.params, { title: 'Club night', why: 'copies' });
  assert.deepEqual([summary.created, summary.updated], [0, 3]);
  assert.equal(seriesCount(site.id), 0);
  assert.equal(eventCount(site.id), 3);
});

test("an exception's own status travels: a TENTATIVE occurrence of a confirmed series is a draft", async () => {
  newSite('tentative');
  const summary = await upload(
    'tentative',
    vcalendar(
      'BEGIN:VEVENT',
      'UID:choir',
      'SUMMARY:Choir',
      'STATUS:CONFIRMED',
      `DTSTART;TZID=Europe/Madrid:${compact(dateOf(0))}T190000`,
      `DTEND;TZID=Europe/Madrid:${compact(dateOf(0))}T210000`,
      'RRULE:FREQ=WEEKLY;COUNT=4',
      'END:VEVENT',
      'BEGIN:VEVENT',
      'UID:choir',
      'SUMMARY:Choir',
      'STATUS:TENTATIVE',
      `RECURRENCE-ID;TZID=Europe/Madrid:${compact(dateOf(2))}T190000`,
      `DTSTART;TZID=Europe/Madrid:${compact(dateOf(2))}T190000`,
      `DTEND;TZID=Europe/Madrid:${compact(dateOf(2))}T210000`,
      'END:VEVENT',
    ),
  );
  const series = await readSeries('tentative', summary.series[0].id);
  assert.deepEqual(
    series.occurrences.map((o: { date: string; status: string; detached: boolean }) => [o.date, o.status, o.detached]),
    [
      [dateOf(0), 'publish', false],
      [dateOf(1), 'publish', false],
      [dateOf(2), 'draft', true],
      [dateOf(3), 'publish', false],
    ],
  );
});

test('an event imported before it repeated becomes the first occurrence of its series, not a copy beside it', async () => {
  const site = newSite('grows');
  const yoga = (...extra: string[]) =>
    vcalendar(
      'BEGIN:VEVENT',
      'UID:yoga',
      'SUMMARY:Yoga',
      `DTSTART;TZID=Europe/Madrid:${compact(dateOf(0))}T070000`,
      `DTEND;TZID=Europe/Madrid:${compact(dateOf(0))}T080000`,
      ...extra,
      'END:VEVENT',
    );
  const once = await upload('grows', yoga());
  const eventId = once.events[0].id;
  const preview = await upload('grows', yoga('RRULE:FREQ=WEEKLY;COUNT=4'), { dry_run: 'true' });
  assert.deepEqual([preview.created, preview.updated], [3, 1]);
  const summary = await upload('grows', yoga('RRULE:FREQ=WEEKLY;COUNT=4'));
  assert.deepEqual(
    summary.series.map((s: Record<string, unknown>) => [s.kept, s.action, s.instances]),
    [[true, 'update', 4]],
  );
  assert.equal(seriesCount(site.id), 1);
  assert.equal(eventCount(site.id), 4);
  const series = await readSeries('grows', summary.series[0].id);
  assert.equal(series.first, eventId, 'the event is the first occurrence');
  assert.equal(series.uid, 'yoga');
});

test('an event imported before it repeated, then repeating with a moved occurrence: that occurrence is the exception', async () => {
  newSite('grows-moved');
  const uid = 'pilates';
  const pilates = (...rest: string[]) =>
    vcalendar(
      'BEGIN:VEVENT',
      `UID:${uid}`,
      'SUMMARY:Pilates',
      `DTSTART;TZID=Europe/Madrid:${compact(dateOf(0))}T070000`,
      `DTEND;TZID=Europe/Madrid:${compact(dateOf(0))}T080000`,
      'END:VEVENT',
      ...rest,
    );
  const once = await upload('grows-moved', pilates());
  const eventId = once.events[0].id;
  const repeating = pilates().replace('END:VEVENT', 'RRULE:FREQ=WEEKLY;COUNT=3\r\nEND:VEVENT');
  const withMoved = repeating.replace(
    'END:VCALENDAR',
    [
      'BEGIN:VEVENT',
      `UID:${uid}`,
      `RECURRENCE-ID;TZID=Europe/Madrid:${compact(dateOf(1))}T070000`,
      'SUMMARY:Pilates (moved)',
      `DTSTART;TZID=Europe/Madrid:${compact(dateOf(1, 1))}T090000`,
      `DTEND;TZID=Europe/Madrid:${compact(dateOf(1, 1))}T100000`,
      'END:VEVENT',
      'END:VCALENDAR',
    ].join('\r\n'),
  );
  const summary = await upload('grows-moved', withMoved);
  const shape = await shapeOf('grows-moved', summary.series[0].id);
  assert.equal((await readSeries('grows-moved', summary.series[0].id)).first, eventId);
  assert.deepEqual(
    shape.occurrences.map((o) => [o[0], o[1], o[3], o[4]]),
    [
      [dateOf(0), `${dateOf(0)} 07:00:00`, false, 'Pilates'],
      [dateOf(1), `${dateOf(1, 1)} 09:00:00`, true, 'Pilates (moved)'],
      [dateOf(2), `${dateOf(2)} 07:00:00`, false, 'Pilates'],
    ],
  );
});

test('a series the file no longer repeats: its first occurrence is that event, the rest go to the trash', async () => {
  const site = newSite('stops');
  const dance = (...extra: string[]) =>
    vcalendar(
      'BEGIN:VEVENT',
      'UID:dance',
      'SUMMARY:Dance',
      `DTSTART;TZID=Europe/Madrid:${compact(dateOf(0))}T200000`,
      `DTEND;TZID=Europe/Madrid:${compact(dateOf(0))}T220000`,
      ...extra,
      'END:VEVENT',
    );
  const made = await upload('stops', dance('RRULE:FREQ=WEEKLY;COUNT=4'));
  const series = await readSeries('stops', made.series[0].id);
  const preview = await upload('stops', dance(), { dry_run: 'true' });
  assert.deepEqual([preview.created, preview.updated], [0, 1]);
  assert.equal(seriesCount(site.id), 1, 'the preview wrote nothing');
  const summary = await upload('stops', dance());
  assert.deepEqual([summary.created, summary.updated], [0, 1]);
  assert.equal(summary.events[0].id, series.first);
  assert.equal(seriesCount(site.id), 0);
  assert.equal(eventCount(site.id), 1);
  // And again: the same event, updated.
  const again = await upload('stops', dance());
  assert.deepEqual([again.created, again.updated, again.events[0].id], [0, 1, series.first]);
});

test('a moved occurrence past the horizon stays one event: the series excludes its date, so the horizon moving on does not add the original beside it', async () => {
  const site = newSite('beyond');
  server.store.sites.update('beyond', { seriesHorizonMonths: 3 });
  const uid = 'beyond-horizon@example.org';
  // Weekly on Tuesdays, never ending; the 20th Tuesday (past a 3-month horizon) moved to Wednesday.
  const file = () =>
    vcalendar(
      'BEGIN:VEVENT',
      `UID:${uid}`,
      'SUMMARY:Story time',
      `DTSTART:${compact(dateOf(0))}T150000Z`,
      `DTEND:${compact(dateOf(0))}T160000Z`,
      'RRULE:FREQ=WEEKLY;BYDAY=TU',
      'END:VEVENT',
      'BEGIN:VEVENT',
      `UID:${uid}`,
      `RECURRENCE-ID:${compact(dateOf(20))}T150000Z`,
      'SUMMARY:Story time (moved)',
      `DTSTART:${compact(dateOf(20, 1))}T150000Z`,
      `DTEND:${compact(dateOf(20, 1))}T160000Z`,
      'END:VEVENT',
    );
  const summary = await upload('beyond', file());
  assert.equal(summary.series.length, 1);
  const onDays = (...days: string[]) =>
    server.store.db
      .prepare(
        `SELECT title, substr(start_local, 1, 10) AS day FROM posts WHERE site_id = ? AND type = 'event'
         AND status <> 'trash' AND substr(start_local, 1, 10) IN (${days.map(() => '?').join(',')}) ORDER BY day`,
      )
      .all(site.id, ...days);
  assert.deepEqual(onDays(dateOf(20), dateOf(20, 1)), [{ title: 'Story time (moved)', day: dateOf(20, 1) }]);
  // A year later, as it were: the horizon moves past that week.
  server.store.sites.update('beyond', { seriesHorizonMonths: 12 });
  await extendAllSeries(server.store);
  assert.deepEqual(
    onDays(dateOf(19), dateOf(20), dateOf(20, 1), dateOf(21)),
    [
      { title: 'Story time', day: dateOf(19) },
      { title: 'Story time (moved)', day: dateOf(20, 1) },
      { title: 'Story time', day: dateOf(21) },
    ],
    'the moved occurrence once, its Tuesday not added back',
  );
  // Imported again: the same single event, updated in place.
  await upload('beyond', file());
  assert.deepEqual(onDays(dateOf(20), dateOf(20, 1)), [{ title: 'Story time (moved)', day: dateOf(20, 1) }]);
});
