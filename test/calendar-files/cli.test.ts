// `almanac import` and `almanac export`: the real command in a child process, against a data dir
// a server is using at the same time (the app stays open while an organizer imports).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import ICAL from 'ical.js';
import { startServer, type TestServer } from '../support/server.ts';

const run = promisify(execFile);
let server: TestServer;

const almanac = (...args: string[]) =>
  run(process.execPath, ['--import', 'tsx', 'server/almanac.ts', ...args, '--data-dir', server.dataDir], {
    maxBuffer: 64 * 1024 * 1024,
  });

before(async () => {
  server = await startServer({ timezone: 'America/New_York' });
  // The CLI acts as the install's administrator.
  const admin = server.store.users.create('owner', { superAdmin: true });
  server.store.users.setRole(server.store.sites.byCode('default')!.id, admin.id, 'administrator');
});
after(() => server.close());

test('import --dry-run writes nothing; import writes; the running server shows the events', async () => {
  const preview = await almanac('import', 'test/fixtures/ics/outlook.ics', '--dry-run');
  assert.match(preview.stdout, /^Would create \d+, update 0, skipped \d+\./);
  assert.match(preview.stdout, /Nothing was written \(--dry-run\)\./);
  const before = await server.admin('GET', 'events', { query: { start_date: '2000-01-01', end_date: '2100-01-01' } });
  assert.equal(before.body.total, 0);

  const created = Number(/^Would create (\d+)/.exec(preview.stdout)![1]);
  const imported = await almanac('import', 'test/fixtures/ics/outlook.ics');
  assert.match(imported.stdout, new RegExp(`^Created ${created}, updated 0, skipped \\d+\\.`));
  // Progress on stderr (a pipe here: a line per phase and tenth, polled), ending with the count.
  const progress = imported.stderr.trim().split('\n');
  for (const line of progress)
    assert.match(
      line,
      /^(Waiting for another import to finish…|Starting…|Reading… \d+%|Writing… [\d,]+ of [\d,]+ file entries \(\d+%\)|Finishing…|Done: [\d,]+ of [\d,]+ file entries\.)$/,
    );
  assert.match(progress.at(-1)!, /^Done: (\d+) of \1 file entries\.$/);
  const after = await server.admin('GET', 'events', { query: { start_date: '2000-01-01', end_date: '2100-01-01' } });
  assert.equal(after.body.total, created);

  const again = await almanac('import', 'test/fixtures/ics/outlook.ics');
  assert.match(again.stdout, new RegExp(`^Created 0, updated ${created},`));
});

test('export writes the calendar to stdout; filters are /events parameters; a bad one says why', async () => {
  const { stdout } = await almanac('export');
  const events = new ICAL.Component(ICAL.parse(stdout)).getAllSubcomponents('vevent');
  const total = (await server.admin('GET', 'events', { query: { start_date: '2000-01-01', end_date: '2100-01-01' } }))
    .body.total;
  // A series is one VEVENT with its rule (its exceptions, RECURRENCE-ID, stand for some of its
  // occurrences): expanded by ical.js, the file holds every event.
  let occurrences = 0;
  for (const vevent of events) {
    if (vevent.hasProperty('recurrence-id')) continue;
    const iterator = new ICAL.Event(vevent).iterator();
    while (iterator.next() && occurrences < 10_000) occurrences++;
  }
  assert.ok(
    events.some((vevent) => vevent.hasProperty('rrule')),
    "the Outlook file's weekly meeting is a series",
  );
  assert.equal(occurrences, total);

  const csv = await almanac('export', '--format', 'csv', '--filter', 'search=no such words anywhere');
  assert.equal(csv.stdout.trim().split('\r\n').length, 1, 'the heading row only');

  await assert.rejects(
    almanac('export', '--filter', 'start_date=someday'),
    (error: { stderr: string; code: number }) => {
      assert.equal(error.code, 1);
      assert.match(error.stderr, /start_date is not a valid date/);
      return true;
    },
  );
});

test('a file that is not iCalendar names its line (once) and writes nothing', async () => {
  const file = join(server.dataDir, 'broken.ics');
  writeFileSync(file, 'Subject,Start Date\r\nParty,2027-01-01\r\n');
  const before = (await server.admin('GET', 'events', { query: { start_date: '2000-01-01', end_date: '2100-01-01' } }))
    .body.total;
  await assert.rejects(almanac('import', file), (error: { stderr: string; code: number }) => {
    assert.equal(error.code, 1);
    assert.match(error.stderr, /broken\.ics, line 1: The file does not start with BEGIN:VCALENDAR/);
    return true;
  });
  const after = (await server.admin('GET', 'events', { query: { start_date: '2000-01-01', end_date: '2100-01-01' } }))
    .body.total;
  assert.equal(after, before);
});

test('a file with one broken event imports the rest and prints the line it skipped', async () => {
  const file = join(server.dataDir, 'one-bad.ics');
  writeFileSync(
    file,
    'BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:x\r\nDTSTART:20271301T000000Z\r\nEND:VEVENT\r\nBEGIN:VEVENT\r\nUID:cli-ok\r\nSUMMARY:Kept\r\nDTSTART:20271201T000000Z\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n',
  );
  const { stdout } = await almanac('import', '--dry-run', file);
  assert.match(stdout, /Would create 1, update 0, skipped 1\./);
  assert.match(stdout, /^Line 4: skipped: DTSTART value "20271301T000000Z" is not a valid date\.$/m);
});
