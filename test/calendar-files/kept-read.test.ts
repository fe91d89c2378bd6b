// A preview's read, kept by its worker for the import that follows it (server/import-jobs/
// kept-read.ts): the import plan must leave what it was given as it was (or a kept read would
// import something else than a fresh one), an import after the preview of *different* bytes — even
// of the same size — must read its own file, and an import that took its preview's read must write
// exactly the rows a cold import of the same file writes.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { startServer, type TestServer } from '../support/server.ts';
import { readCalendarFile } from '../../server/calendar-files/read-calendar-file.ts';
import { runFileImport } from '../../server/calendar-files/run-import.ts';
import { administratorContext } from '../../server/operations/context.ts';

let server: TestServer;
before(async () => {
  server = await startServer({ timezone: 'Europe/Berlin' });
});
after(() => server.close());

/** Series (one with a moved and a cancelled occurrence, one expanded), venues, organizers, terms. */
const SERIES = [
  'BEGIN:VCALENDAR',
  'VERSION:2.0',
  'PRODID:-//Almanac tests//EN',
  'BEGIN:VEVENT',
  'UID:weekly@example.org',
  'DTSTART:20270104T090000Z',
  'DURATION:PT1H',
  'RRULE:FREQ=WEEKLY;COUNT=6',
  'EXDATE:20270125T090000Z',
  'SUMMARY:Weekly',
  'LOCATION:Room 1\\, Hauptstraße 3\\, 10435 Berlin\\, Germany',
  'ORGANIZER;CN=Ada:mailto:ada@example.org',
  'CATEGORIES:Talks,Evening',
  'END:VEVENT',
  'BEGIN:VEVENT',
  'UID:weekly@example.org',
  'RECURRENCE-ID:20270111T090000Z',
  'DTSTART:20270111T150000Z',
  'DURATION:PT2H',
  'SUMMARY:Moved',
  'END:VEVENT',
  'BEGIN:VEVENT',
  'UID:weekly@example.org',
  'RECURRENCE-ID:20270118T090000Z',
  'STATUS:CANCELLED',
  'DTSTART:20270118T090000Z',
  'END:VEVENT',
  'BEGIN:VEVENT',
  'UID:hourly@example.org',
  'DTSTART:20270104T090000Z',
  'DURATION:PT10M',
  'RRULE:FREQ=HOURLY;COUNT=3',
  'SUMMARY:Hourly',
  'LOCATION:Room 1\\, Hauptstraße 3\\, 10435 Berlin\\, Germany',
  'END:VEVENT',
  'BEGIN:VEVENT',
  'UID:single@example.org',
  'DTSTART:20270106T090000Z',
  'SUMMARY:Single',
  'CATEGORIES:Talks',
  'ORGANIZER;CN=Ada:mailto:ada@example.org',
  'END:VEVENT',
  'END:VCALENDAR',
  '',
].join('\r\n');

const FILES: [string, string][] = [
  ['series', SERIES],
  ...['apple', 'google', 'outlook', 'thunderbird'].map((name): [string, string] => [
    name,
    readFileSync(`test/fixtures/ics/${name}.ics`, 'utf8'),
  ]),
];

let sites = 0;
/** A new empty site (Europe/Berlin, as the default one) where the administrator is one. */
function newSite(): string {
  const code = `kept-${++sites}`;
  const site = server.store.sites.create({ code, title: code, timezone: 'Europe/Berlin', language: 'en' });
  server.store.users.setRole(site.id, server.userIds.administrator, 'administrator');
  return code;
}

async function* chunks(text: string): AsyncGenerator<string> {
  for (let from = 0; from < text.length; from += 97) yield text.slice(from, from + 97);
}

test('the import plan leaves a read as it was given: a preview and a real import of it change nothing in it', async () => {
  for (const [name, text] of FILES) {
    const read = await readCalendarFile('ics', chunks(text), { siteTimezone: 'Europe/Berlin' });
    const before = structuredClone(read);
    assert.ok(read.kind === 'events' && read.file.events.length > 0, name);
    const ctx = administratorContext(server.store, newSite());
    const options = { calendarKey: 'kept-read-test' };
    const preview = server.store.snapshot(() => runFileImport(ctx, read, { ...options, dryRun: true }));
    assert.deepEqual(read, before, `${name}: after its preview`);
    const summary = server.store.writing(() => runFileImport(ctx, read, { ...options, dryRun: false }));
    assert.deepEqual(read, before, `${name}: after its import`);
    assert.ok(summary.created > 0, name);
    assert.equal(summary.created, preview.created, name);
  }
});

const importFile = (site: string, body: string, dryRun: boolean) =>
  server.admin<{ created: number; series?: { id?: number }[] }>('POST', `/${site}/almanac/v1/import`, {
    raw: { body, contentType: 'text/calendar' },
    query: { dry_run: String(dryRun) },
  });

/**
 * Every row the site has, as comparable data: without the site, the clock (write times) and the
 * series' global ids (a series is named by its UID).
 */
function rowsOf(code: string): Record<string, unknown[]> {
  const siteId = server.store.sites.byCode(code)!.id;
  const timeless = (row: Record<string, unknown>) => {
    for (const key of Object.keys(row))
      if (key === 'site_id' || /^(date|modified|created|trashed)_(local|utc)$/.test(key)) delete row[key];
    return row;
  };
  const all = (sql: string) =>
    (server.store.db.prepare(sql).all(siteId) as Record<string, unknown>[])
      .map(timeless)
      .map((row) => JSON.stringify(row))
      .sort();
  return {
    posts: all(
      `SELECT *, (SELECT uid FROM series WHERE series.id = posts.series_id) AS series_uid FROM posts WHERE site_id = ?`,
    ).map((json) => {
      const row = JSON.parse(json) as Record<string, unknown>;
      delete row.series_id;
      return row;
    }),
    terms: all('SELECT * FROM terms WHERE site_id = ?'),
    term_posts: all('SELECT * FROM term_posts WHERE site_id = ?'),
    post_links: all('SELECT * FROM post_links WHERE site_id = ?'),
    import_uids: all('SELECT * FROM import_uids WHERE site_id = ?'),
    series: all('SELECT * FROM series WHERE site_id = ?').map((json) => {
      const row = JSON.parse(json) as Record<string, unknown>;
      delete row.id;
      return row;
    }),
    translations: all('SELECT * FROM translations WHERE site_id = ?'),
  };
}

test("an import after its preview takes the preview's read and writes exactly what a cold import writes", async () => {
  const stats = server.listening.app.importJobs.stats;
  for (const [name, text] of FILES) {
    const cold = newSite();
    let reused = stats.readsReused;
    const coldImport = await importFile(cold, text, false);
    assert.equal(coldImport.status, 200, coldImport.text);
    assert.equal(stats.readsReused, reused, `${name}: an import without a preview reads its file`);

    const warm = newSite();
    const preview = await importFile(warm, text, true);
    assert.equal(preview.status, 200, preview.text);
    reused = stats.readsReused;
    const warmImport = await importFile(warm, text, false);
    assert.equal(warmImport.status, 200, warmImport.text);
    assert.equal(stats.readsReused, reused + 1, `${name}: the import took its preview's read`);

    // The same summary, but for the series' ids (global, not the site's).
    const withoutSeriesIds = (body: { series?: { id?: number }[] }) => ({
      ...body,
      series: body.series?.map(({ id: _id, ...series }) => series),
    });
    assert.deepEqual(withoutSeriesIds(warmImport.body), withoutSeriesIds(coldImport.body), `${name}: the same summary`);
    const rows = rowsOf(warm);
    assert.ok(rows.posts!.length > 0, name);
    assert.deepEqual(rows, rowsOf(cold), `${name}: the same rows`);
  }
});

test('an import after the preview of different bytes (of the same size) reads its own file', async () => {
  const stats = server.listening.app.importJobs.stats;
  const file = (word: string) => SERIES.replaceAll('Weekly', word).replaceAll('Single', `${word}!`.slice(0, 6));
  const [previewed, imported] = [file('Weekly'), file('Monthy')];
  assert.equal(Buffer.byteLength(previewed), Buffer.byteLength(imported));
  assert.notEqual(previewed, imported);
  const site = newSite();
  assert.equal((await importFile(site, previewed, true)).status, 200);
  const reused = stats.readsReused;
  const result = await importFile(site, imported, false);
  assert.equal(result.status, 200, result.text);
  assert.equal(stats.readsReused, reused, 'not the preview’s read');
  const titles = server.store.db
    .prepare("SELECT DISTINCT title FROM posts WHERE site_id = ? AND type = 'event' ORDER BY title")
    .pluck()
    .all(server.store.sites.byCode(site)!.id);
  assert.deepEqual(titles, ['Hourly', 'Monthy', 'Moved']);

  // Nor is a read kept for a file in another site's time zone (the read depends on it).
  const elsewhere = server.store.sites.create({
    code: 'kept-ny',
    title: 'NY',
    timezone: 'America/New_York',
    language: 'en',
  });
  server.store.users.setRole(elsewhere.id, server.userIds.administrator, 'administrator');
  assert.equal((await importFile(site, imported, true)).status, 200);
  const before = stats.readsReused;
  assert.equal((await importFile('kept-ny', imported, false)).status, 200);
  assert.equal(stats.readsReused, before, 'a site of another time zone reads the file itself');
});
