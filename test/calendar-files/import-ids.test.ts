// An import counts its new posts' ids in memory and writes the site's sequence once at its end
// (sites.withPostIdsInMemory): the ids must be the ones the sequence would have handed out one by
// one, the sequence must go on after them (a later write never reuses one), and an import that
// fails leaves the sequence as it was.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, type TestServer } from '../support/server.ts';
import { readCalendarFile } from '../../server/calendar-files/read-calendar-file.ts';
import { runFileImport } from '../../server/calendar-files/run-import.ts';
import { administratorContext } from '../../server/operations/context.ts';

let server: TestServer;
before(async () => {
  server = await startServer({ timezone: 'Europe/Berlin' });
});
after(() => server.close());

const FILE = [
  'BEGIN:VCALENDAR',
  'VERSION:2.0',
  'PRODID:-//Almanac tests//EN',
  ...[1, 2, 3].flatMap((i) => [
    'BEGIN:VEVENT',
    `UID:ids-${i}@example.org`,
    `DTSTART:2027010${i}T090000Z`,
    'DURATION:PT1H',
    `SUMMARY:Ids ${i}`,
    `LOCATION:Hall ${i}`,
    'END:VEVENT',
  ]),
  'BEGIN:VEVENT',
  'UID:ids-weekly@example.org',
  'DTSTART:20270104T090000Z',
  'DURATION:PT1H',
  'RRULE:FREQ=WEEKLY;COUNT=3',
  'SUMMARY:Ids weekly',
  'END:VEVENT',
  'END:VCALENDAR',
  '',
].join('\r\n');

const sequence = (siteId: number) =>
  server.store.db.prepare('SELECT next_post_id FROM sites WHERE id = ?').pluck().get(siteId) as number;

const context = () => administratorContext(server.store);

async function* chunks(text: string): AsyncGenerator<string> {
  yield text;
}

test("an import's new posts take the next ids in turn, and the sequence goes on after them", async () => {
  const ctx = context();
  const first = sequence(ctx.site.id);
  const read = await readCalendarFile('ics', chunks(FILE), { siteTimezone: 'Europe/Berlin' });
  const summary = server.store.writing(() => runFileImport(ctx, read, { dryRun: false, calendarKey: 'ids-test' }));
  assert.equal(summary.created, 6); // 3 events and a series of 3
  const ids = server.store.db
    .prepare('SELECT id FROM posts WHERE site_id = ? AND id >= ? ORDER BY id')
    .pluck()
    .all(ctx.site.id, first) as number[];
  // 3 events, 3 venues, 3 occurrences: every id of the sequence, none skipped.
  assert.deepEqual(
    ids,
    Array.from({ length: 9 }, (_, i) => first + i),
  );
  assert.equal(sequence(ctx.site.id), first + 9);
  const created = await server.admin('POST', 'events', {
    json: { title: 'After the import', start_date: '2027-02-01 10:00:00', end_date: '2027-02-01 11:00:00' },
  });
  assert.equal(created.status, 201, created.text);
  assert.equal(created.body.id, first + 9);
});

test('an import that fails leaves the sequence as it was; ids taken in a savepoint that rolled back are not reused', () => {
  const { sites, db } = server.store;
  const siteId = context().site.id;
  const before = sequence(siteId);
  assert.throws(() =>
    server.store.writing(() =>
      sites.withPostIdsInMemory(siteId, () => {
        assert.equal(sites.nextPostId(siteId), before);
        assert.equal(sites.nextPostIds(siteId, 5), before + 1);
        throw new Error('the import failed');
      }),
    ),
  );
  assert.equal(sequence(siteId), before);
  server.store.writing(() =>
    sites.withPostIdsInMemory(siteId, () => {
      assert.throws(() =>
        db.transaction(() => {
          assert.equal(sites.nextPostId(siteId), before);
          throw new Error('a series refused');
        })(),
      );
      assert.equal(sites.nextPostId(siteId), before + 1);
    }),
  );
  assert.equal(sequence(siteId), before + 2);
  assert.equal(sites.nextPostId(siteId), before + 2, 'outside, the sequence counts in the row again');
  assert.throws(() => sites.withPostIdsInMemory(siteId, () => 0), /needs a transaction/);
});
