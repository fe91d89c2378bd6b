// Issue 31: many events of one title were quadratic in slug generation — each new "Meetup" read
// every "meetup-N" slug there was (3,000 events 5.7 s, 20,000 took 478 s). Within one transaction
// the posts repository now reads a base's numbered slugs once and keeps them up to date as it
// inserts. Counted in slug rows read, never in time.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDataDir } from '../../server/data-dir.ts';
import type { Store } from '../../server/db/store.ts';
import { administratorContext } from '../../server/operations/context.ts';
import { runImport } from '../../server/calendar-files/import-plan.ts';
import type { ImportedEvent } from '../../server/calendar-files/imported-event.ts';

let dir: string;
let store: Store;

before(() => {
  dir = mkdtempSync(join(tmpdir(), 'almanac-slugs-'));
  store = openDataDir(dir, { timezone: 'Europe/Berlin' }); // with its install administrator
});
after(() => {
  store.close();
  rmSync(dir, { recursive: true, force: true });
});

function meetups(count: number, from = 0): ImportedEvent[] {
  return Array.from({ length: count }, (_, i) => ({
    uid: `meetup-${from + i}@example.org`,
    line: i + 1,
    title: 'Meetup',
    description: '',
    start: `2027-01-01 ${String(10 + (i % 10)).padStart(2, '0')}:00:00`,
    end: `2027-01-01 ${String(10 + (i % 10)).padStart(2, '0')}:30:00`,
    timezone: 'Europe/Berlin',
    allDay: false,
    organizers: [],
    categories: [],
    tags: [],
  }));
}

function importEvents(events: ImportedEvent[]) {
  const ctx = administratorContext(store);
  return store.writing(() =>
    runImport(ctx, { events, skipped: [], warnings: [], series: [] }, { dryRun: false, calendarKey: 'test' }),
  );
}

const slugs = () =>
  (store.db.prepare("SELECT slug FROM posts WHERE type = 'event' ORDER BY id").pluck().all() as string[]).sort();

test('an import of 400 events of one title reads each numbered slug about once, not 400²/2 times', () => {
  const count = 400;
  const before = store.posts.stats.slugRowsRead;
  const summary = importEvents(meetups(count));
  assert.equal(summary.created, count);
  const read = store.posts.stats.slugRowsRead - before;
  // Quadratic was 0 + 1 + … + 398 ≈ 79,000 rows; now one range read of the base (empty here).
  assert.ok(read <= count, `slug rows read: ${read}`);
  const expected = ['meetup', ...Array.from({ length: count - 1 }, (_, i) => `meetup-${i + 2}`)].sort();
  assert.deepEqual(slugs(), expected);
});

test('a later import reads the numbered slugs once, and a freed number is taken again first', () => {
  // A slug freed (as by a delete) is the first one WordPress gives again: the gap is filled.
  const freed = store.posts.bySlug(store.sites.byCode('default')!.id, 'event', 'meetup-7')!;
  store.writing(() => store.posts.update(freed.site_id, freed.id, { slug: 'renamed' }));
  const before = store.posts.stats.slugRowsRead;
  importEvents(meetups(50, 1000));
  const read = store.posts.stats.slugRowsRead - before;
  assert.ok(read <= 400 + 50, `slug rows read: ${read}`);
  const all = new Set(slugs());
  assert.ok(all.has('meetup-7'), 'the freed number is used again');
  assert.ok(all.has('meetup-449') && !all.has('meetup-450'), 'then the numbers after the last');
});
