// A calendar from before the search index (migration 0019) gets it after start-up, in steps: the
// searches answer the same meanwhile (they scan), a stop halfway loses nothing, and the next start
// goes on from where the last one stopped.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadMigrations, migrate } from '../../server/db/migrate.ts';
import { openStore } from '../../server/db/store.ts';
import { searchBackfillOf } from '../../server/db/repositories/search-index-writes.ts';
import { buildSearchIndex, scheduleSearchIndexBuild } from '../../server/operations/search-index-upkeep.ts';
import type { EventListFilter } from '../../server/db/repositories/event-list.ts';

const EVENTS = 300;

/** A database at migration 0018 with events, venues and Spanish titles, as an older Almanac left it. */
function olderCalendar(file: string): void {
  const db = new Database(file);
  migrate(
    db,
    loadMigrations().filter((m) => m.version < 19),
  );
  db.prepare(
    "INSERT INTO sites (id, code, title, timezone, created_utc) VALUES (1, 'default', 'Old', 'UTC', '2030-01-01')",
  ).run();
  const post = db.prepare(
    `INSERT INTO posts (site_id, id, type, status, title, content, excerpt, date_local, date_utc, modified_local, modified_utc, start_utc, end_utc, city)
     VALUES (1, ?, ?, 'publish', ?, ?, '', '2030-01-01 00:00:00', '2030-01-01 00:00:00', '2030-01-01 00:00:00', '2030-01-01 00:00:00', ?, ?, ?)`,
  );
  const translation = db.prepare(
    "INSERT INTO translations (site_id, kind, object_id, language, field, value) VALUES (1, 'post', ?, 'es', 'title', ?)",
  );
  db.transaction(() => {
    for (let id = 1; id <= EVENTS; id++) {
      const start = `2031-01-${String(1 + (id % 28)).padStart(2, '0')} 10:00:00`;
      const type = id % 10 === 0 ? 'venue' : 'event';
      post.run(id, type, `${id % 3 ? 'Jazz' : 'Café'} night ${id}`, `<p>Ünïcode ${id % 7}</p>`, start, start, 'Zürich');
      if (id % 5 === 0) translation.run(id, `Noche número ${id}`);
    }
  })();
  db.close();
}

const filter = (search: string): EventListFilter => ({
  siteId: 1,
  statuses: ['publish'],
  dates: [],
  termGroups: [],
  orderBy: 'start',
  limit: 1000,
  offset: 0,
  search,
  searchLanguage: 'es',
});
const SEARCHES = ['jazz', 'cafe night', 'unicode 3', 'numero 15', 'noche -jazz', 'zu'];

test('the backfill builds the index in steps, resumes after a stop, and searches answer the same throughout', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'almanac-backfill-'));
  try {
    const file = join(dir, 'almanac.db');
    olderCalendar(file);
    let store = openStore(file);
    const backfill = searchBackfillOf(store.db);
    assert.equal(backfill.state().phase, 'posts', 'an older calendar starts without its index');
    const answers = SEARCHES.map((search) => store.eventList.page(filter(search)));
    assert.ok(answers[0]!.total > 0);
    // A write before the backfill reaches the row: the trigger indexes it, the backfill skips it.
    store.writing(() =>
      store.db.prepare("UPDATE posts SET title = 'Jazz night renamed' WHERE site_id = 1 AND id = 2").run(),
    );
    const renamed = store.eventList.page(filter('renamed'));
    assert.deepEqual(
      renamed.rows.map((row) => row.id),
      [2],
    );
    // A few steps, then a stop (the process quits): the cursor is in the database.
    backfill.countIfNeeded();
    store.writing(() => backfill.step(40));
    store.writing(() => backfill.step(40));
    const halfway = backfill.state();
    assert.equal(halfway.phase, 'posts');
    assert.equal(halfway.done, 80);
    assert.equal(halfway.total, EVENTS + EVENTS / 5);
    store.close();

    store = openStore(file);
    assert.deepEqual(searchBackfillOf(store.db).state(), halfway, 'the next start goes on from the cursor');
    for (const [index, search] of SEARCHES.entries()) {
      const page = store.eventList.page(filter(search));
      assert.deepEqual(
        page.rows.map((row) => row.id),
        answers[index]!.rows.map((row) => row.id),
        search,
      );
    }
    await buildSearchIndex(store, () => false);
    assert.equal(searchBackfillOf(store.db).state().phase, 'done');
    // The index is complete: searches use it (no row test for a long term) and answer the same.
    const plan = store.eventList.explain({ ...filter('jazz'), searchLanguage: undefined }).page.join('\n');
    assert.match(plan, /json_each/, plan);
    for (const [index, search] of SEARCHES.entries()) {
      const page = store.eventList.page(filter(search));
      assert.deepEqual(
        page.rows.map((row) => row.id),
        answers[index]!.rows.map((row) => row.id),
        search,
      );
      assert.equal(page.total, answers[index]!.total, search);
    }
    // Every indexed post is in the index exactly once (a skipped or repeated row would show here).
    const indexed = store.db.prepare('SELECT count(*) FROM search_posts').pluck().get();
    const posts = store.db
      .prepare("SELECT count(*) FROM posts WHERE type IN ('event', 'venue', 'organizer')")
      .pluck()
      .get();
    assert.equal(indexed, posts);
    store.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("the service's upkeep folds what writes queued into the index within moments", async () => {
  const dir = mkdtempSync(join(tmpdir(), 'almanac-fold-'));
  const store = openStore(join(dir, 'almanac.db'));
  const stop = scheduleSearchIndexBuild(store, () => {});
  try {
    store.db
      .prepare(
        "INSERT INTO sites (id, code, title, timezone, created_utc) VALUES (1, 'default', 'New', 'UTC', '2030-01-01')",
      )
      .run();
    store.writing(() => {
      for (let id = 1; id <= 50; id++)
        store.db
          .prepare(
            `INSERT INTO posts (site_id, id, type, status, title, date_local, date_utc, modified_local, modified_utc, start_utc, end_utc)
             VALUES (1, ?, 'event', 'publish', ?, '2030-01-01', '2030-01-01', '2030-01-01', '2030-01-01', '2031-01-01 10:00:00', '2031-01-01 11:00:00')`,
          )
          .run(id, `Fold me ${id}`);
    });
    const writes = searchBackfillOf(store.db);
    assert.equal(writes.queued(), 50);
    // A bound against hanging, not a speed: the upkeep looks every second.
    for (let waited = 0; writes.queued() > 0 && waited < 30_000; waited += 100)
      await new Promise((r) => setTimeout(r, 100));
    assert.equal(writes.queued(), 0);
    assert.equal(
      store.db.prepare('SELECT count(*) FROM search_posts WHERE search_posts MATCH \'"fold me"\'').pluck().get(),
      50,
    );
  } finally {
    stop();
    store.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
