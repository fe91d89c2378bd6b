// Calendar files in the real UI: import an Outlook calendar (preview first, nothing written until
// Import) and see its weekly meeting at 09:00 Pacific on both sides of the DST change; export the
// calendar from the UI and import that file into a new site, which then shows the same events;
// the subscription dialog's webcal:// addresses answer the calendar.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import ICAL from 'ical.js';
import Database from 'better-sqlite3';
import { startApp, type App } from './support.ts';
import { databaseFile } from '../../server/data-dir.ts';

let app: App | undefined;
before(async () => {
  app = await startApp(test as never, { timezone: 'America/Los_Angeles' });
});
after(() => app?.close());

const OUTLOOK = 'test/fixtures/ics/outlook.ics';

test('import an Outlook calendar: preview, then its weekly meeting in the week view at local times', async (t) => {
  if (!app) return t.skip('browser tests unavailable');
  const page = await app.signedInPage('#/calendar?view=week&date=2027-03-16');
  await page.getByRole('button', { name: 'Import' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import a calendar file' });
  await dialog.locator('input[type=file]').setInputFiles(OUTLOOK);
  await dialog.getByText('Nothing has been written yet.').waitFor();
  // The weekly meeting is kept as one series (issue 28), not four copies.
  assert.match(
    (await dialog.getByText(/“Product Sync” \(line \d+\) becomes one series of 4 events\./).textContent()) ?? '',
    /4 events/,
  );
  // Its row stands for its 4 events: no "…and 3 more events" for rows the table does list.
  assert.equal(await dialog.getByText(/^…and \d+ more events?\.$/).count(), 0);
  const before = await app.api('GET', '/almanac/v1/event-feed?start_date=2000-01-01&end_date=2100-01-01');
  assert.equal(before.body.total, 0, 'the preview wrote nothing');

  const button = dialog.getByRole('button', { name: /^Import \d+ events$/ });
  const count = Number(/\d+/.exec((await button.textContent()) ?? '')![0]);
  await button.click();
  await dialog.getByText(new RegExp(`^Imported: ${count} new events, 0 updated\\.$`)).waitFor();
  await dialog.getByRole('button', { name: 'Done' }).click();

  // 16 March 2027 is after the US change to daylight time (14 March): still 9:00–10:00 local.
  const meeting = page.locator('.calendar-event', { hasText: 'Product Sync' });
  await meeting.first().waitFor();
  const feed = await app.api('GET', '/almanac/v1/event-feed?start_date=2027-03-01&end_date=2027-03-31&search=Product');
  const starts = feed.body.events.map((e: { start: string; timezone: string }) => `${e.start} ${e.timezone}`);
  assert.deepEqual(starts, [
    '2027-03-02 09:00:00 America/Los_Angeles',
    '2027-03-09 09:00:00 America/Los_Angeles',
    '2027-03-16 09:00:00 America/Los_Angeles',
    '2027-03-23 09:00:00 America/Los_Angeles',
  ]);
  // The week grid writes an English range compactly ("9 – 10 AM").
  assert.match((await meeting.first().textContent()) ?? '', /^9(:00)?\s*–\s*10(:00)?\s*AM/);
});

test('export the calendar from the UI and import it into a new site: the same calendar', async (t) => {
  if (!app) return t.skip('browser tests unavailable');
  const page = await app.signedInPage('#/calendar?view=month&date=2027-03-01');
  await page.getByRole('button', { name: 'Export' }).click();
  const download = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'iCalendar file (.ics)' }).click();
  const file = await (await download).path();
  const text = readFileSync(file, 'utf8');
  const exported = new ICAL.Component(ICAL.parse(text)).getAllSubcomponents('vevent');
  const all = await app.api('GET', '/almanac/v1/event-feed?start_date=2000-01-01&end_date=2100-01-01');
  // The weekly meeting is one VEVENT with its rule: expanded by ical.js, the file holds every event.
  assert.equal(exported.filter((vevent) => vevent.hasProperty('rrule')).length, 1);
  let occurrences = 0;
  for (const vevent of exported) {
    if (vevent.hasProperty('recurrence-id')) continue;
    const iterator = new ICAL.Event(vevent).iterator();
    while (iterator.next() && occurrences < 10_000) occurrences++;
  }
  assert.equal(occurrences, all.body.total);

  const created = await app.api('POST', '/almanac/v1/sites', {
    code: 'copy',
    language: 'en',
    timezone: 'America/Los_Angeles',
    title: 'Copy',
  });
  assert.equal(created.status, 201);
  await page.goto(`${app.service.url}/copy/#/calendar?view=month&date=2027-03-01`);
  await page.getByRole('button', { name: 'Import' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import a calendar file' });
  await dialog.locator('input[type=file]').setInputFiles(file);
  await dialog.getByRole('button', { name: /^Import \d+ events$/ }).click();
  await dialog.getByText(/^Imported: /).waitFor();
  const copy = await app.api('GET', '/copy/almanac/v1/event-feed?start_date=2000-01-01&end_date=2100-01-01');
  const shape = (
    events: { title: string; start: string; end: string; timezone: string; all_day: boolean; venue: string | null }[],
  ) => events.map((e) => [e.title, e.start, e.end, e.timezone, e.all_day, e.venue].join(' | ')).sort();
  assert.deepEqual(shape(copy.body.events), shape(all.body.events));
});

test('a file that is not a calendar: the error in words, nothing written, another file can be chosen', async (t) => {
  if (!app) return t.skip('browser tests unavailable');
  const page = await app.signedInPage('#/events');
  await page.getByRole('button', { name: 'Import' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import a calendar file' });
  await dialog
    .locator('input[type=file]')
    .setInputFiles({ name: 'notes.ics', mimeType: 'text/calendar', buffer: Buffer.from('just some notes\n') });
  await dialog
    .getByRole('alert')
    .getByText(/^Line 1: /)
    .waitFor();
  await dialog.getByRole('button', { name: 'Choose a file…' }).waitFor();
});

test('Subscribe shows webcal:// addresses that serve the calendar', async (t) => {
  if (!app) return t.skip('browser tests unavailable');
  const page = await app.signedInPage('#/calendar');
  await page.getByRole('button', { name: 'Export' }).click();
  await page.getByRole('menuitem', { name: 'Subscribe in a calendar app…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Subscribe in a calendar app' });
  const address = await dialog.getByLabel('Published events', { exact: true }).inputValue();
  assert.match(address, /^webcal:\/\/127\.0\.0\.1:\d+\/events\/\?ical=1$/);
  const served = await fetch(address.replace(/^webcal:/, 'http:'));
  assert.equal(served.status, 200);
  assert.match(served.headers.get('content-type') ?? '', /^text\/calendar/);
  assert.match(await dialog.getByLabel('Everything you can see', { exact: true }).inputValue(), /private=1$/);
});

test('a spreadsheet with its own headings: the columns are mapped in the dialog, then it imports', async (t) => {
  if (!app) return t.skip('browser tests unavailable');
  const page = await app.signedInPage('#/events');
  await page.getByRole('button', { name: 'Import' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import a calendar file' });
  await dialog.locator('input[type=file]').setInputFiles('test/fixtures/csv/es-semicolon.csv');
  // Nothing matched "Event Name": the error says so, and each column gets a field to choose.
  await dialog
    .getByRole('alert')
    .getByText(/Event Name/)
    .waitFor();
  for (const [heading, field] of [
    ['Título', 'Event Name'],
    ['Fecha inicio', 'Event Start Date'],
    ['Hora inicio', 'Event Start Time'],
    ['Fecha fin', 'Event End Date'],
    ['Hora fin', 'Event End Time'],
  ]) {
    await dialog.getByRole('button', { name: new RegExp(`${heading}$`) }).click();
    await page.getByRole('option', { name: field, exact: true }).click();
  }
  await dialog.getByRole('button', { name: 'Check again' }).click();
  await dialog.getByText('Nothing has been written yet.').waitFor();
  await dialog.getByRole('button', { name: /^Import \d+ events?$/ }).click();
  await dialog.getByText(/^Imported: /).waitFor();
  const feed = await app.api(
    'GET',
    '/almanac/v1/event-feed?start_date=2026-03-01&end_date=2026-03-31&search=primavera',
  );
  assert.deepEqual(
    feed.body.events.map((e: { title: string; start: string }) => `${e.title} ${e.start}`),
    ['Concierto de primavera 2026-03-21 20:00:00'],
  );
});

test('in Spanish, the preview words skipped rows and warnings in Spanish (the service’s code and params), once per line', async (t) => {
  if (!app) return t.skip('browser tests unavailable');
  const page = await app.signedInPage('#/events', { locale: 'es-ES' });
  await page.getByRole('button', { name: 'Importar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Importar un archivo de calendario' });
  const csv = [
    'Event Name,Event Start Date,Event Start Time,Event Time Zone',
    'Good one,2027-03-01,10:00,Europe/Madrid',
    'Bad date,2027-13-45,10:00,',
    'Odd zone,2027-03-02,10:00,Mars/Olympus',
  ].join('\n');
  await dialog
    .locator('input[type=file]')
    .setInputFiles({ name: 'hoja.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  const skipped = dialog.getByRole('region', { name: 'Omitidos' });
  await skipped.getByText('«Event Start Date» es «2027-13-45», que no es una fecha.', { exact: false }).waitFor();
  const warning = (await dialog.getByRole('region', { name: 'Avisos' }).textContent()) ?? '';
  assert.match(
    warning,
    /Línea 4: «Mars\/Olympus» no es una zona horaria conocida; sus horas se leen en America\/Los_Angeles\./,
  );
  assert.doesNotMatch(warning, /Line 4|Línea 4: Línea/, 'no English, no line twice');
});

// Issue 31: the preview says what the import creates besides events and what it links to that the
// calendar has, and words the reader's new notes (a misspelt rule part, a bad URL, a skipped event
// with its line) in the UI's language.
test('a Google export: the preview shows the venue and organizer already yours, what is new, and the notes — English and Spanish', async (t) => {
  if (!app) return t.skip('browser tests unavailable');
  await app.api('POST', 'venues', {
    venue: 'Kulturbrauerei Kesselhaus',
    address: 'Schönhauser Allee 36',
    city: 'Berlin',
    zip: '10435',
    country: 'Germany',
  });
  await app.api('POST', 'organizers', { organizer: 'Berlin Jazz Club', email: 'booking@jazzclub.example' });
  const event = (uid: string, ...lines: string[]) => ['BEGIN:VEVENT', `UID:${uid}`, ...lines, 'END:VEVENT'];
  const kesselhaus = 'LOCATION:Kulturbrauerei Kesselhaus\\, Schönhauser Allee 36\\, 10435 Berlin\\, Germany';
  const file = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Google Inc//Google Calendar 70.9054//EN',
    ...event(
      'gig@google.com',
      'SUMMARY:Jazz night',
      'DTSTART:20270305T190000Z',
      kesselhaus,
      'URL:/c/jazz',
      'ORGANIZER;CN=Jazz Booking:mailto:booking@jazzclub.example',
    ),
    ...event(
      'lido@google.com',
      'SUMMARY:Indie night',
      'DTSTART:20270320T190000Z',
      'LOCATION:Lido\\, Cuvrystraße 7\\, 10997 Berlin\\, Germany',
    ),
    ...event(
      'club@google.com',
      'SUMMARY:Reading group',
      'DTSTART:20270107T180000Z',
      'RRULE:FREQ=WEEKLY;UNTL=20191023;BYDAY=TH',
    ),
    ...event('bad@google.com', 'SUMMARY:Someday', 'DTSTART:Next Year'),
    'END:VCALENDAR',
    '',
  ].join('\r\n');
  const upload = { name: 'google.ics', mimeType: 'text/calendar', buffer: Buffer.from(file) };

  const page = await app.signedInPage('#/events');
  await page.getByRole('button', { name: 'Import' }).click();
  let dialog = page.getByRole('dialog', { name: 'Import a calendar file' });
  await dialog.locator('input[type=file]').setInputFiles(upload);
  let related = dialog.getByRole('region', { name: 'Venues, organizers and categories' });
  await related.getByText('Venues: 1 new, 1 already in your calendar').waitFor();
  const venues = (await related.textContent()) ?? '';
  assert.match(venues, /Kulturbrauerei Kesselhaus\s*Already yours matched by name and address/);
  assert.match(venues, /Lido\s*NewCuvrystraße 7, 10997 Berlin, Germany · 1 event/);
  assert.match(venues, /Berlin Jazz Club\s*Already yours matched by e-mail, named “Jazz Booking” in the file/);
  const skipped = (await dialog.getByRole('region', { name: 'Skipped' }).textContent()) ?? '';
  assert.match(skipped, /Line 27: Someday — “DTSTART” is “Next Year”, which is not a date\./);
  const warnings = (await dialog.getByRole('region', { name: 'Warnings' }).textContent()) ?? '';
  assert.match(
    warnings,
    /The repeat rule \(RRULE\) has UNTL=20191023, which iCalendar does not define \(UNTIL was perhaps meant\)/,
  );
  assert.match(warnings, /URL “\/c\/jazz” is not a web address/);

  const spanish = await app.signedInPage('#/events', { locale: 'es-ES' });
  await spanish.getByRole('button', { name: 'Importar' }).click();
  dialog = spanish.getByRole('dialog', { name: 'Importar un archivo de calendario' });
  await dialog.locator('input[type=file]').setInputFiles(upload);
  related = dialog.getByRole('region', { name: 'Lugares, organizadores y categorías' });
  await related.getByText('Lugares: 1 nuevo, 1 ya en tu calendario').waitFor();
  assert.match(
    (await related.textContent()) ?? '',
    /Berlin Jazz Club\s*Ya existe coincide el correo, llamado «Jazz Booking» en el archivo/,
  );
  const avisos = (await dialog.getByRole('region', { name: 'Avisos' }).textContent()) ?? '';
  assert.match(
    avisos,
    /Línea \d+: La regla de repetición \(RRULE\) tiene UNTL=20191023, que iCalendar no define \(¿quería decir UNTIL\?\)/,
  );
  assert.doesNotMatch(avisos, /perhaps meant|Línea \d+: Línea/);
  const omitidos = (await dialog.getByRole('region', { name: 'Omitidos' }).textContent()) ?? '';
  assert.match(omitidos, /Línea 27: Someday — «DTSTART» es «Next Year», que no es una fecha\./);
});

/** A site of its own for a test (Berlin, English). */
async function newSite(code: string, title: string): Promise<void> {
  const site = await app!.api('POST', '/almanac/v1/sites', { code, language: 'en', timezone: 'Europe/Berlin', title });
  assert.equal(site.status, 201);
}

/** An .ics file of `count` rehearsals in 25 studios (the studios become venues), for the import-job tests. */
function rehearsals(name: string, count: number, prefix: string) {
  const events = Array.from({ length: count }, (_, i) =>
    [
      'BEGIN:VEVENT',
      `UID:${prefix}-${i}@example.org`,
      `SUMMARY:Rehearsal ${i}`,
      `DTSTART:2027${String(1 + (i % 12)).padStart(2, '0')}${String(1 + (i % 28)).padStart(2, '0')}T180000Z`,
      'DURATION:PT2H',
      `LOCATION:Studio ${i % 25}`,
      'END:VEVENT',
    ].join('\r\n'),
  );
  return {
    name,
    mimeType: 'text/calendar',
    buffer: Buffer.from(['BEGIN:VCALENDAR', 'VERSION:2.0', ...events, 'END:VCALENDAR', ''].join('\r\n')),
  };
}

test('a big import shows its progress in words and Cancel leaves nothing written — English and Spanish', async (t) => {
  if (!app) return t.skip('browser tests unavailable');
  await newSite('cancel', 'Cancel');
  const file = rehearsals('big.ics', 2000, 'big');
  for (const [locale, words] of [
    [
      'en-US',
      {
        import: 'Import',
        title: 'Import a calendar file',
        go: /^Import 2,000 events$/,
        progress: /^Importing: 0%$/,
        cancel: 'Cancel import',
        cancelled: 'The import was cancelled. Nothing was written.',
      },
    ],
    [
      'es-ES',
      {
        import: 'Importar',
        title: 'Importar un archivo de calendario',
        go: /^Importar 2000 eventos$/,
        progress: /^Importando: 0 %$/,
        cancel: 'Cancelar la importación',
        cancelled: 'Se canceló la importación. No se escribió nada.',
      },
    ],
  ] as const) {
    const page = await app.signedInPage('', { locale });
    await page.goto(`${app.service.url}/cancel/#/calendar?view=month&date=2027-03-01`);
    await page.getByRole('button', { name: words.import, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: words.title });
    await dialog.locator('input[type=file]').setInputFiles(file);
    const go = dialog.getByRole('button', { name: words.go });
    await go.waitFor();
    // Another connection holds SQLite's write lock (as `almanac import` in a terminal can): the job
    // waits for it in its writing phase, so the progress and the Cancel are seen at a certain point.
    const holder = new Database(databaseFile(app.dataDir));
    holder.exec('BEGIN IMMEDIATE');
    try {
      await go.click();
      const bar = dialog.getByRole('progressbar');
      await bar.getByText(words.progress).waitFor();
      // The service answers while the import's worker waits with its transaction.
      const feed: { status: number } = await app.api(
        'GET',
        '/cancel/almanac/v1/event-feed?start_date=2027-01-01&end_date=2027-12-31',
      );
      assert.equal(feed.status, 200);
      if (locale === 'en-US') {
        // Closed while it runs, the import goes on in the background: the calendar is usable (the
        // next month shows) and the toolbar's progress button brings the dialog back.
        await page.keyboard.press('Escape');
        await dialog.waitFor({ state: 'hidden' });
        const background = page.getByRole('button', { name: words.progress });
        await background.waitFor();
        await page.getByRole('button', { name: 'Next' }).click();
        await page.getByRole('heading', { name: 'April 2027' }).waitFor();
        if (process.env.ALMANAC_SCREENSHOT_DIR)
          await page.screenshot({ path: `${process.env.ALMANAC_SCREENSHOT_DIR}/import-background.png` });
        await background.click();
        await bar.getByText(words.progress).waitFor();
      }
      if (process.env.ALMANAC_SCREENSHOT_DIR)
        await page.screenshot({ path: `${process.env.ALMANAC_SCREENSHOT_DIR}/import-progress-${locale}.png` });
      await dialog.getByRole('button', { name: words.cancel }).click();
    } finally {
      holder.exec('ROLLBACK');
      holder.close();
    }
    await dialog.getByText(words.cancelled).waitFor();
    const remaining: { body: { total: number } } = await app.api(
      'GET',
      '/cancel/almanac/v1/event-feed?start_date=2000-01-01&end_date=2100-01-01',
    );
    assert.equal(remaining.body.total, 0, 'nothing was written');
    const venues: { body: { venues: unknown[] } } = await app.api('GET', '/cancel/svc/events/v1/venues');
    assert.equal(venues.body.venues.length, 0, 'no venue either');
    await page.close();
  }
});

test('an import keeps running on another screen: coming back (and after a reload) shows its progress, and Cancel leaves nothing written', async (t) => {
  if (!app) return t.skip('browser tests unavailable');
  await newSite('away', 'Away');
  const file = rehearsals('season.ics', 2000, 'away');
  const page = await app.signedInPage('');
  await page.goto(`${app.service.url}/away/#/calendar?view=month&date=2027-03-01`);
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Import a calendar file' });
  await dialog.locator('input[type=file]').setInputFiles(file);
  const go = dialog.getByRole('button', { name: /^Import 2,000 events$/ });
  await go.waitFor();
  // The import stops after 500 of its events, inside its transaction, until it is cancelled: the
  // test sees it halfway on any machine (a hook of the job's shared memory, no HTTP surface).
  app.service.listening.app.importJobs.holdNextJobAt(500);
  await go.click();
  const halfway = /^Importing: 25%$/;
  await dialog.getByRole('progressbar').getByText(halfway).waitFor();
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden' });
  await page.getByRole('button', { name: halfway }).waitFor();

  // Another screen (the toolbar with the import is gone), then the calendar again: found again.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Venues' }).click();
  await page.getByRole('heading', { name: 'Venues', level: 1 }).waitFor();
  assert.equal(await page.getByRole('button', { name: halfway }).count(), 0);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Calendar' }).click();
  const background = page.getByRole('button', { name: halfway });
  await background.waitFor();
  await background.click();
  await dialog.getByRole('progressbar').getByText(halfway).waitFor();
  await dialog.getByRole('button', { name: 'Cancel import' }).waitFor();
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden' });

  // A reload forgets everything but what the server says: its list of jobs has it, by its name.
  await page.reload();
  await background.waitFor();
  if (process.env.ALMANAC_SCREENSHOT_DIR)
    await page.screenshot({ path: `${process.env.ALMANAC_SCREENSHOT_DIR}/import-found-again.png` });
  await background.click();
  await dialog.getByRole('progressbar').getByText(halfway).waitFor();
  await dialog.getByRole('button', { name: 'Cancel import' }).click();
  await dialog.getByText('The import was cancelled. Nothing was written.').waitFor();

  const remaining: { body: { total: number } } = await app.api(
    'GET',
    '/away/almanac/v1/event-feed?start_date=2000-01-01&end_date=2100-01-01',
  );
  assert.equal(remaining.body.total, 0, 'nothing was written');
  const venues: { body: { venues: unknown[] } } = await app.api('GET', '/away/svc/events/v1/venues');
  assert.equal(venues.body.venues.length, 0, 'no venue either');
  const jobs: { body: { jobs: { status: string; file_name: string }[] } } = await app.api(
    'GET',
    '/away/almanac/v1/import-jobs',
  );
  assert.deepEqual(
    jobs.body.jobs.map((job) => [job.file_name, job.status]),
    [
      ['season.ics', 'cancelled'],
      ['season.ics', 'done'],
    ],
    'the import, cancelled, and its preview before it',
  );
  await page.close();
});

test('a preview that ends while the user is on another screen is shown on coming back, and imports without choosing the file again', async (t) => {
  if (!app) return t.skip('browser tests unavailable');
  await newSite('later', 'Later');
  const file = rehearsals('classes.ics', 300, 'later');
  const jobs = app.service.listening.app.importJobs;
  const page = await app.signedInPage('');
  await page.goto(`${app.service.url}/later/#/calendar?view=month&date=2027-03-01`);
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Import a calendar file' });
  // The preview stops after 100 of its 300 events until released: it ends while the user is away.
  jobs.holdNextJobAt(100);
  await dialog.locator('input[type=file]').setInputFiles(file);
  const checking = /^Checking: 33%$/;
  await dialog.getByRole('progressbar').getByText(checking).waitFor();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: checking }).waitFor();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Venues' }).click();
  await page.getByRole('heading', { name: 'Venues', level: 1 }).waitFor();
  const [held] = jobs.running;
  assert.ok(held, 'the preview is still running');
  held.release();
  await held.finished;

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Calendar' }).click();
  // Its outcome, in the dialog: the preview, and Import with the file this window still has.
  await dialog.getByText('Nothing has been written yet.').waitFor();
  await dialog.getByRole('button', { name: /^Import 300 events$/ }).click();
  await dialog.getByText(/^Imported: 300 new events, 0 updated\.$/).waitFor();
  await dialog.getByRole('button', { name: 'Done' }).click();
  const imported: { body: { total: number } } = await app.api(
    'GET',
    '/later/almanac/v1/event-feed?start_date=2000-01-01&end_date=2100-01-01',
  );
  assert.equal(imported.body.total, 300);
  // Seen once: the calendar opened again shows Import, not the old outcome.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Venues' }).click();
  await page.getByRole('heading', { name: 'Venues', level: 1 }).waitFor();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Calendar' }).click();
  await page.getByRole('button', { name: 'Import', exact: true }).waitFor();
  assert.equal(await dialog.count(), 0);

  // After a reload the window no longer has the file: the preview that ends is shown, and the file
  // is chosen again (and checked again) to import it.
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  jobs.holdNextJobAt(100);
  await dialog.locator('input[type=file]').setInputFiles(file);
  await dialog.getByRole('progressbar').getByText(checking).waitFor();
  await page.reload();
  await page.getByRole('button', { name: checking }).waitFor();
  const [again] = jobs.running;
  again!.release();
  await dialog.getByText('Nothing has been written yet.').waitFor();
  const chooseAgain = dialog.getByRole('button', { name: 'Choose classes.ics again to import it' });
  await chooseAgain.waitFor();
  if (process.env.ALMANAC_SCREENSHOT_DIR)
    await page.screenshot({ path: `${process.env.ALMANAC_SCREENSHOT_DIR}/import-choose-again.png` });
  await dialog.locator('input[type=file]').setInputFiles(file);
  await dialog.getByRole('button', { name: /^Import 300 events$/ }).waitFor();
  await page.close();
});
